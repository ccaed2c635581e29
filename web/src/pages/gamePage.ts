// The game page: one game at a time on the board, its panels and controls, the saved games
// beside it, and the engine's moves. The analysis board (analysisPage.ts) borrows its board
// while it is open; the rules page and the site's pages (sitePages.ts) are shown over it.
import type { Key } from 'chessgroundx/types';
import {
  api,
  ApiError,
  engineMove,
  type GameListing,
  type GameState,
  type NewGameRequest,
  type Seat,
  type ServerInfo,
  type Side,
  type Variant,
} from '../api';
import { analysisHash, type AnalysisAddress } from '../analysis/analysisAddress';
import { forgetTree, treeKey } from '../analysis/treeStore';
import { GameBoard } from '../board';
import { colorOf } from '../boardBasics';
import { BoardKeyboard } from '../boardKeyboard';
import { EnginePanel } from '../enginePanel';
import { analysisEngineAvailable, bindEnginePlaceMenu } from '../enginePlace';
import { againstTheEngine, humanSidesOf, pliesToTakeBack, speakingSide } from '../gameSides';
import { engineMoveAnnouncement, renderMoveList, renderResultBanner, renderSideStrip, renderStatus } from '../gamePanels';
import { confirmMove } from '../moveConfirm';
import { MoveInput, type TypedMove } from '../moveInput';
import { indexLegalMoves, otherSide, parseMove, unitsOfFen, type LegalMoveIndex, type ParsedMove } from '../moves';
import { askForNewGame, GENTLE_LEVEL, levelOptions } from '../newGameDialog';
import { copyFromButton, downloadPgn } from '../notationTools';
import { hideError, hideNotice, showError, showNotice } from '../notices';
import { OnlineController } from '../online';
import { PlyNavigation, stepTarget, type Step } from '../plyNavigation';
import { pickPromotion } from '../promotionPicker';
import { ReviewPanel } from '../review/reviewPanel';
import { currentRoute, isSitePage } from '../routes';
import { rulesAddressFor } from '../rules/rulesPage';
import { renderSavedGames } from '../savedGames';
import { forgetSeat, storeSeat, storedSeat, type GameAddress } from '../seats';
import { SettingsDialog } from '../settings';
import { Sounds, soundFor, type SoundName } from '../sounds';
import { variantTitle } from '../variantTitles';
import { viewedState } from '../viewedPosition';
import { AnalysisPage } from './analysisPage';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// What the game page asks of the pages shown over it (sitePages.ts).
export interface PagesOverGame {
  // The variant whose rules page is open, if one is: "New game" starts in it.
  readonly rulesVariant: Variant | null;
  // A page of the site is open: the game behind it leaves the address alone.
  readonly sitePageOpen: boolean;
  // A game is shown: the rules page closes, and each page of the site the address no longer names.
  closeOverGame(): void;
  closeRules(): void;
  refreshMyGames(): void;
}

