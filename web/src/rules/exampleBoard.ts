// One interactive example of a rules page: a small board set up from a FEN, on which the
// player makes the moves. Every move is judged by the rules: the example's position (its FEN
// and the moves made) comes from the WebAssembly rules in the browser, or from POST
// /api/position where they cannot answer (positionRules.ts), so no game is stored.
import type { Key } from 'chessgroundx/types';
import { ApiError, type PositionState } from '../api';
import { GameBoard } from '../board';
import { indexLegalMoves, parseMove, unitsOfFen, type LegalMoveIndex, type ParsedMove } from '../moves';
import { describeError } from '../notices';
import { positionState } from '../positionRules';
import { pickPromotion } from '../promotionPicker';
import type { RuleExample } from './pageParts';

export class ExampleBoard {
  private readonly element: HTMLElement;
  private readonly message: HTMLElement;
  private board: GameBoard | null = null;
  private game: PositionState | null = null;
  private moves: string[] = [];
  private legal: LegalMoveIndex = indexLegalMoves([]);
  private step = 0;
  private finished = false;
  private busy = false;
  // Counts restarts and disposals: an answer for an earlier one is not shown.
  private generation = 0;

  constructor(private readonly example: RuleExample) {
    this.element = document.createElement('figure');
    this.element.className = 'rule-example';
    this.element.dataset.example = example.id;
    const title = document.createElement('h3');
    title.textContent = example.title;
    const text = document.createElement('p');
    text.textContent = example.text;
    const boardElement = document.createElement('div');
    boardElement.className = 'board blue example-board';
    this.message = document.createElement('p');
    this.message.className = 'example-message';
    this.message.setAttribute('aria-live', 'polite');
    const reset = document.createElement('button');
    reset.type = 'button';
    reset.className = 'secondary example-reset';
    reset.textContent = 'Start again';
    reset.addEventListener('click', () => void this.restart());
    const caption = document.createElement('figcaption');
    caption.append(title, text);
    this.element.append(caption, boardElement, this.message, reset);
  }

  get root(): HTMLElement {
    return this.element;
  }

  // Call once the element is in the page (the board measures itself).
  async start(): Promise<void> {
    const boardElement = this.element.querySelector<HTMLElement>('.example-board')!;
    // The example's position from the start: the rules in the browser answer at once, before
    // the page has laid the board out, and its pieces are not to fly in.
    this.board = new GameBoard(boardElement, (from, to) => void this.onMove(from, to), undefined, this.example.fen);
    await this.restart();
  }

  dispose(): void {
    this.generation += 1;
    this.game = null;
  }

  private async restart(): Promise<void> {
    this.dispose();
    const generation = this.generation;
    this.step = 0;
    this.finished = false;
    this.moves = [];
    try {
      const start = await positionState({ variant: this.example.variant, fen: this.example.fen });
      if (generation !== this.generation) return;
      this.showState(start);
      this.say(this.example.steps[0].hint, 'todo');
    } catch (error) {
      this.say(`The example could not be set up: ${describeError(error)}`, 'error');
    }
  }

  private showState(state: PositionState): void {
    this.game = state;
    this.legal = indexLegalMoves(state.legal);
    const last = state.history[state.history.length - 1];
    const lastMove = last ? parseMove(last) : null;
    this.board?.show({
      fen: state.fen,
      turn: state.turn,
      check: state.check,
      lastMove: lastMove ? [lastMove.from, lastMove.to] : null,
      dests: this.finished || state.result ? null : this.legal.dests,
    });
  }

  private say(text: string, state: 'todo' | 'done' | 'off' | 'error'): void {
    this.message.textContent = text;
    this.message.dataset.state = state;
  }

  private async onMove(from: Key, to: Key): Promise<void> {
    const game = this.game;
    if (!game || this.busy) return;
    const choices = this.legal.choices(from, to);
    let chosen: ParsedMove | null = choices[0] ?? null;
    if (choices.length > 1) {
      chosen = await pickPromotion(document.getElementById('promotion-dialog') as HTMLDialogElement, choices, {
        mover: game.turn,
        units: unitsOfFen(game.fen),
        highlight: (shapes) => this.board?.highlight(shapes),
        variant: game.variant,
        placeOf: (square) => this.board?.placeOf(square) ?? null,
      });
    }
    if (!chosen) return this.showState(game);
    this.busy = true;
    const generation = this.generation;
    try {
      const moves = [...this.moves, chosen.uci];
      const next = await positionState({ variant: this.example.variant, fen: this.example.fen, moves });
      if (generation !== this.generation) return;
      this.moves = moves;
      const step = this.example.steps[this.step];
      const asked = chosen.uci === step.uci || (step.accept?.test(chosen.uci) ?? false);
      if (!asked) {
        this.finished = true;
        this.say(`${chosen.san} is legal, but this example asks for something else: ${step.hint} Press "Start again".`, 'off');
      } else if (this.step + 1 < this.example.steps.length) {
        this.step += 1;
        this.say(`${chosen.san}. ${this.example.steps[this.step].hint}`, 'todo');
      } else {
        this.finished = true;
        this.say(`${chosen.san}: ${this.example.done}`, 'done');
      }
      this.showState(next);
    } catch (error) {
      this.say(error instanceof ApiError ? `The rules do not allow that here: ${error.message}` : describeError(error), 'error');
      this.showState(game);
    } finally {
      this.busy = false;
    }
  }
}
