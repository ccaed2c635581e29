// "Review" after a game: starts the background review, shows its progress (and cancels it),
// draws the eval graph, gives each side's inaccuracies, mistakes and blunders, and tells the
// move list which moves to mark.
import type { EngineScore, GameState, Side } from '../api';
import type { MoveMark } from '../gamePanels';
import { renderEvalGraph } from './evalGraph';
import { reviewGame } from './gameReview';
import { judgeGame, MARKS, type Judgement, type SideSummary } from './moveJudgement';

export interface ReviewElements {
  root: HTMLElement;
  start: HTMLButtonElement;
  cancel: HTMLButtonElement;
  // Where the engine runs (enginePlace.ts), shown while there is something to review.
  place: HTMLElement;
  progress: HTMLProgressElement;
  progressText: HTMLElement;
  graph: HTMLElement;
  summary: HTMLElement;
}

interface Review {
  // Which game and how many moves of it were reviewed.
  gameId: number;
  moves: number;
  scores: EngineScore[];
  judgements: (Judgement | null)[];
  summary: Record<Side, SideSummary>;
  complete: boolean;
}

export class ReviewPanel {
  private review: Review | null = null;
  private running: AbortController | null = null;
  private game: GameState | null = null;
  // What the graph drawn shows: the page renders on every change of the game (presence,
  // clocks), and a graph rebuilt each time would replace the point a click is aimed at.
  private drawnGraph: string | null = null;

  constructor(
    private readonly elements: ReviewElements,
    private readonly onSelect: (ply: number) => void,
    // The review changed: the page redraws its move list (marks) and the panel.
    private readonly onChange: () => void,
    private readonly onError: (error: unknown) => void,
  ) {
    elements.start.addEventListener('click', () => void this.start());
    elements.cancel.addEventListener('click', () => this.cancel());
  }

  // The mark of a move of the game shown, once the review judged it.
  markOf(ply: number): MoveMark | null {
    const judgement = this.current()?.judgements[ply];
    return judgement ? MARKS[judgement] : null;
  }

  // Shows the panel for this game (a review only for a finished game with moves).
  render(game: GameState | null, selected: number | null): void {
    if (this.game && game?.id !== this.game.id) this.cancel();
    this.game = game;
    const e = this.elements;
    const reviewable = !!game && game.result !== null && game.history.length > 0;
    e.root.hidden = !reviewable;
    if (!reviewable) return;
    const review = this.current();
    const running = this.running !== null;
    e.start.hidden = running || (review?.complete ?? false);
    e.start.textContent = review ? 'Resume review' : 'Review';
    e.cancel.hidden = !running;
    e.place.hidden = review?.complete ?? false;
    e.progress.hidden = !running;
    e.progressText.hidden = !running;
    if (review) {
      const total = game.history.length + 1;
      e.progress.max = total;
      e.progress.value = review.scores.length;
      e.progressText.textContent = `Reviewing: ${review.scores.length} of ${total} positions`;
      const drawn = [game.id, game.history.length, review.scores.length, review.complete, selected].join(':');
      if (drawn !== this.drawnGraph || e.graph.childElementCount === 0) {
        renderEvalGraph(
          e.graph,
          { scores: review.scores, judgements: review.judgements, moves: game.history.length, selected },
          this.onSelect,
        );
        this.drawnGraph = drawn;
      }
      e.summary.replaceChildren(...(review.complete ? (['w', 'b'] as Side[]).map((side) => summaryLine(side, review.summary[side])) : []));
    } else {
      e.graph.replaceChildren();
      this.drawnGraph = null;
      e.summary.replaceChildren();
    }
  }

  private current(): Review | null {
    const game = this.game;
    if (!game) return null;
    const review = this.review?.gameId === game.id ? this.review : this.stored(game);
    if (!review || review.gameId !== game.id || review.moves !== game.history.length) return null;
    this.review = review;
    return review;
  }

  // A finished review of this game kept in the browser (a reload does not lose it).
  private stored(game: GameState): Review | null {
    try {
      const text = localStorage.getItem(`${STORAGE_PREFIX}${game.id}`);
      const saved = text ? (JSON.parse(text) as { moves: number; scores: EngineScore[] }) : null;
      if (!saved || saved.moves !== game.history.length || saved.scores.length !== saved.moves + 1) return null;
      const { judgements, summary } = judgeGame(saved.scores, firstMoverOf(game));
      return { gameId: game.id, moves: saved.moves, scores: saved.scores, judgements, summary, complete: true };
    } catch {
      return null;
    }
  }

  private store(review: Review): void {
    try {
      localStorage.setItem(`${STORAGE_PREFIX}${review.gameId}`, JSON.stringify({ moves: review.moves, scores: review.scores }));
    } catch {
      // without storage the review lasts as long as the page
    }
  }

  private async start(): Promise<void> {
    const game = this.game;
    if (!game || this.running) return;
    const running = new AbortController();
    this.running = running;
    const firstMover = firstMoverOf(game);
    const update = (scores: EngineScore[], complete: boolean) => {
      const { judgements, summary } = judgeGame(scores, firstMover);
      this.review = { gameId: game.id, moves: game.history.length, scores: [...scores], judgements, summary, complete };
      if (this.game?.id === game.id) this.onChange();
    };
    try {
      const scores = await reviewGame(game, (_progress, scores) => update(scores, false), running.signal);
      this.running = null;
      update(scores, true);
      if (this.review) this.store(this.review);
    } catch (error) {
      this.running = null;
      if (!(error instanceof DOMException && error.name === 'AbortError')) this.onError(error);
      this.onChange();
    }
  }

  cancel(): void {
    if (!this.running) return;
    this.running.abort();
    this.running = null;
    // A cancelled review starts again from the start.
    this.review = null;
    this.onChange();
  }
}

const STORAGE_PREFIX = 'evochess.review.';

const firstMoverOf = (game: GameState): Side => (game.start_fen.split(' ')[1] === 'b' ? 'b' : 'w');

function summaryLine(side: Side, summary: SideSummary): HTMLElement {
  const line = document.createElement('p');
  line.className = 'review-summary-line';
  line.dataset.side = side;
  const name = document.createElement('strong');
  name.textContent = side === 'w' ? 'White' : 'Black';
  const counts = (['inaccuracy', 'mistake', 'blunder'] as Judgement[]).map((judgement) => {
    const count = summary[judgement];
    const plural = judgement === 'inaccuracy' ? 'inaccuracies' : `${judgement}s`;
    return `${count} ${count === 1 ? judgement : plural}`;
  });
  line.append(name, `: ${counts.join(', ')} · average centipawn loss ${summary.averageLoss}`);
  return line;
}
