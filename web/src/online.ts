// Online play (docs/api.md): seats held by secret tokens, live updates by server-sent events,
// both clocks, offers, resignation, abort, rematch and the claim of victory.
//
// The app (main.ts) keeps the board and the panels it always had; it asks this controller
// which states to show (never an older version than the one shown, so nothing is applied
// twice), who may move, how to send a move, and lets it draw its own parts of the page.
import './online.css';
import {
  api,
  ApiError,
  request,
  useOwnerTokens,
  type GameState,
  type NewGameRequest,
  type Seat,
  type SeatedState,
  type SeatPlayerInfo,
  type Side,
} from './api';
import { GameChat, type ChatMessage } from './chatPanel';
import { ClockPair, describeClock } from './clocks';
import { EventStream, type ServerSentEvent, type StreamState } from './eventStream';
import { serverReachedAgain } from './notices';
import { applyChange, type GameChange } from './gameChange';
import { sideName } from './gamePanels';
import { otherSide } from './moves';
import { playerName } from './players/playerLink';
import { OnlinePanel, WaitingScreen } from './onlinePanel';
import {
  forgetSeat,
  ownerToken,
  showPlainAddress,
  storedSeat,
  storeOwnerToken,
  storeSeat,
  type GameAddress,
  type StoredSeat,
} from './seats';

export interface OnlineHost {
  // `fromStream`: a change made elsewhere (the opponent, another tab), not by this page.
  show(state: GameState, fromStream?: boolean): void;
  attempt(action: () => Promise<void>): Promise<void>;
  showError(error: unknown): void;
  follow(gameId: number): void;
}

const DRAW_DECLINED = 'Your opponent declined your draw offer.';

type Connection = 'connecting' | 'online' | 'reconnecting' | 'offline';
const CONNECTION_TEXT: Record<Connection, string> = {
  connecting: 'connecting…',
  online: 'online',
  reconnecting: 'reconnecting…',
  offline: 'offline',
};

interface Presence {
  spectators?: number;
  away?: Record<Side, number | null>;
}

const gamePath = (id: number) => `/api/games/${id}`;
const MAX_LAG_MS = 500; // the server credits at most this much a move (docs/api.md, Clocks)

export class OnlineController {
  readonly clocks = new ClockPair(() => this.onClockZero());
  private readonly panel: OnlinePanel;
  private readonly waiting: WaitingScreen;
  private readonly chat: GameChat;
  private state: GameState | null = null;
  private seat: StoredSeat | null = null;
  private awayReceivedAt = 0; // when the away times shown were current
  private events: EventStream | null = null;
  private eventsKey = '';
  private reconnectTimer: number | undefined;
  private connection: Connection = 'offline';
  private roundTripMs: number | null = null;
  private followingRematch = false;
  private confirmingResign = false;
  private notice = '';
  private declinedAt = -1; // the ply at which a draw offer of this player was declined
  private pendingNoticeFor: number | null = null;
  private ticker: number | undefined;
  private zeroRetries = 0;

  constructor(
    private readonly host: OnlineHost,
    elements: { boardFrame: HTMLElement; panelBefore: HTMLElement },
  ) {
    useOwnerTokens(ownerToken);
    this.waiting = new WaitingScreen(elements.boardFrame);
    this.panel = new OnlinePanel(elements.panelBefore);
    this.chat = new GameChat(this.panel.root);
    const p = this.panel;
    p.drawButton.addEventListener('click', () => void this.act('draw', { action: 'offer' }));
    p.acceptDraw.addEventListener('click', () => void this.act('draw', { action: 'accept' }));
    p.declineDraw.addEventListener('click', () => void this.act('draw', { action: 'decline' }));
    p.takebackButton.addEventListener('click', () => void this.act('takeback', { action: 'request' }));
    p.acceptTakeback.addEventListener('click', () => void this.act('takeback', { action: 'accept' }));
    p.declineTakeback.addEventListener('click', () => void this.act('takeback', { action: 'decline' }));
    p.abortButton.addEventListener('click', () => void this.act('abort', {}));
    p.berserkButton.addEventListener('click', () => void this.act('berserk', {}));
    p.claimButton.addEventListener('click', () => void this.act('claim-victory', {}));
    p.resignButton.addEventListener('click', () => {
      this.confirmingResign = true;
      this.render();
      p.cancelResignButton.focus();
    });
    p.cancelResignButton.addEventListener('click', () => {
      this.confirmingResign = false;
      this.render();
      p.resignButton.focus();
    });
    p.confirmResignButton.addEventListener('click', () => {
      this.confirmingResign = false;
      void this.act('resign', {});
    });
    p.rematchButton.addEventListener('click', () => (this.state?.rematch_id ? this.followRematch() : void this.rematch()));
    p.watchRematchButton.addEventListener('click', () => {
      if (this.state?.rematch_id) this.host.follow(this.state.rematch_id);
    });
    window.addEventListener('online', () => this.connect(true));
    // A page the browser keeps in its back-forward cache must not stay on the game's stream:
    // its player has left (the opponent may claim the victory), and a stream held open keeps
    // them "there". Back on the page, it reads the game again.
    window.addEventListener('pagehide', () => this.disconnect());
    window.addEventListener('pageshow', (event) => {
      if (!event.persisted) return;
      this.connect(true);
      void this.refresh(true);
    });
  }

