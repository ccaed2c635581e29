// The puzzle trainer (`#puzzles=VARIANT`), shown instead of the game while open. The
// opponent's setting move is played on the board, then the player finds the solution move by
// move (by mouse, touch, the board's keys or a typed move); the opponent's replies are played
// for them. A wrong move is shown, then taken back ("Try again") or the solution is played
// ("See solution"). The first result of each puzzle moves the player's puzzle rating: an
// account's on the server, a visitor's in this browser (the server computes it either way).
import './puzzles.css';
import type { Key } from 'chessgroundx/types';
import { api, ApiError, request, type PositionState, type ServerInfo, type Variant } from '../api';
import { analysisHash } from '../analysis/analysisAddress';
import { GameBoard } from '../board';
import { BoardKeyboard } from '../boardKeyboard';
import { indexLegalMoves, parseMove, unitsOfFen, type LegalMoveIndex, type ParsedMove } from '../moves';
import { MoveInput, type TypedMove } from '../moveInput';
import { variantTitle } from '../variantTitles';
import { describeError } from '../notices';
import { BUILT_IN_VARIANTS } from '../players/playersModel';
import { pickPromotion } from '../promotionPicker';
import {
  markSeen,
  puzzlesHash,
  seenPuzzles,
  solverSide,
  storedRating,
  storeRating,
  themeName,
  type AttemptAnswer,
  type Puzzle,
  type PuzzlesAddress,
  type ShownRating,
  type ThemeCounts,
} from './puzzleModel';

// How long the opponent "thinks" before a move is played, so the player sees it come.
const OPPONENT_DELAY_MS = 450;

type Phase = 'loading' | 'opponent' | 'solving' | 'wrong' | 'solved' | 'shown' | 'none';

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] => {
  const made = document.createElement(tag);
  made.className = className;
  if (text) made.textContent = text;
  return made;
};

