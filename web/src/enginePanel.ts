// The engine's evaluation bar and principal variation while it thinks. During a game against
// the engine both stay hidden (as on lichess) and show once the game is over.
import type { EngineScore, SearchProgress } from './api';

// White's share of the bar, 0..1, from a score in White's point of view.
export function whiteShare(score: EngineScore): number {
  if ('mate' in score) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-0.004 * score.cp));
}

export function formatScore(score: EngineScore): string {
  if ('mate' in score) return `${score.mate > 0 ? '' : '-'}M${Math.abs(score.mate)}`;
  const pawns = score.cp / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

export class EnginePanel {
  // Whether this game has an evaluation to show yet.
  scored = false;
  // The search shown belongs to a position: the one searched and the one after the engine's
  // move. Elsewhere (after Undo, at an earlier ply) the line and bar show nothing.
  private searchedFen: string | null = null;
  private answeredFen: string | null = null;
  private progress: SearchProgress | null = null;
  private message = '';
  private concealed = false;

  constructor(
    private readonly bar: HTMLElement,
    private readonly line: HTMLElement,
  ) {}

  clear(message = ''): void {
    this.message = message;
    this.progress = null;
    this.searchedFen = null;
    this.answeredFen = null;
    this.line.textContent = message;
    this.even();
  }

  // A search of this position begins.
  begin(fen: string, message: string): void {
    this.clear(message);
    this.searchedFen = fen;
  }

  // The engine has moved to this position: its search still speaks for it.
  answered(fen: string): void {
    this.answeredFen = fen;
  }

  // Back to an even bar: a new game, no evaluation yet.
  reset(): void {
    this.clear();
    this.scored = false;
  }

  show(progress: SearchProgress): void {
    this.scored = true;
    this.progress = progress;
    if (!this.concealed) this.draw(progress);
  }

  // Hides the score and line (a game against the engine in progress) or shows them again.
  conceal(concealed: boolean): void {
    this.concealed = concealed;
  }

  // The line and bar for the position shown: the search's own when it is about it, else none.
  showFor(fen: string): void {
    if (this.searchedFen === null) return;
    const current = fen === this.searchedFen || fen === this.answeredFen;
    if (current && this.progress && !this.concealed) this.draw(this.progress);
    else if (current && this.concealed) {
      // "engine thinking…" until it has moved; its score and line wait for the game's end.
      this.line.textContent = this.answeredFen === null ? this.message : '';
      this.even();
    } else if (current) this.line.textContent = this.message;
    else {
      this.line.textContent = '';
      this.even();
    }
  }

  private even(): void {
    this.bar.style.setProperty('--white-share', '50%');
    this.bar.title = 'engine evaluation';
  }

  private draw(progress: SearchProgress): void {
    const share = whiteShare(progress.score);
    this.bar.style.setProperty('--white-share', `${(share * 100).toFixed(1)}%`);
    this.bar.title = formatScore(progress.score);
    this.line.replaceChildren();
    const summary = document.createElement('span');
    summary.className = 'engine-summary';
    const speed = progress.nps >= 1000 ? `${Math.round(progress.nps / 1000)} kn/s` : `${progress.nps} n/s`;
    summary.textContent = `${formatScore(progress.score)} · depth ${progress.depth} · ${speed}`;
    const pv = document.createElement('span');
    pv.className = 'engine-pv';
    pv.textContent = progress.pv.map((move) => move.san).join(' ');
    this.line.append(summary, pv);
  }
}
