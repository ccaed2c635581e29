// The engine's evaluation bar and principal variation while it thinks.
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

  constructor(
    private readonly bar: HTMLElement,
    private readonly line: HTMLElement,
  ) {}

  clear(message = ''): void {
    this.line.textContent = message;
  }

  // Back to an even bar: a new game, no evaluation yet.
  reset(): void {
    this.clear();
    this.scored = false;
    this.bar.style.setProperty('--white-share', '50%');
    this.bar.title = 'engine evaluation';
  }

  show(progress: SearchProgress): void {
    this.scored = true;
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