export class GamePage {
  private readonly board = new GameBoard(
    byId('board'),
    (from, to) => void this.onBoardMove(from, to),
    () => this.renderStatusLine(),
  );
  private readonly boardKeys = new BoardKeyboard(document.querySelector<HTMLElement>('.board-frame')!, this.board, () =>
    this.board.cancelPremove(),
  );
  private readonly navigation = new PlyNavigation(byId('ply-nav'), (step) => this.step(step));
  private readonly review = new ReviewPanel(
    {
      root: byId('review-panel'),
      start: byId<HTMLButtonElement>('review-button'),
      cancel: byId<HTMLButtonElement>('review-cancel-button'),
      place: byId('review-engine-place-label'),
      progress: byId<HTMLProgressElement>('review-progress'),
      progressText: byId('review-progress-text'),
      graph: byId('review-graph'),
      summary: byId('review-summary'),
    },
    (ply) => this.viewPly(ply),
    () => this.render(),
    showError,
  );
  private readonly engine = new EnginePanel(byId('eval-bar'), byId('engine-line'));
  private readonly settings = new SettingsDialog(
    byId<HTMLDialogElement>('settings-dialog'),
    byId('settings-button'),
    byId('zen-exit-button'),
  );
  private readonly sounds = new Sounds(byId<HTMLButtonElement>('sound-button'), this.settings.current.sound, (sound) =>
    this.settings.update({ ...this.settings.current, sound }),
  );
  private readonly moveInput = new MoveInput(byId<HTMLFormElement>('move-input'), (move) => this.playTyped(move));
  private state: GameState | null = null;
  private legal: LegalMoveIndex = indexLegalMoves([]);
  private viewedPly: number | null = null;
  private thinking = false;
  private busy = false;
  private engineAbort: AbortController | null = null;
  // False for an engine-v-engine game opened from the list or the address: it waits for
  // "Engine move" instead of resuming by itself.
  private autoplay = true;
  // The game being opened after a rematch: until it is shown, an update of the game being
  // left must not put that one back (its address would undo the navigation).
  private followingGame: number | null = null;
  // How many times the board began to switch to another game (switchTo).
  private switches = 0;
  private readonly online = new OnlineController(
    {
      show: (state, fromStream) => this.show(state, fromStream),
      attempt: (action) => this.attempt(action),
      showError,
      follow: (id) => {
        if (location.hash === `#game=${id}`) return;
        this.followingGame = id;
        location.hash = `#game=${id}`;
      },
    },
    { boardFrame: document.querySelector<HTMLElement>('.board-frame')!, panelBefore: byId('status') },
  );
  private readonly analysis: AnalysisPage;
  // Set once the pages over the game are built (they need this page first).
  private pages!: PagesOverGame;

  constructor(private readonly info: ServerInfo) {
    this.analysis = new AnalysisPage({
      info,
      board: this.board,
      navigation: this.navigation,
      boardKeys: this.boardKeys,
      engine: this.engine,
      gameId: () => this.state?.id ?? null,
    });
    this.settings.onChange((settings) => this.sounds.setLevel(settings.sound));
  }

  showUnder(pages: PagesOverGame): void {
    this.pages = pages;
  }

  // The variant of the game shown, EvoChess with none: the rules and the puzzles open on it.
  get variant(): Variant {
    return this.state?.variant ?? 'evochess';
  }

  // The buttons, menus and engine panel, bound after the site's pages are built.
  bindControls(): void {
    byId('rules-button').addEventListener('click', () => (location.hash = rulesAddressFor(this.variant)));
    byId('eval-bar').hidden = !this.info.engine;
    // Analysis and review may run the engine in the browser, the server's or none.
    this.analysis.learnEngines(() => {
      if (this.state) this.render();
    });
    this.analysis.bindControls();
    bindEnginePlaceMenu(byId<HTMLSelectElement>('review-engine-place'), () => {});
    this.renderControls();
    byId('new-game-button').addEventListener('click', () => void this.newGame());
    byId('flip-button').addEventListener('click', () => {
      this.board.flip();
      this.renderStrips();
      this.boardKeys.refresh();
    });
    byId('undo-button').addEventListener('click', () => void this.undo());
    byId('draw-button').addEventListener('click', () => void this.offerDraw());
    byId('resign-button').addEventListener('click', () => void this.resign());
    byId('engine-button').addEventListener('click', () => void this.runEngine());
    byId('stop-button').addEventListener('click', () => void this.stopEngine());
    byId('live-button').addEventListener('click', () => this.viewPly(null));
    byId<HTMLSelectElement>('level-select').addEventListener(
      'change',
      (e) => void this.changeLevel(Number((e.target as HTMLSelectElement).value)),
    );
    byId('copy-fen-button').addEventListener('click', (e) => void copyFromButton(e, byId<HTMLInputElement>('fen-output').value));
    byId('copy-pgn-button').addEventListener('click', (e) => void copyFromButton(e, byId<HTMLTextAreaElement>('pgn-output').value));
    byId('download-pgn-button').addEventListener('click', () => void this.downloadPgn());
    byId('analyse-button').addEventListener('click', () => this.analyseGame(this.viewedPly === null ? null : this.viewedPly + 1));
    byId('copy-link-button').addEventListener('click', (e) => void copyFromButton(e, location.href));
  }

