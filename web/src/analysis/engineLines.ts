// The engine's best lines for the analysis board: asked for one position at a time (a new
// position stops the search of the old one), shown as text (score and SAN), as arrows for
// their first moves (the best one the widest) and on the eval bar. The engine runs in the
// browser or on the server (enginePlace.ts).
import type { DrawShape } from 'chessgroundx/draw';
import type { Key } from 'chessgroundx/types';
import type { AnalysisLine, PositionRequest } from '../api';
import { formatScore, whiteShare } from '../enginePanel';
import { engineLines } from '../enginePlace';

export const ANALYSIS_LINES = 3;
const ANALYSIS_MOVETIME_MS = 4000;

// The moves of a line offered as buttons (the rest of a long line is not worth a click).
const PLAYABLE_MOVES = 12;
const ARROW_WIDTHS = [15, 10, 7];
const ARROW_BRUSHES = ['blue', 'paleBlue', 'paleBlue'];

export function arrowsOf(lines: AnalysisLine[]): DrawShape[] {
  return [...lines]
    .sort((a, b) => a.multipv - b.multipv)
    .flatMap((line, index) => {
      const first = line.pv[0]?.uci;
      if (!first || !/^[a-h][1-8][a-h][1-8]/.test(first)) return [];
      return [
        {
          orig: first.slice(0, 2) as Key,
          dest: first.slice(2, 4) as Key,
          brush: ARROW_BRUSHES[index] ?? 'paleBlue',
          modifiers: { lineWidth: ARROW_WIDTHS[index] ?? 6 },
        },
      ];
    });
}

export class EngineLines {
  private lines = new Map<number, AnalysisLine>();
  private search: AbortController | null = null;
  private enabled = true;

  constructor(
    private readonly list: HTMLOListElement,
    private readonly summary: HTMLElement,
    private readonly bar: HTMLElement,
    private readonly onArrows: (arrows: DrawShape[]) => void,
    private readonly onError: (error: unknown) => void,
    // A click on a move of a line: its moves up to that one, to play on the board.
    private readonly onPlay: (moves: string[]) => void,
  ) {}

  get on(): boolean {
    return this.enabled;
  }

  get current(): AnalysisLine[] {
    return [...this.lines.values()].sort((a, b) => a.multipv - b.multipv);
  }

  // Switches the engine on or off; the board asks for the position again when it is on.
  setEnabled(on: boolean): void {
    this.enabled = on;
    this.stop();
    this.render();
  }

  // Analyses this position (when the engine is on), dropping what was shown for the last.
  analyse(position: PositionRequest, over = false): void {
    this.stop();
    this.lines.clear();
    this.render(over ? 'The game is over in this position.' : undefined);
    if (!this.enabled || over) return;
    const search = new AbortController();
    this.search = search;
    this.summary.textContent = 'Engine thinking…';
    engineLines(
      { ...position, multipv: ANALYSIS_LINES, movetime_ms: ANALYSIS_MOVETIME_MS },
      (line) => {
        if (search.signal.aborted) return;
        this.lines.set(line.multipv, line);
        this.render();
      },
      search.signal,
    )
      .then((final) => {
        if (search.signal.aborted) return;
        if (final.length) this.lines = new Map(final.map((line) => [line.multipv, line]));
        this.search = null;
        this.render();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) this.onError(error);
      });
  }

  stop(): void {
    this.search?.abort();
    this.search = null;
  }

  private render(message?: string): void {
    const lines = this.enabled ? this.current : [];
    this.onArrows(arrowsOf(lines));
    this.list.replaceChildren();
    for (const line of lines) {
      const item = document.createElement('li');
      item.className = 'analysis-line';
      item.dataset.multipv = String(line.multipv);
      const score = document.createElement('span');
      score.className = 'analysis-score';
      score.textContent = formatScore(line.score);
      const moves = document.createElement('span');
      moves.className = 'analysis-moves';
      // Each move of the line plays the line up to it on the board.
      line.pv.slice(0, PLAYABLE_MOVES).forEach((move, index) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pv-move';
        button.textContent = move.san;
        button.title = `Play the line up to ${move.san}`;
        button.addEventListener('click', () => this.onPlay(line.pv.slice(0, index + 1).map((m) => m.uci)));
        moves.append(button);
      });
      item.append(score, moves);
      this.list.append(item);
    }
    const best = lines[0];
    if (!this.enabled) this.summary.textContent = 'Engine off';
    else if (message) this.summary.textContent = message;
    else if (best) this.summary.textContent = `depth ${best.depth}${this.search ? ' · thinking…' : ''}`;
    if (best) {
      this.bar.style.setProperty('--white-share', `${(whiteShare(best.score) * 100).toFixed(1)}%`);
      this.bar.title = formatScore(best.score);
      this.bar.dataset.score = formatScore(best.score);
    }
  }
}