  // ---- loading games -------------------------------------------------------------------

  // The game, as its seat holder when this browser holds a seat, else as a spectator.
  async load(id: number): Promise<GameState> {
    const seat = storedSeat(id);
    if (seat) {
      try {
        const state = await this.timed(() => request<SeatedState>('GET', gamePath(id), undefined, seat.token));
        if (state.seat) storeSeat(id, state.seat);
        else if (state.online) forgetSeat(id); // the server no longer knows this token
        return state;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 403)) throw error;
        forgetSeat(id);
        this.noticeFor(id, 'The seat this browser held in this game is not valid any more: you are watching.');
      }
    }
    return this.timed(() => api.getGame(id));
  }

  // A new game from the dialog; an online one gives this browser its seat and the invite link.
  async create(game: NewGameRequest): Promise<GameState> {
    const state = await request<SeatedState>('POST', '/api/games', game);
    if (state.seat) storeSeat(state.id, state.seat, { invite: state.invite ?? null });
    if (state.token) storeOwnerToken(state.id, state.token);
    return state;
  }

  // An address with a secret: `#game=ID&invite=CODE` joins, `#game=ID&seat=TOKEN` takes that
  // seat here. Either way the address is then `#game=ID`, the secret kept in localStorage.
  async claim(address: GameAddress): Promise<GameState> {
    const { id } = address;
    try {
      if (address.seat) {
        try {
          const state = await request<SeatedState>('GET', gamePath(id), undefined, address.seat);
          if (state.seat) {
            storeSeat(id, state.seat);
            return state;
          }
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 403)) throw error;
        }
        this.noticeFor(id, 'This seat link is not valid: you are watching.');
      } else if (address.invite && !storedSeat(id)) {
        try {
          const state = await request<SeatedState>('POST', `${gamePath(id)}/join`, { invite: address.invite });
          if (state.seat) storeSeat(id, state.seat);
          return state;
        } catch (error) {
          if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 403)) throw error;
          this.noticeFor(
            id,
            error.status === 409
              ? 'Both seats of this game are taken: you are watching.'
              : `This invite link is not valid (${error.message}): you are watching.`,
          );
        }
      }
      return await this.load(id);
    } finally {
      showPlainAddress(id);
    }
  }

  orientationFor(state: GameState): Side | null {
    return storedSeat(state.id)?.colour ?? null;
  }

  // ---- the states shown ----------------------------------------------------------------

  // Whether the app should show this state: not an older (or the same) version of the game shown.
  accept(state: GameState): boolean {
    const switched = state.id !== this.state?.id;
    if (!switched && state.version !== undefined && this.state?.version !== undefined && state.version <= this.state.version) {
      return false;
    }
    if (switched) {
      this.notice = this.pendingNoticeFor === state.id ? this.notice : '';
      this.confirmingResign = false;
      this.followingRematch = false;
    }
    this.pendingNoticeFor = null;
    // A rematch created while this page watched the game: its players go there together.
    // (A finished game opened later stays put; its button leads to the rematch.)
    const rematchAppeared = !switched && !this.state?.rematch_id && !!state.rematch_id;
    if (!switched) this.noteDeclinedDraw(this.state!, state);
    this.state = state;
    this.seat = storedSeat(state.id);
    if (this.seat && state.online === false) this.seat = null;
    this.awayReceivedAt = performance.now();
    this.zeroRetries = switched ? 0 : this.zeroRetries;
    this.clocks.update(state.clock, state.result !== null);
    // A local game too: it may be played in another tab.
    this.connect(false);
    if (rematchAppeared) this.followRematch();
    this.tick();
    return true;
  }
  // The player whose draw offer the opponent declined is told so, until the next move.
  private noteDeclinedDraw(before: GameState, after: GameState): void {
    const mine = this.seat?.colour;
    const moves = after.history.length;
    if (this.notice === DRAW_DECLINED && moves !== this.declinedAt) this.notice = '';
    if (!after.online || !mine || before.draw_offer !== mine || after.draw_offer || after.result) return;
    if (moves !== before.history.length) return; // a move declines too, and says so itself
    this.notice = DRAW_DECLINED;
    this.declinedAt = moves;
  }

  // No game shown any more (an unknown game was asked for).
  forget(): void {
    this.disconnect();
    this.state = null;
    this.seat = null;
    this.notice = '';
    this.clocks.update(null, true);
    this.render();
  }

  // A sentence to show with a game about to be opened.
  private noticeFor(id: number, text: string): void {
    this.notice = text;
    this.pendingNoticeFor = id;
  }

  // May this page move now? Local games: as before. Online: only the seat holder, on its turn,
  // once both seats are taken.
  mayMove(state: GameState): boolean {
    if (!state.online) return true;
    if (!this.seat || state.result) return false;
    return this.seat.colour === state.turn && (state.seats ? state.seats.w && state.seats.b : true);
  }

  async playMove(state: GameState, move: string | { uci: string } | { san: string }): Promise<GameState> {
    if (!state.online || !this.seat) return api.playMove(state.id, move);
    const body: Record<string, unknown> = { ...(typeof move === 'string' ? { uci: move } : move), ply: state.ply ?? state.history.length };
    if (this.roundTripMs !== null) body.lag_ms = Math.round(Math.min(MAX_LAG_MS, this.roundTripMs / 2));
    const token = this.seat.token;
    try {
      return await this.timed(() => request<GameState>('POST', `${gamePath(state.id)}/moves`, body, token));
    } catch (error) {
      // The game moved on (another tab of this seat, a flag): show where it is now.
      if (error instanceof ApiError && error.status === 409) void this.refresh();
      throw error;
    }
  }

  // ---- live updates --------------------------------------------------------------------

  // The game's event stream, with this browser's seat token in the Authorization header (an
  // address would carry it into proxies' logs): it reconnects by itself like an EventSource.
  private connect(force: boolean): void {
    const state = this.state;
    if (!state) return;
    const token = this.seat?.token ?? '';
    const key = `${state.id}:${token}`;
    if (!force && this.events && this.eventsKey === key && !this.events.closed) return;
    this.disconnect();
    this.eventsKey = key;
    this.setConnection('connecting');
    const stream: EventStream = new EventStream(`${gamePath(state.id)}/events`, token || undefined, {
      onState: (streamState: StreamState) => {
        if (this.events !== stream) return;
        if (streamState === 'open') {
          serverReachedAgain();
          this.setConnection('online');
          void this.chat.reload(); // messages sent while the stream was down
        } else if (streamState === 'reconnecting') this.setConnection('reconnecting');
        else {
          // The server refused the stream: try again a little later.
          this.setConnection('offline');
          window.clearTimeout(this.reconnectTimer);
          this.reconnectTimer = window.setTimeout(() => this.connect(true), 3000);
        }
      },
      onEvent: (event: ServerSentEvent) => {
        if (this.events !== stream) return;
        if (event.name === 'presence') this.onPresence(event.data);
        else if (event.name === 'chat') this.onChatMessage(event.data);
        else if (event.name === 'change') this.onChangeMessage(event.data);
        else if (event.name === 'message' || event.name === 'state') this.onStateMessage(event.data);
      },
    });
    this.events = stream;
  }

  private onStateMessage(data: string): void {
    this.setConnection('online');
    let message: { version?: number; state?: GameState };
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.state && message.state.id === this.state?.id) this.host.show(message.state, true);
  }

  // A change of the game shown: applied to it if it follows its version, else the game is
  // read again (an event was missed).
  private onChangeMessage(data: string): void {
    this.setConnection('online');
    const state = this.state;
    if (!state) return;
    let change: GameChange<GameState['history'][number]>;
    try {
      change = JSON.parse(data);
    } catch {
      return;
    }
    const next = applyChange(state, change);
    if (next === 'gap') void this.refresh(true);
    else if (next !== 'seen') this.host.show(next, true);
  }

  private onChatMessage(data: string): void {
    try {
      this.chat.receive(JSON.parse(data) as ChatMessage);
    } catch {
      // a malformed message changes nothing
    }
  }

  // Who is there changes no version: the server sends it as its own event.
  private onPresence(data: string): void {
    if (!this.state) return;
    try {
      this.applyPresence(JSON.parse(data) as Presence);
    } catch {
      // a malformed message changes nothing
    }
  }

  private applyPresence(presence: Presence): void {
    const state = this.state!;
    if (typeof presence.spectators === 'number') state.spectators = presence.spectators;
    if (presence.away) {
      state.away = presence.away;
      this.awayReceivedAt = performance.now();
    }
    this.tick();
    this.render();
  }

  private disconnect(): void {
    window.clearTimeout(this.reconnectTimer);
    this.events?.close();
    this.events = null;
    this.eventsKey = '';
    this.setConnection('offline');
  }

  private setConnection(connection: Connection): void {
    if (this.connection === connection) return;
    this.connection = connection;
    if (this.state?.online) this.render();
  }

  // Asks for the state again (after a refused move, when a clock shows zero, or when the
  // stream skipped a version: `fromStream`).
  async refresh(fromStream = false): Promise<void> {
    const state = this.state;
    if (!state) return;
    try {
      const next = this.seat
        ? await request<GameState>('GET', gamePath(state.id), undefined, this.seat.token)
        : await api.getGame(state.id);
      if (next.id === this.state?.id) this.host.show(next, fromStream);
    } catch (error) {
      this.host.showError(error);
    }
  }

  private onClockZero(): void {
    // The server flags the clock; ask until the result is there (the stream brings it too).
    const state = this.state;
    if (!state || state.result || this.zeroRetries >= 8) return;
    this.zeroRetries += 1;
    window.setTimeout(() => {
      if (this.state?.id !== state.id || this.state.result) return;
      void this.refresh().then(() => {
        if (this.state?.id === state.id && !this.state.result && this.clocks.remaining(this.state.clock?.running ?? 'w') <= 0) {
          this.onClockZero();
        }
      });
    }, 400 * this.zeroRetries);
  }

  // ---- actions -------------------------------------------------------------------------

  private async act(route: string, body: Record<string, unknown>): Promise<void> {
    const state = this.state;
    const seat = this.seat;
    if (!state || !seat) return;
    await this.host.attempt(async () => {
      const next = await request<GameState>('POST', `${gamePath(state.id)}/${route}`, body, seat.token);
      this.host.show(next);
    });
  }

  private async rematch(): Promise<void> {
    const state = this.state;
    const seat = this.seat;
    if (!state || !seat) return;
    this.followingRematch = true;
    await this.host.attempt(async () => {
      try {
        const answer = await request<SeatedState>('POST', `${gamePath(state.id)}/rematch`, {}, seat.token);
        if (answer.rematch) return this.goToRematch(answer.rematch.id, answer.rematch.seat);
        this.host.show(answer);
      } finally {
        this.followingRematch = false;
      }
    });
  }

  // Both players asked for a rematch: each one fetches their own seat in the new game.
  private followRematch(): void {
    const state = this.state;
    const seat = this.seat;
    if (!state?.rematch_id || !seat || this.followingRematch) return;
    if (storedSeat(state.rematch_id)) return this.host.follow(state.rematch_id);
    this.followingRematch = true;
    void request<SeatedState>('POST', `${gamePath(state.id)}/rematch`, {}, seat.token)
      .then((answer) => {
        if (answer.rematch && this.state?.id === state.id) this.goToRematch(answer.rematch.id, answer.rematch.seat);
      })
      .catch((error) => this.host.showError(error))
      .finally(() => (this.followingRematch = false));
  }

  private goToRematch(id: number, seat: Seat): void {
    storeSeat(id, seat);
    this.host.follow(id);
  }

  // ---- drawing -------------------------------------------------------------------------

  // Adds each side's clock and presence to its strip above or below the board.
  decorateStrips(top: HTMLElement, bottom: HTMLElement, bottomSide: Side): void {
    const state = this.state;
    for (const [strip, side] of [
      [top, otherSide(bottomSide)],
      [bottom, bottomSide],
    ] as [HTMLElement, Side][]) {
      if (state?.online) {
        // "White (you)" rather than "White (human)": both sides are people here.
        const name = strip.querySelector('.side-name');
        if (name) name.textContent = `${sideName(side)}${this.seat?.colour === side ? ' (you)' : ''}`;
        const player = state.seat_players?.[side];
        if (player) strip.append(seatPlayerElement(player));
        const presence = document.createElement('span');
        presence.className = 'presence';
        presence.dataset.side = side;
        strip.append(presence);
      }
      strip.append(this.clocks.elements[side]);
    }
    this.renderPresence();
  }

  private renderPresence(): void {
    const state = this.state;
    if (!state?.online) return;
    for (const element of document.querySelectorAll<HTMLElement>('.presence')) {
      const side = element.dataset.side as Side;
      const free = state.seats ? !state.seats[side] : false;
      const away = !free && this.awayMs(side) !== null;
      // A player who is there keeps the word's place, unseen: the strip does not grow or shrink
      // a line as the opponent comes and goes, so the board never moves under a finger.
      element.textContent = free ? 'seat free' : 'away';
      element.classList.toggle('is-there', !free && !away);
      element.classList.toggle('is-away', away);
    }
  }

  private awayMs(side: Side): number | null {
    const away = this.state?.away?.[side];
    if (away === null || away === undefined) return null;
    return away + (performance.now() - this.awayReceivedAt);
  }

  // Re-draws once a second while something counts (the opponent's absence).
  private tick(): void {
    window.clearInterval(this.ticker);
    this.ticker = undefined;
    const state = this.state;
    if (state?.online && !state.result && state.away && (state.away.w !== null || state.away.b !== null)) {
      this.ticker = window.setInterval(() => this.render(), 1000);
    }
  }

  render(): void {
    const state = this.state;
    const p = this.panel;
    const online = !!state?.online;
    p.root.hidden = !online;
    // No engine help while an online game goes on; once it is over, its analysis has the bar.
    document.body.classList.toggle('online-game', online && state?.result === null);
    this.waiting.root.hidden = true;
    this.chat.show(state && online ? { gameId: state.id, token: this.seat?.token ?? null, over: state.result !== null } : null);
    if (!state || !online) return;
    const seat = this.seat;
    const mine = seat?.colour ?? null;
    const theirs = mine ? otherSide(mine) : null;
    const over = state.result !== null;
    const bothSeated = state.seats ? state.seats.w && state.seats.b : true;

    p.connection.textContent = CONNECTION_TEXT[this.connection];
    p.connection.dataset.state = this.connection;
    p.seatNote.textContent = mine ? `You play ${sideName(mine)}` : 'You are watching';
    const watching = state.spectators ?? 0;
    p.spectators.textContent = `${watching} watching`;
    p.clockKind.textContent = describeClock(state.clock);
    p.notice.textContent = this.notice;
    p.notice.hidden = !this.notice;

    // The waiting screen until the second player has joined.
    this.waiting.root.hidden = bothSeated || over;
    if (!bothSeated && !over) {
      const invite = mine ? seat?.invite : null;
      this.waiting.heading.textContent = mine ? 'Waiting for your opponent' : 'Waiting for the second player';
      this.waiting.text.textContent = invite
        ? 'Send this link to the friend you want to play. The first person to open it takes the other seat; anyone after them watches.'
        : mine
          ? 'The game starts when your opponent opens the invite link.'
          : 'The game starts when someone opens the invite link.';
      this.waiting.inviteRow.hidden = !invite;
      if (invite && this.waiting.inviteLink.value !== invite) this.waiting.inviteLink.value = invite;
    }

    // The opponent gone: a notice, and the claim once it is allowed (lichess's rule: in a
    // real-time game from the lobby or a challenge, on the absent player's turn; the server
    // sends no claim_after_ms where a claim is never allowed).
    const away = theirs && !over && bothSeated ? this.awayMs(theirs) : null;
    p.away.hidden = away === null;
    if (away !== null && theirs) {
      const claimAfter = state.claim_after_ms ?? null;
      const theirTurn = state.turn === theirs;
      const allowed = claimAfter !== null && theirTurn && away >= claimAfter;
      let text = `Your opponent left ${formatSeconds(away)} ago.`;
      if (claimAfter !== null && theirTurn && !allowed) text += ` You can claim victory in ${formatSeconds(claimAfter - away)}.`;
      if (claimAfter !== null && !theirTurn) text += ' Once it is their move you can claim victory if they stay away.';
      p.awayText.textContent = text + ' ';
      p.claimButton.hidden = !allowed;
    }

    // Offers from the opponent.
    const drawFromThem = !over && !!theirs && state.draw_offer === theirs;
    p.drawOffer.hidden = !drawFromThem;
    if (drawFromThem) p.drawText.textContent = `${sideName(theirs!)} offers a draw. `;
    const takebackFromThem = !over && !!theirs && state.takeback_offer === theirs;
    p.takebackOffer.hidden = !takebackFromThem;
    if (takebackFromThem) p.takebackText.textContent = `${sideName(theirs!)} asks to take back their last move. `;

    // My buttons.
    const playing = !!mine && !over && bothSeated;
    const beforeBothMoved = state.history.length < 2;
    p.drawButton.hidden = !playing || drawFromThem || beforeBothMoved;
    p.drawButton.disabled = state.draw_offer === mine;
    p.drawButton.textContent = state.draw_offer === mine ? 'Draw offered' : 'Offer draw';
    p.takebackButton.hidden = !playing || takebackFromThem || state.history.length === 0;
    p.takebackButton.disabled = state.takeback_offer === mine;
    p.takebackButton.textContent = state.takeback_offer === mine ? 'Takeback asked' : 'Ask to take back';
    p.abortButton.hidden = !mine || over || !beforeBothMoved;
    // Berserk: in an arena game that allows it, before my own first move, once.
    const berserk = state.clock?.berserk;
    const myMovesMade = mine === 'w' ? state.history.length >= 1 : state.history.length >= 2;
    p.berserkButton.hidden = !mine || over || !berserk?.allowed || berserk[mine] || myMovesMade;
    const berserked = (['w', 'b'] as const).filter((side) => berserk?.[side]);
    p.berserkNote.hidden = berserked.length === 0;
    p.berserkNote.textContent = berserked
      .map((side) => (side === mine ? 'You went berserk' : `${sideName(side)} went berserk`))
      .join(' · ');
    p.resignButton.hidden = !playing || beforeBothMoved || this.confirmingResign;
    p.resignConfirm.hidden = !playing || !this.confirmingResign;
    p.rematchButton.hidden = !mine || !over;
    const rematchFromThem = !!theirs && state.rematch_offer === theirs;
    p.rematchButton.disabled = this.followingRematch || (!state.rematch_id && state.rematch_offer === mine);
    p.rematchButton.textContent = state.rematch_id
      ? 'Go to the rematch'
      : state.rematch_offer === mine
        ? 'Rematch offered'
        : rematchFromThem
          ? 'Accept the rematch'
          : 'Rematch';
    p.watchRematchButton.hidden = !!mine || !state.rematch_id;

    p.seatBox.hidden = !mine;
    if (seat?.link && p.seatLink.value !== seat.link) p.seatLink.value = seat.link;
    this.renderPresence();
  }

  // Measures a request's round trip: half of it is the lag sent with moves (docs/api.md).
  private async timed<T>(call: () => Promise<T>): Promise<T> {
    const start = performance.now();
    const answer = await call();
    const trip = performance.now() - start;
    this.roundTripMs = this.roundTripMs === null ? trip : 0.7 * this.roundTripMs + 0.3 * trip;
    return answer;
  }
}

function formatSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

// A seat's player in its side strip: the name (a link to their page) and the rating, "?"
// while provisional.
function seatPlayerElement(player: SeatPlayerInfo): HTMLElement {
  const element = document.createElement('span');
  element.className = 'seat-player';
  if (player.bot) {
    const title = document.createElement('span');
    title.className = 'bot-title';
    title.textContent = 'BOT';
    element.append(title, ' ');
  }
  element.append(playerName(player.name));
  if (typeof player.rating === 'number') {
    const rating = document.createElement('span');
    rating.className = 'seat-rating';
    rating.textContent = `${Math.round(player.rating)}${player.provisional ? '?' : ''}`;
    element.append(' ', rating);
  }
  return element;
}