  // The game the address names (null: none), at the position it names; the analysis board,
  // if open, is left for it.
  async openAt(address: GameAddress | null): Promise<void> {
    const leftAnalysis = this.closeAnalysis();
    this.autoplay = false;
    if (address?.invite || address?.seat) await this.switchTo(() => this.online.claim(address));
    // Back from the analysis board: the game as the server has it now.
    else if (address && (address.id !== this.state?.id || leftAnalysis)) await this.openGame(address.id);
    // `&ply=N`: the position after N moves.
    if (address && address.ply !== null && this.state?.id === address.id) this.viewPly(address.ply - 1);
    else this.render();
  }

  // The analysis board on this line; the game, if any, stays as the server has it.
  async openAnalysis(address: AnalysisAddress): Promise<void> {
    this.abortEngine();
    this.board.cancelPremove();
    await this.analysis.open(address);
  }

  // Leaves the analysis board, if it is open; says whether it was.
  closeAnalysis(): boolean {
    return this.analysis.close();
  }

  // "Back to the game" on the rules page: the game, or a new one when there is none.
  leaveRules(): void {
    const address = this.state ? `#game=${this.state.id}` : '';
    // The address may name the game already (a game started from the rules page).
    if (location.hash.replace(/^#$/, '') !== address) location.hash = address;
    else {
      this.pages.closeRules();
      this.render();
    }
    if (!this.state) void this.newGame();
  }

  // The engine game the lobby offers when nobody took the seek: made, then entered.
  async startFromLobby(request: NewGameRequest): Promise<void> {
    const state = await this.online.create(request);
    this.autoplay = true;
    this.enterGame(state.id, undefined);
  }

  // A sound asked for by a page over the game (a tournament's pairing), at the player's level.
  playSound(name: SoundName): void {
    this.sounds.play(name);
  }

  // A game of this player's from the lobby: the seat is kept as an invite's is, then the board.
  enterGame(id: number, seat: Seat | undefined): void {
    if (seat) storeSeat(id, seat);
    this.pages.refreshMyGames();
    if (location.hash !== `#game=${id}`) location.hash = `#game=${id}`;
    // Already at its address (the acceptor is told twice: the answer and the stream).
    else if (this.state?.id !== id) void this.openGame(id);
  }

  // A variant's start position on the board while there is no game yet.
  showStartOf(variant: string): void {
    const fen = this.info.variants.find((v) => v.name === variant)?.start_fen;
    if (fen) this.board.show({ fen, turn: 'w', check: false, lastMove: null, dests: null });
  }

  // "Analyse": the game's moves on the analysis board, at this position (moves played; null: the last).
  private analyseGame(ply: number | null): void {
    const state = this.state;
    if (!state) return;
    const variantStart = this.info.variants.find((v) => v.name === state.variant)?.start_fen;
    const moves = state.history.map((move) => move.uci);
    location.hash = analysisHash({
      variant: state.variant,
      startFen: state.start_fen !== variantStart ? state.start_fen : null,
      moves,
      ply: ply ?? moves.length,
      game: state.id,
    });
  }

  async openGame(id: number): Promise<void> {
    this.autoplay = false;
    try {
      await this.switchTo(async () => {
        try {
          return await this.online.load(id);
        } catch (error) {
          // No such game: the one shown before must not pass for it.
          if (error instanceof ApiError && error.status === 404) this.clearGame();
          throw error;
        }
      });
    } finally {
      if (this.followingGame === id) this.followingGame = null;
    }
  }

  // No game on the board: an empty board, no title, no moves, only "New game" enabled.
  private clearGame(): void {
    this.abortEngine();
    this.state = null;
    this.viewedPly = null;
    this.legal = indexLegalMoves([]);
    this.engine.reset();
    this.online.forget();
    this.board.show({ fen: '8/8/8/8/8/8/8/8 w - - 0 1', turn: 'w', check: false, lastMove: null, dests: null });
    byId('game-title').textContent = '';
    for (const id of ['move-list', 'status', 'strip-top', 'strip-bottom']) byId(id).replaceChildren();
    byId('result-banner').hidden = true;
    byId('history-note').hidden = true;
    byId<HTMLInputElement>('fen-output').value = '';
    byId<HTMLTextAreaElement>('pgn-output').value = '';
    this.moveInput.setEnabled(false);
    // No saved game is the one shown (issue 49: #game=9999 kept the last one highlighted).
    for (const item of byId('saved-games').querySelectorAll('.saved-game.current')) item.classList.remove('current');
  }

  // The dialog stays open, with the text, while the server refuses what it was given.
  async newGame(): Promise<void> {
    await askForNewGame(
      byId<HTMLDialogElement>('new-game-dialog'),
      async (request) => {
        const state = await this.online.create(request);
        // "New game" from the lobby (or a player's page): the new game is shown instead of it.
        if (isSitePage(currentRoute())) history.replaceState(null, '', location.pathname + location.search);
        this.autoplay = true;
        await this.switchTo(async () => state);
      },
      this.pages.rulesVariant ?? undefined,
    );
  }

  // The first visit's "Play the engine": EvoChess as White against the gentlest level.
  async playGentleEngine(): Promise<void> {
    this.autoplay = true;
    const request = {
      variant: 'evochess' as const,
      players: { w: 'human' as const, b: 'engine' as const },
      engine: { level: GENTLE_LEVEL },
    };
    await this.switchTo(() => this.online.create(request));
  }

  // A new level for the rest of this game; the engine's next move uses it.
  private async changeLevel(level: number): Promise<void> {
    const state = this.state;
    if (!state) return;
    await this.attempt(async () => {
      this.show(await api.updatePlayers(state.id, state.players, { level }));
    });
  }

  // Leaves the current game for the one `load` answers, the board turned to its human side.
  private async switchTo(load: () => Promise<GameState>): Promise<void> {
    const switchNumber = ++this.switches;
    this.abortEngine();
    this.closeAnalysis();
    await this.attempt(async () => {
      const state = await load();
      // Games opened quickly one after another (the lobby's news of several games) may load
      // out of order: one that arrives after a later switch began must not replace it.
      if (switchNumber !== this.switches) return;
      // A game started or opened from the rules page or the lobby is shown instead of it.
      this.pages.closeOverGame();
      const humans = humanSidesOf(state);
      this.board.setOrientation(colorOf(this.online.orientationFor(state) ?? (humans.length === 1 ? humans[0] : 'w')));
      this.show(state);
    });
  }

  // Shows a new state of the current game, then lets the engine move if it is its turn (not
  // for a change made in another tab: that tab asks the engine).
  private show(state: GameState, fromStream = false): void {
    if (this.followingGame !== null && state.id !== this.followingGame) return;
    // While this page waits for the engine, the engine's own answer brings its move.
    if (fromStream && this.thinking && !state.online) return;
    if (!this.online.accept(state)) {
      // Shown already, from the stream: this page's own move still lets the engine answer.
      if (!fromStream && this.state?.id === state.id) this.runEngineIfItsTurn(this.state);
      return;
    }
    const switched = state.id !== this.state?.id;
    // A move in an online game of this player's changes whose turn it is: the badge follows.
    if (state.online && this.online.mayMove(state) !== this.online.mayMove(this.state ?? state)) this.pages.refreshMyGames();
    const sound = soundFor(this.state, state);
    if (sound) this.sounds.play(sound);
    this.state = state;
    this.legal = indexLegalMoves(state.legal);
    if (this.analysis.isOpen) return;
    this.viewedPly = null;
    this.writeAddress();
    if (switched) {
      this.engine.reset();
      this.board.cancelPremove();
    }
    this.render();
    // The player's premove, played now that it is the player's turn if it is legal.
    if (this.board.pendingPremove && this.humanToMove(state)) this.board.playPremove();
    void this.refreshPgn();
    void this.refreshSavedGames();
    const enginesOnly = humanSidesOf(state).length === 0;
    if (switched && enginesOnly && !this.autoplay) this.engine.clear('Engine against engine, paused: press "Engine move" to go on.');
    if (!fromStream) this.runEngineIfItsTurn(state);
  }

  private runEngineIfItsTurn(state: GameState): void {
    const mayRun = humanSidesOf(state).length > 0 || this.autoplay;
    if (!state.result && state.players[state.turn] === 'engine' && this.info.engine && !this.thinking && mayRun) {
      void this.runEngine();
    }
  }

  // Whether the one who may move on this board now is a person here (not the engine, not the
  // opponent online). Without an engine in this build, a side set to "engine" is played on the board too.
  private humanToMove(state: GameState): boolean {
    return !state.result && (state.players[state.turn] === 'human' || !this.info.engine) && this.online.mayMove(state);
  }

  // The side a premove may be set for while the other side is to move: the one person
  // playing here (against the engine or online); none on a shared screen.
  private premoveSide(state: GameState): Side | null {
    if (state.result) return null;
    if (state.online) return this.online.orientationFor(state);
    const humans = humanSidesOf(state);
    return humans.length === 1 && this.info.engine ? humans[0] : null;
  }

  private render(): void {
    if (this.analysis.isOpen) return this.analysis.render();
    const state = this.state;
    if (!state) return this.renderControls();
    const viewing = this.viewedPly !== null;
    const shown = this.shownState()!;
    const lastIndex = this.viewedPly ?? state.history.length - 1;
    const last = lastIndex >= 0 ? state.history[lastIndex] : null;
    const lastMove = last ? parseMove(last) : null;
    const humanToMove = this.humanToMove(state);
    this.board.show({
      fen: shown.fen,
      turn: shown.turn,
      check: shown.check,
      lastMove: lastMove ? [lastMove.from, lastMove.to] : null,
      dests: !viewing && humanToMove && !this.thinking && !this.busy ? this.legal.dests : null,
      premoveSide: viewing ? null : this.premoveSide(state),
    });
    byId('game-title').textContent = `#${state.id} · ${variantTitle(state.variant)}`;
    this.renderStrips();
    this.renderStatusLine();
    renderResultBanner(
      byId('result-banner'),
      state,
      state.online ? undefined : () => void this.rematch(state),
      state.history.length > 0 ? () => this.analyseGame(null) : undefined,
    );
    renderMoveList(
      byId<HTMLOListElement>('move-list'),
      state,
      this.viewedPly,
      (ply) => this.viewPly(ply),
      (ply) => this.review.markOf(ply),
    );
    this.navigation.update(this.viewedPly === null ? state.history.length : this.viewedPly + 1, state.history.length);
    // A review needs the engine (in the browser or on the server); without one there is none.
    this.review.render(analysisEngineAvailable() ? state : null, this.viewedPly);
    byId('history-note').hidden = this.viewedPly === null;
    byId<HTMLInputElement>('fen-output').value = shown.fen;
    this.engine.conceal(againstTheEngine(state));
    this.engine.showFor(shown.fen);
    // Stays enabled while the other side moves (the focus stays in it); a spectator has none.
    this.moveInput.setEnabled(!state.result && (!state.online || this.online.orientationFor(state) !== null));
    this.renderControls();
    this.online.render();
    this.boardKeys.refresh();
  }

  // The game as it is, or the earlier position the player is looking at.
  private shownState(): GameState | null {
    if (!this.state || this.viewedPly === null) return this.state;
    return viewedState(this.state, this.viewedPly);
  }

  // The status of the position shown, and the premove waiting, if any.
  private renderStatusLine(): void {
    const shown = this.shownState();
    if (!shown || this.analysis.isOpen) return;
    renderStatus(byId('status'), shown, this.thinking && this.viewedPly === null);
    const premove = this.board.pendingPremove;
    if (premove) byId('status').textContent += ` · premove ${premove.join('-')}`;
  }

  private renderStrips(): void {
    if (this.analysis.isOpen) return this.analysis.renderStrips();
    const shown = this.shownState();
    if (!shown) return;
    const bottom: Side = this.board.orientation === 'white' ? 'w' : 'b';
    const bar = byId('eval-bar');
    bar.classList.toggle('flipped', bottom === 'b');
    bar.hidden =
      !this.info.engine ||
      (this.state !== null && againstTheEngine(this.state)) ||
      (humanSidesOf(shown).length === 2 && !this.engine.scored);
    renderSideStrip(byId('strip-bottom'), shown, bottom);
    renderSideStrip(byId('strip-top'), shown, otherSide(bottom));
    this.online.decorateStrips(byId('strip-top'), byId('strip-bottom'), bottom);
  }

  private renderControls(): void {
    const state = this.state;
    if (!state) {
      // No game yet (the first dialog was cancelled): only "New game" does something.
      for (const id of [
        'undo-button',
        'draw-button',
        'resign-button',
        'engine-button',
        'flip-button',
        'download-pgn-button',
        'analyse-button',
      ]) {
        byId<HTMLButtonElement>(id).disabled = true;
      }
      return;
    }
    byId<HTMLButtonElement>('flip-button').disabled = false;
    byId<HTMLButtonElement>('analyse-button').disabled = false;
    // No engine help during an online game (as on lichess): analysis once it is over.
    byId('analyse-button').hidden = state.online === true && state.result === null;
    byId<HTMLButtonElement>('download-pgn-button').disabled = false;
    const over = state.result !== null;
    byId('local-controls').hidden = state.online === true;
    const drawButton = byId<HTMLButtonElement>('draw-button');
    const offerer = this.drawSide();
    drawButton.textContent = state.draw_offer && state.draw_offer !== offerer ? 'Accept draw' : 'Offer draw';
    drawButton.disabled = over || this.thinking || state.draw_offer === offerer;
    byId<HTMLButtonElement>('resign-button').disabled = over || this.thinking;
    byId<HTMLButtonElement>('undo-button').disabled = state.history.length === 0 || this.thinking;
    byId<HTMLButtonElement>('engine-button').disabled = over || this.thinking || !this.info.engine;
    byId('stop-button').hidden = !this.thinking;
    this.renderLevelControl(state);
  }

  // The level menu: for a game on this screen with the engine playing a side.
  private renderLevelControl(state: GameState): void {
    const control = byId('level-control');
    const levels = this.info.levels ?? [];
    control.hidden = state.online === true || !this.info.engine || levels.length === 0 || humanSidesOf(state).length === 2;
    if (control.hidden) return;
    const select = byId<HTMLSelectElement>('level-select');
    const current = state.engine.level ?? levels[levels.length - 1].number;
    if (select.options.length !== levels.length) select.replaceChildren(...levelOptions(levels, current));
    select.value = String(current);
  }

  // Views the position after move `ply` (an index of the history; -1 the start, null the game as it is).
  private viewPly(ply: number | null): void {
    const moves = this.state?.history.length ?? 0;
    this.viewedPly = ply === null || ply >= moves - 1 ? null : Math.max(-1, ply);
    this.writeAddress();
    this.render();
  }

  private step(step: Step): void {
    if (this.analysis.isOpen) return this.analysis.step(step);
    const state = this.state;
    if (!state) return;
    const moves = state.history.length;
    const shown = this.viewedPly === null ? moves : this.viewedPly + 1;
    this.viewPly(stepTarget(step, shown, moves) - 1);
  }

  // The address of the game and of the position viewed: `#game=ID`, `#game=ID&ply=N`.
  private writeAddress(): void {
    const state = this.state;
    // The lobby keeps its address while a game behind it changes (a move from the stream).
    if (!state || this.analysis.isOpen || this.pages.sitePageOpen) return;
    const address = this.viewedPly === null ? `#game=${state.id}` : `#game=${state.id}&ply=${this.viewedPly + 1}`;
    if (location.hash !== address) history.replaceState(null, '', address);
  }

  private onBoardMove(from: Key, to: Key): void {
    if (this.analysis.isOpen) this.analysis.onUserMove(from, to);
    else void this.onUserMove(from, to);
  }

  private async onUserMove(from: Key, to: Key): Promise<void> {
    const state = this.state;
    if (!state) return;
    const choices = this.legal.choices(from, to);
    let chosen: ParsedMove | null = choices[0] ?? null;
    if (choices.length > 1) {
      chosen = await pickPromotion(byId<HTMLDialogElement>('promotion-dialog'), choices, {
        mover: state.turn,
        units: unitsOfFen(state.fen),
        highlight: (shapes) => this.board.highlight(shapes),
        variant: state.variant,
        placeOf: (square) => this.board.placeOf(square),
      });
    }
    if (!chosen) return this.render();
    const move = chosen;
    // A correspondence game's move waits for "Confirm" (a setting).
    if (state.online && state.clock?.days_per_move && this.settings.current.confirmCorrespondence) {
      if (!(await confirmMove(byId('move-confirm'), move.san))) return this.render();
      const now = this.state;
      if (!now || now.id !== state.id || now.history.length !== state.history.length) return this.render();
    }
    await this.attempt(async () => {
      try {
        this.show(await this.online.playMove(state, move.uci));
      } catch (error) {
        if (state.online || !(error instanceof ApiError)) throw error;
        // The game changed behind this page (another tab) or the move is not legal: show
        // the game as the server has it.
        this.show(await api.getGame(state.id));
        throw new Error(`${move.san} was not accepted: the game had changed. The board now shows it as saved.`);
      }
    });
  }

  // A move typed under the board: the server judges it; what it refuses is thrown back.
  private async playTyped(move: TypedMove): Promise<void> {
    const state = this.state;
    if (!state) throw new Error('there is no game on the board');
    const engineToMove = state.players[state.turn] === 'engine' && this.info.engine;
    if (this.viewedPly !== null) throw new Error('you are looking at an earlier position: go back to the game first');
    if (this.thinking || this.busy || engineToMove || !this.online.mayMove(state)) throw new Error('it is not your turn');
    this.busy = true;
    hideError();
    try {
      this.show(await this.online.playMove(state, move));
    } finally {
      this.busy = false;
      this.render();
    }
  }

  // The side a draw offer or a resignation speaks for: the only human, else the side to move.
  private drawSide(): Side {
    return speakingSide(this.state!);
  }

  private async undo(): Promise<void> {
    const state = this.state;
    if (!state) return;
    // A resignation or agreement alone is taken back first, the moves kept.
    if (state.reason === 'resignation' || state.reason === 'agreement') {
      await this.attempt(async () => this.show(await api.undo(state.id, 0)));
      return;
    }
    const plies = pliesToTakeBack(state);
    await this.attempt(async () => this.show(await api.undo(state.id, plies)));
  }

  private async offerDraw(): Promise<void> {
    const state = this.state;
    if (!state) return;
    const side = this.drawSide();
    await this.attempt(async () => {
      const next = await api.offerDraw(state.id, side);
      this.show(next);
      if (!next.result && next.players[otherSide(side)] === 'engine') showNotice('The engine declines the draw.');
    });
  }

  private async resign(): Promise<void> {
    const state = this.state;
    if (!state || !window.confirm(`Resign this game as ${this.drawSide() === 'w' ? 'White' : 'Black'}?`)) return;
    await this.attempt(async () => this.show(await api.resign(state.id, this.drawSide())));
  }

  private async runEngine(): Promise<void> {
    const state = this.state;
    if (!state || state.result || this.thinking) return;
    this.autoplay = true;
    this.thinking = true;
    hideNotice();
    this.engineAbort = new AbortController();
    this.engine.begin(state.fen, 'engine thinking…');
    this.render();
    try {
      const next = await engineMove(state.id, (progress) => this.engine.show(progress), this.engineAbort.signal);
      this.thinking = false;
      this.engine.answered(next.fen);
      byId('move-announcer').textContent = engineMoveAnnouncement(next);
      if (this.state?.id === next.id) {
        this.show(next);
        this.render(); // also when the stream has shown this state already
      }
    } catch (error) {
      this.thinking = false;
      this.engine.clear();
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        showError(error, () => {
          if (this.state?.id === state.id) void this.runEngine();
        });
      }
      this.render();
    } finally {
      this.engineAbort = null;
    }
  }

  private async stopEngine(): Promise<void> {
    const state = this.state;
    if (state && this.thinking) await this.attempt(async () => void (await api.stopEngine(state.id)));
  }

  private abortEngine(): void {
    this.engineAbort?.abort();
    this.thinking = false;
  }

  private async refreshPgn(): Promise<void> {
    const state = this.state;
    if (!state) return;
    try {
      byId<HTMLTextAreaElement>('pgn-output').value = await api.pgn(state.id);
    } catch (error) {
      showError(error);
    }
  }

  // A local game's rematch: the same variant, start position and players, sides swapped.
  private async rematch(game: GameState): Promise<void> {
    const variantStart = this.info.variants.find((v) => v.name === game.variant)?.start_fen;
    const request = {
      variant: game.variant,
      ...(game.start_fen !== variantStart ? { fen: game.start_fen } : {}),
      players: { w: game.players.b, b: game.players.w },
      engine: Object.fromEntries(Object.entries(game.engine).filter(([, value]) => value !== null)),
    };
    this.autoplay = true;
    await this.switchTo(() => this.online.create(request));
  }

  private async downloadPgn(): Promise<void> {
    const state = this.state;
    if (state) await this.attempt(async () => downloadPgn(state.id, await api.pgn(state.id)));
  }

  async refreshSavedGames() {
    const games = await api.listGames();
    renderSavedGames(byId('saved-games'), games, this.state?.id ?? null, {
      open: (id) => void this.openGame(id),
      remove: (game) => void this.deleteGame(game),
    });
    return games;
  }

  private async deleteGame(game: GameListing): Promise<void> {
    const id = game.id;
    if (!window.confirm(`Delete game #${id}? This cannot be undone.`)) return;
    await this.attempt(async () => {
      if (game.online) {
        await api.deleteAbortedGame(id, storedSeat(id)?.token);
        forgetSeat(id);
      } else await api.deleteGame(id);
      forgetTree(treeKey({ variant: game.variant, startFen: null, game: id }));
      if (this.state?.id === id) {
        this.abortEngine();
        this.state = null;
        history.replaceState(null, '', '#');
        const games = await this.refreshSavedGames();
        if (games.length > 0) await this.openGame(games[0].id);
        else await this.newGame();
      } else await this.refreshSavedGames();
    });
  }

  // Runs one request with the board locked; shows the server's message if it fails.
  private async attempt(action: () => Promise<void>): Promise<void> {
    this.busy = true;
    hideError();
    try {
      await action();
    } catch (error) {
      showError(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }
}