const button = (className: string, text: string, onClick: () => void): HTMLButtonElement => {
  const made = element('button', className, text);
  made.type = 'button';
  made.addEventListener('click', onClick);
  return made;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PuzzleTrainer {
  private readonly root: HTMLElement;
  private readonly variants: Variant[];
  private readonly title = element('h2', 'puzzle-title');
  private readonly variantSelect = element('select', 'puzzle-variant');
  private readonly themeSelect = element('select', 'puzzle-theme');
  private readonly ratingText = element('p', 'puzzle-rating');
  private readonly status = element('p', 'puzzle-status');
  private readonly info = element('p', 'puzzle-info');
  private readonly actions = element('div', 'puzzle-actions');
  private readonly boardElement = element('div', 'board blue puzzle-board');
  private readonly frame = element('div', 'board-frame puzzle-frame');
  private readonly form = element('form', 'move-input puzzle-move-input');
  private board: GameBoard | null = null;
  private keys: BoardKeyboard | null = null;
  private moveInput: MoveInput | null = null;

  private address: PuzzlesAddress | null = null;
  private puzzle: Puzzle | null = null;
  private position: PositionState | null = null;
  private legal: LegalMoveIndex = indexLegalMoves([]);
  // Moves of the puzzle's line played so far (the setting move is the first).
  private played = 0;
  private phase: Phase = 'none';
  // The first result of this puzzle has been sent (a later success does not count).
  private rated = false;
  private failed = false;
  private loggedIn = false;
  private rating: ShownRating | null = null;
  // Counts puzzles opened and pages left: a late answer for an earlier one is dropped.
  private generation = 0;

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    info: ServerInfo,
  ) {
    this.root = element('main', 'puzzles-view');
    this.root.id = 'puzzles-view';
    this.root.hidden = true;
    hideWhileOpen.after(this.root);
    const known = new Set(info.variants.map((v) => v.name));
    this.variants = BUILT_IN_VARIANTS.filter((v) => known.has(v));
    this.build();
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  async open(address: PuzzlesAddress): Promise<void> {
    const opening = !this.isOpen;
    this.hideWhileOpen.hidden = true;
    this.root.hidden = false;
    if (opening) window.scrollTo(0, 0);
    if (!this.board) {
      this.board = new GameBoard(this.boardElement, (from, to) => void this.onBoardMove(from, to));
      this.keys = new BoardKeyboard(this.frame, this.board);
    }
    // Only the puzzle changed (the address was rewritten to name it): nothing to load.
    if (this.puzzle && address.id === this.puzzle.id && address.variant === this.address?.variant && address.theme === this.address?.theme)
      return;
    const variantChanged = address.variant !== this.address?.variant;
    this.address = address;
    this.variantSelect.value = address.variant;
    this.title.textContent = `Puzzles · ${variantTitle(address.variant)}`;
    if (variantChanged || opening) await Promise.all([this.loadThemes(address.variant), this.loadRating(address.variant)]);
    this.themeSelect.value = address.theme ?? '';
    await this.loadPuzzle(address);
  }

  close(): void {
    if (!this.isOpen) return;
    this.generation += 1;
    this.root.hidden = true;
    this.hideWhileOpen.hidden = false;
    this.puzzle = null;
    this.address = null;
  }

  // ---- the page -----------------------------------------------------------------------

  private build(): void {
    const head = element('div', 'puzzle-head');
    this.variantSelect.setAttribute('aria-label', 'Variant');
    for (const variant of this.variants) this.variantSelect.append(new Option(variantTitle(variant), variant));
    this.variantSelect.addEventListener('change', () => (location.hash = puzzlesHash({ variant: this.variantSelect.value })));
    this.themeSelect.setAttribute('aria-label', 'Theme');
    this.themeSelect.addEventListener('change', () =>
      this.address ? (location.hash = puzzlesHash({ variant: this.address.variant, theme: this.themeSelect.value || null })) : undefined,
    );
    const daily = button('secondary puzzle-daily', 'Daily puzzle', () =>
      this.address ? (location.hash = puzzlesHash({ variant: this.address.variant, daily: true })) : undefined,
    );
    head.append(this.title, this.variantSelect, this.themeSelect, daily);

    this.frame.append(this.boardElement);
    const field = element('input', 'puzzle-move-field');
    field.type = 'text';
    field.id = 'puzzle-move-field';
    field.placeholder = 'e4, Nf3 or e2e4';
    field.spellcheck = false;
    field.autocapitalize = 'off';
    const label = element('label', '', 'Type your move');
    label.htmlFor = field.id;
    const play = element('button', 'secondary', 'Play');
    play.type = 'submit';
    const message = element('p', 'puzzle-move-message');
    message.setAttribute('role', 'alert');
    message.hidden = true;
    this.form.autocomplete = 'off';
    this.form.append(label, field, play, message);
    this.moveInput = new MoveInput(this.form, (move) => this.playTyped(move), message);
    const boardColumn = element('section', 'puzzle-board-column');
    boardColumn.append(this.frame, this.form);

    this.status.setAttribute('aria-live', 'polite');
    const side = element('section', 'puzzle-side');
    side.append(this.ratingText, this.status, this.actions, this.info);
    const layout = element('div', 'puzzle-layout');
    layout.append(boardColumn, side);
    this.root.append(head, layout);
  }

  private async loadThemes(variant: string): Promise<void> {
    this.themeSelect.replaceChildren(new Option('All themes', ''));
    try {
      const counts = await request<ThemeCounts>('GET', `/api/puzzles/themes?variant=${encodeURIComponent(variant)}`);
      const themes = Object.entries(counts.themes).sort(([a], [b]) => themeName(a).localeCompare(themeName(b)));
      for (const [theme, count] of themes) this.themeSelect.append(new Option(`${themeName(theme)} (${count})`, theme));
    } catch {
      // No puzzles of the variant: the puzzle's own message says so.
    }
  }

  private async loadRating(variant: string): Promise<void> {
    try {
      this.rating = await request<ShownRating>('GET', `/api/puzzles/rating?variant=${encodeURIComponent(variant)}`);
      this.loggedIn = true;
    } catch (error) {
      this.loggedIn = false;
      const kept = storedRating(variant);
      this.rating = kept
        ? { rating: Math.round(kept.rating), rd: Math.round(kept.rd), provisional: kept.rd > 110 }
        : { rating: 1500, rd: 350, provisional: true };
      if (!(error instanceof ApiError && error.status === 401)) console.warn(describeError(error));
    }
    this.showRating();
  }

  private showRating(change?: number, triedBefore = false): void {
    if (!this.rating) return;
    const mark = this.rating.provisional ? '?' : '';
    const where = this.loggedIn ? '' : ' (kept in this browser)';
    const delta = change === undefined || change === 0 ? '' : ` ${change > 0 ? '+' : '−'}${Math.abs(change)}`;
    const repeat = triedBefore ? ' (you tried this puzzle before: only the first try counts)' : '';
    this.ratingText.textContent = `Your puzzle rating: ${this.rating.rating}${mark}${delta}${where}${repeat}`;
    this.ratingText.dataset.rating = String(this.rating.rating);
  }

  private setActions(...buttons: HTMLButtonElement[]): void {
    this.actions.replaceChildren(...buttons);
  }

  private say(text: string, state: Phase | 'error'): void {
    this.status.textContent = text;
    this.status.dataset.state = state;
  }

  // ---- a puzzle -------------------------------------------------------------------------

  private async loadPuzzle(address: PuzzlesAddress): Promise<void> {
    const generation = ++this.generation;
    this.phase = 'loading';
    this.say('Loading a puzzle…', 'loading');
    this.setActions();
    let puzzle: Puzzle;
    try {
      puzzle = await this.fetchPuzzle(address);
    } catch (error) {
      if (generation !== this.generation) return;
      this.phase = 'none';
      this.puzzle = null;
      const missing = error instanceof ApiError && error.status === 404;
      this.say(missing ? `No puzzle here: ${error.message}.` : `The puzzle could not be loaded: ${describeError(error)}`, 'error');
      this.info.textContent = '';
      return;
    }
    if (generation !== this.generation) return;
    this.puzzle = puzzle;
    this.played = 0;
    this.rated = false;
    this.failed = false;
    markSeen(puzzle.id);
    // The address names the puzzle, so a reload or a shared link shows the same one.
    const named = puzzlesHash({
      variant: address.variant,
      theme: address.theme,
      id: address.daily ? null : puzzle.id,
      daily: address.daily,
    });
    if (location.hash !== named) history.replaceState(null, '', named);
    this.board!.setOrientation(solverSide(puzzle) === 'w' ? 'white' : 'black');
    const themes = puzzle.themes.map(themeName).join(', ');
    this.info.textContent = `${puzzle.date ? `Daily puzzle of ${puzzle.date} · ` : ''}Puzzle ${puzzle.id} · rated ${puzzle.rating}${themes ? ` · ${themes}` : ''}`;
    await this.showLine(0, generation);
    if (generation !== this.generation) return;
    this.phase = 'opponent';
    await wait(OPPONENT_DELAY_MS);
    if (generation !== this.generation) return;
    await this.showLine(1, generation);
    this.yourTurn();
  }

  private async fetchPuzzle(address: PuzzlesAddress): Promise<Puzzle> {
    const variant = encodeURIComponent(address.variant);
    if (address.daily) return request<Puzzle>('GET', `/api/puzzles/daily?variant=${variant}`);
    if (address.id) return request<Puzzle>('GET', `/api/puzzles/${encodeURIComponent(address.id)}`);
    const theme = address.theme ? `&theme=${encodeURIComponent(address.theme)}` : '';
    const near = `/api/puzzles?variant=${variant}${theme}&rating=${this.rating?.rating ?? 1500}`;
    // A random one of the five nearest, and not one seen lately; all seen: the seen ones too.
    const seed = Math.floor(Math.random() * 5);
    const exclude = seenPuzzles().join(',');
    try {
      return await request<Puzzle>('GET', `${near}&seed=${seed}${exclude ? `&exclude=${encodeURIComponent(exclude)}` : ''}`);
    } catch (error) {
      if (exclude && error instanceof ApiError && error.status === 404) return request<Puzzle>('GET', `${near}&seed=${seed}`);
      throw error;
    }
  }

  // The position after the first `count` moves of the line, shown (the board animates).
  private async showLine(count: number, generation: number, extra: string[] = []): Promise<PositionState | null> {
    const puzzle = this.puzzle!;
    const moves = [...puzzle.moves.slice(0, count), ...extra];
    const state = await api.position({ variant: puzzle.variant, fen: puzzle.fen, moves });
    if (generation !== this.generation) return null;
    if (!extra.length) this.played = count;
    this.show(state, false);
    return state;
  }

  private show(state: PositionState, movable: boolean): void {
    this.position = state;
    this.legal = indexLegalMoves(state.legal);
    const last = state.history[state.history.length - 1];
    const lastMove = last ? parseMove(last) : null;
    this.board!.show({
      fen: state.fen,
      turn: state.turn,
      check: state.check,
      lastMove: lastMove ? [lastMove.from, lastMove.to] : null,
      dests: movable ? this.legal.dests : null,
    });
    this.keys?.refresh();
    this.moveInput?.setEnabled(movable);
  }

  private yourTurn(): void {
    const puzzle = this.puzzle!;
    this.phase = 'solving';
    this.show(this.position!, true);
    const side = solverSide(puzzle) === 'w' ? 'White' : 'Black';
    const first = this.played === 1;
    this.say(first ? `${side} to move: find the best move.` : 'Right! Keep going.', 'solving');
    this.setActions(
      button('secondary puzzle-hint', 'Hint', () => this.hint()),
      button('secondary puzzle-solution', 'See solution', () => void this.seeSolution()),
      this.analyseButton(),
    );
  }

  private analyseButton(): HTMLButtonElement {
    return button('secondary puzzle-analyse', 'Analyse', () => {
      const puzzle = this.puzzle;
      if (!puzzle) return;
      const moves = puzzle.moves.slice(0, Math.max(this.played, 1));
      location.hash = analysisHash({ variant: puzzle.variant, startFen: puzzle.fen, moves, ply: moves.length, game: null });
    });
  }

  private hint(): void {
    const expected = parseMove({ uci: this.puzzle!.moves[this.played], san: '' });
    if (!expected) return;
    this.board!.highlight([{ orig: expected.from, brush: 'green' }]);
    this.say('The highlighted unit makes the move.', 'solving');
  }

  private async onBoardMove(from: Key, to: Key): Promise<void> {
    const position = this.position;
    if (!position || this.phase !== 'solving') return;
    const choices = this.legal.choices(from, to);
    let chosen: ParsedMove | null = choices[0] ?? null;
    if (choices.length > 1) {
      chosen = await pickPromotion(document.getElementById('promotion-dialog') as HTMLDialogElement, choices, {
        mover: position.turn,
        units: unitsOfFen(position.fen),
        highlight: (shapes) => this.board?.highlight(shapes),
        variant: position.variant,
        placeOf: (square) => this.board?.placeOf(square) ?? null,
      });
    }
    if (!chosen) return this.show(position, true);
    await this.tryMove(chosen.uci);
  }

  // A typed move: the legal move of that UCI or SAN, else the rules' refusal under the field.
  private async playTyped(move: TypedMove): Promise<void> {
    if (this.phase !== 'solving' || !this.position) throw new Error('it is not your move');
    const wanted = 'uci' in move ? move.uci : move.san.replace(/[+#!?]+$/, '');
    const found = this.position.legal.find((legal) => legal.uci === wanted || legal.san.replace(/[+#!?]+$/, '') === wanted);
    if (!found) throw new ApiError(422, 'illegal move');
    await this.tryMove(found.uci);
  }

  private async tryMove(uci: string): Promise<void> {
    const puzzle = this.puzzle!;
    const generation = this.generation;
    const expected = puzzle.moves[this.played];
    this.phase = 'loading';
    const state = await this.showLine(this.played, generation, [uci]);
    if (!state) return;
    // Another move that mates at once is as good as the puzzle's (as on lichess).
    const mates = state.result !== null && state.result !== '1/2-1/2' && state.result !== '*';
    if (uci !== expected && !mates) return this.wrong(state);
    this.played += 1;
    if (this.played >= puzzle.moves.length || mates) return this.solved();
    this.phase = 'opponent';
    this.setActions();
    this.say('Right! The opponent replies…', 'opponent');
    await wait(OPPONENT_DELAY_MS);
    if (generation !== this.generation) return;
    const replied = await this.showLine(this.played + 1, generation);
    if (!replied) return;
    this.yourTurn();
  }

  private wrong(state: PositionState): void {
    this.phase = 'wrong';
    const san = state.history[state.history.length - 1]?.san ?? 'That';
    this.say(`${san} is not the move.`, 'wrong');
    if (!this.failed) {
      this.failed = true;
      void this.sendResult(false);
    }
    this.setActions(
      button('puzzle-retry', 'Try again', () => {
        this.show(this.position!, false);
        void this.showLine(this.played, this.generation).then((shown) => (shown ? this.yourTurn() : undefined));
      }),
      button('secondary puzzle-solution', 'See solution', () => void this.seeSolution()),
      this.analyseButton(),
    );
  }

  private solved(): void {
    this.phase = 'solved';
    this.show(this.position!, false);
    this.say(this.failed ? 'Solved, after a wrong try.' : 'Solved!', 'solved');
    if (!this.failed) void this.sendResult(true);
    this.setActions(
      button('puzzle-next', 'Next puzzle', () => this.next()),
      this.analyseButton(),
    );
  }

  private async seeSolution(): Promise<void> {
    const puzzle = this.puzzle!;
    const generation = this.generation;
    if (!this.failed) {
      this.failed = true;
      void this.sendResult(false);
    }
    this.phase = 'shown';
    this.setActions();
    this.say('The solution:', 'shown');
    for (let count = this.played + 1; count <= puzzle.moves.length; count++) {
      if (!(await this.showLine(count, generation))) return;
      if (count < puzzle.moves.length) await wait(OPPONENT_DELAY_MS);
      if (generation !== this.generation) return;
    }
    const line = this.position!.history.slice(1)
      .map((move) => move.san)
      .join(' ');
    this.say(`The solution: ${line}`, 'shown');
    this.setActions(
      button('puzzle-next', 'Next puzzle', () => this.next()),
      this.analyseButton(),
    );
  }

  private next(): void {
    const address = this.address;
    if (!address) return;
    this.puzzle = null;
    const next = puzzlesHash({ variant: address.variant, theme: address.theme });
    if (location.hash !== next) location.hash = next;
    else void this.loadPuzzle({ ...address, id: null, daily: false });
  }

  // The first result of the puzzle: the new rating, kept by the server or by this browser.
  private async sendResult(solved: boolean): Promise<void> {
    const puzzle = this.puzzle;
    if (!puzzle || this.rated) return;
    this.rated = true;
    try {
      const body: { solved: boolean; rating?: unknown } = { solved };
      if (!this.loggedIn) body.rating = storedRating(puzzle.variant) ?? undefined;
      const answer = await request<AttemptAnswer>('POST', `/api/puzzles/${encodeURIComponent(puzzle.id)}/attempt`, body);
      if (!answer.stored) storeRating(puzzle.variant, answer.exact);
      if (this.address?.variant !== puzzle.variant) return;
      this.rating = answer.rating;
      this.showRating(answer.rating.rating - answer.before.rating, answer.counted === false);
    } catch (error) {
      this.ratingText.textContent = `Your rating was not updated: ${describeError(error)}`;
    }
  }
}
