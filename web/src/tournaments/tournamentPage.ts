// One arena's page (address #tournament=ID), like lichess's: its name, settings, state and
// countdown (to the start, or to the end), the join and withdraw buttons (withdrawing from a
// running arena pauses: joining again resumes with the score kept), the standings in the
// server's pages with the player's own row marked (pinned above when on another page), the
// running games and the player's own, and the podium once it is over. The event is read again
// every few seconds while the page is open. A pairing comes on the lobby stream as a seek's
// game does (the app goes to the board at once); `gameBegan` adds the sound, and a game seen
// first in a reading here is gone to as well, should the stream have missed it.
import './tournaments.css';
import { ApiError } from '../api';
import { describeError } from '../notices';
import type { Me } from '../player';
import { countdown, make } from './elements';
import { PodiumView } from './podium';
import { standingsTable } from './standingsTable';
import { tournamentApi } from './tournamentApi';
import {
  ENTRY_LABELS,
  deadlineOf,
  entryAction,
  isMaker,
  pageCount,
  pageOfRank,
  playersText,
  settingsText,
  standingRows,
  statusText,
  type ArenaDetails,
  type EntryAction,
  type StandingPlayer,
} from './tournamentModel';

const REFRESH_MS = 3000;

export class TournamentView {
  private readonly root: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly settings: HTMLElement;
  private readonly status: HTMLElement;
  private readonly players: HTMLElement;
  private readonly entry: HTMLButtonElement;
  private readonly signIn: HTMLElement;
  private readonly ending: HTMLElement;
  private readonly myGame: HTMLElement;
  private readonly games: HTMLElement;
  private readonly podium = new PodiumView();
  private readonly standings: HTMLElement;
  private readonly pager: HTMLElement;
  private readonly message: HTMLElement;
  private me: Me = { name: '', anonymous: true };
  private id = '';
  private arena: ArenaDetails | null = null;
  private deadline: number | null = null;
  // The standings' page asked for; null: the one with the player's row (lichess's default).
  private chosenPage: number | null = null;
  // The player's game when the page opened: a later one is new, and gone to.
  private knownGame: string | null | undefined = undefined;
  // What each part was last drawn from: a reading that changes nothing redraws nothing, so
  // that the focus (a player's link, a pager button) stays where it is between readings.
  private readonly drawn = new Map<string, string>();
  private refreshTimer: number | undefined;
  private tickTimer: number | undefined;
  private asked = 0;

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    private readonly openAccount: () => void,
    // A game of this player's began while they look at the page: told with a sound.
    private readonly announceGame: () => void,
  ) {
    this.root = make('main', { id: 'tournament-view', className: 'tournament-view', hidden: true });
    this.root.setAttribute('aria-labelledby', 'tournament-heading');
    const back = make('a', { href: '#tournaments', className: 'player-link', textContent: '← Tournaments' });
    this.heading = make('h2', { id: 'tournament-heading', className: 'lobby-title', tabIndex: -1 });
    this.settings = make('p', { id: 'arena-settings', className: 'lobby-note' });
    this.status = countdown('arena-status');
    this.status.id = 'arena-status';
    this.players = make('span', { id: 'arena-players', className: 'arena-players' });
    const state = make('p', { className: 'arena-state' });
    state.append(this.status, this.players);

    this.entry = make('button', { type: 'button', id: 'arena-entry' });
    this.entry.addEventListener('click', () => void this.act());
    this.signIn = make('p', { className: 'lobby-note', hidden: true });
    const signInButton = make('button', { type: 'button', className: 'secondary', textContent: 'Sign in' });
    signInButton.addEventListener('click', () => this.openAccount());
    this.signIn.append(signInButton, ' to play in this arena.');
    this.ending = make('div', { className: 'arena-ending', hidden: true });
    const controls = make('div', { className: 'controls arena-controls' });
    controls.append(this.entry, this.ending);
    this.myGame = make('p', { id: 'arena-my-game', className: 'arena-my-game', hidden: true });
    this.myGame.setAttribute('role', 'status');
    this.message = make('p', { className: 'error-message', hidden: true });
    this.message.setAttribute('role', 'alert');

    this.games = make('p', { id: 'arena-games', className: 'lobby-note' });
    const standingsSection = make('section', { className: 'lobby-section arena-standings-section' });
    standingsSection.setAttribute('aria-labelledby', 'arena-standings-heading');
    this.standings = make('div', { className: 'arena-standings-wrap' });
    this.pager = make('nav', { className: 'arena-pager' });
    this.pager.setAttribute('aria-label', 'Pages of the standings');
    standingsSection.append(
      make('h3', { id: 'arena-standings-heading', textContent: 'Standings' }),
      this.standings,
      this.pager,
      this.games,
    );

    this.root.append(
      back,
      this.heading,
      this.settings,
      state,
      controls,
      this.signIn,
      this.myGame,
      this.message,
      this.podium.element,
      standingsSection,
    );
    hideWhileOpen.after(this.root);
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  open(id: string): void {
    if (!this.isOpen || id !== this.id) {
      this.id = id;
      this.arena = null;
      this.chosenPage = null;
      this.knownGame = undefined;
      this.heading.textContent = 'Tournament';
      this.standings.replaceChildren();
      this.drawn.clear();
      this.podium.show(null);
      this.hideWhileOpen.hidden = true;
      this.root.hidden = false;
      window.scrollTo(0, 0);
      window.clearInterval(this.tickTimer);
      this.tickTimer = window.setInterval(() => this.tick(), 1000);
    }
    void this.refresh();
  }

  close(): void {
    if (!this.isOpen) return;
    this.asked++;
    window.clearTimeout(this.refreshTimer);
    window.clearInterval(this.tickTimer);
    this.root.hidden = true;
    this.hideWhileOpen.hidden = false;
  }

  setPlayer(me: Me): void {
    this.me = me;
    if (this.isOpen) void this.refresh();
  }

  // The lobby stream's "game" event (the app is going to the board): the sound, when this
  // player is in the arena on screen.
  gameBegan(): void {
    if (this.isOpen && this.arena?.me && !this.arena.me.withdraw) this.announceGame();
  }

  private async refresh(): Promise<void> {
    const asked = ++this.asked;
    window.clearTimeout(this.refreshTimer);
    try {
      const first = await tournamentApi.event(this.id, this.chosenPage ?? 1);
      let arena = first;
      // The page with the player's row, unless another was chosen; their row, from its page.
      const ownPage = first.me ? pageOfRank(first.me.rank) : 1;
      if (this.chosenPage === null && ownPage !== first.standing.page) arena = await tournamentApi.event(this.id, ownPage);
      let ownRow: StandingPlayer | null = null;
      if (arena.me && ownPage !== arena.standing.page) ownRow = this.ownRowOf(await tournamentApi.event(this.id, ownPage));
      if (asked !== this.asked) return;
      this.show('');
      this.arena = arena;
      this.deadline = deadlineOf(arena, Date.now());
      this.render(ownRow);
      this.followGame(arena);
    } catch (error) {
      if (asked !== this.asked) return;
      const missing = error instanceof ApiError && error.status === 404;
      this.show(missing ? `There is no tournament ${this.id}.` : error instanceof ApiError ? error.message : describeError(error));
    } finally {
      if (asked === this.asked && this.isOpen && !this.arena?.isFinished)
        this.refreshTimer = window.setTimeout(() => void this.refresh(), REFRESH_MS);
    }
  }

  private ownRowOf(page: ArenaDetails): StandingPlayer | null {
    return page.standing.players.find((p) => p.name.toLowerCase() === this.me.name.toLowerCase()) ?? null;
  }

  // A game of the player's first seen after the page opened: gone to with its seat.
  private followGame(arena: ArenaDetails): void {
    const game = arena.me?.gameId ?? null;
    if (this.knownGame === undefined) this.knownGame = game;
    if (!game || game === this.knownGame) return;
    this.knownGame = game;
    this.announceGame();
    location.hash = `#game=${game}&seat=${encodeURIComponent(arena.me!.seatToken ?? '')}`;
  }

  private render(ownRow: StandingPlayer | null): void {
    const arena = this.arena!;
    this.heading.textContent = arena.fullName;
    this.settings.textContent = `${settingsText(arena)} · by ${arena.createdBy}`;
    this.players.textContent =
      arena.isStarted && !arena.isFinished
        ? ` · ${playersText(arena.nbPlayers)}, ${arena.nbActivePlayers} playing on`
        : ` · ${playersText(arena.nbPlayers)}`;
    this.renderEntry(entryAction(arena, !this.me.anonymous));
    this.renderEnding(arena);
    this.redraw('games', [arena.me?.gameId, arena.me?.seatToken, arena.topGames, arena.isStarted, arena.isFinished], () =>
      this.renderGames(arena),
    );
    this.podium.show(arena.podium ?? null);
    const { rows, pinned } = standingRows(arena.standing.players, this.me.anonymous ? '' : this.me.name, ownRow);
    this.redraw('standings', [rows, pinned, arena.streakable], () => {
      if (rows.length) this.standings.replaceChildren(standingsTable(rows, pinned, arena.streakable));
      else this.standings.replaceChildren(make('p', { className: 'lobby-note', textContent: 'Nobody has joined yet.' }));
    });
    this.redraw('pager', [arena.standing.page, arena.nbPlayers], () => this.renderPager(arena));
    this.tick();
  }

  private redraw(part: string, from: unknown, draw: () => void): void {
    const key = JSON.stringify(from);
    if (this.drawn.get(part) === key) return;
    this.drawn.set(part, key);
    draw();
  }

  private renderEntry(action: EntryAction): void {
    this.entry.hidden = action === null;
    this.signIn.hidden = !(this.me.anonymous && this.arena && !this.arena.isFinished);
    if (!action) return;
    this.entry.textContent = ENTRY_LABELS[action];
    this.entry.dataset.action = action;
    this.entry.className = action === 'withdraw' || action === 'pause' ? 'secondary' : '';
  }

  private async act(): Promise<void> {
    const action = this.entry.dataset.action as EntryAction;
    if (!action) return;
    this.entry.disabled = true;
    try {
      await (action === 'join' || action === 'resume' ? tournamentApi.join(this.id) : tournamentApi.withdraw(this.id));
      await this.refresh();
    } catch (error) {
      this.show(error instanceof ApiError ? error.message : describeError(error));
    } finally {
      this.entry.disabled = false;
      this.entry.focus();
    }
  }

  // The maker may end the arena at once, after saying so a second time.
  private renderEnding(arena: ArenaDetails): void {
    const mayEnd = isMaker(arena, this.me.anonymous ? '' : this.me.name) && !arena.isFinished;
    this.ending.hidden = !mayEnd;
    if (!mayEnd || this.ending.childElementCount) return;
    const end = make('button', { type: 'button', id: 'arena-end', className: 'secondary', textContent: 'End the arena' });
    end.addEventListener('click', () => {
      const yes = make('button', { type: 'button', id: 'arena-end-confirm', className: 'danger', textContent: 'End it now' });
      const no = make('button', { type: 'button', className: 'secondary', textContent: 'Keep it' });
      const question = make('span', { className: 'arena-end-question', textContent: 'End the arena for everyone?' });
      const reset = () => {
        this.ending.replaceChildren(end);
        end.focus();
      };
      no.addEventListener('click', reset);
      yes.addEventListener('click', () => void this.terminate(yes));
      this.ending.replaceChildren(question, yes, no);
      no.focus();
    });
    this.ending.replaceChildren(end);
  }

  private async terminate(button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    try {
      await tournamentApi.terminate(this.id);
      this.ending.replaceChildren();
      await this.refresh();
      this.heading.focus();
    } catch (error) {
      button.disabled = false;
      this.show(error instanceof ApiError ? error.message : describeError(error));
    }
  }

  private renderGames(arena: ArenaDetails): void {
    const game = arena.me?.gameId;
    this.myGame.hidden = !game;
    if (game) {
      const link = make('a', {
        id: 'arena-my-game-link',
        href: `#game=${game}&seat=${encodeURIComponent(arena.me!.seatToken ?? '')}`,
        textContent: 'Go to your game',
      });
      this.myGame.replaceChildren('Your game is on: ', link);
    }
    this.games.hidden = !arena.isStarted || arena.isFinished;
    const count = arena.topGames.length;
    this.games.replaceChildren(
      count === 0 ? 'No game is being played.' : count === 1 ? '1 game being played: ' : `${count} games being played: `,
    );
    arena.topGames.forEach((id, i) => {
      this.games.append(i ? ', ' : '', make('a', { href: `#game=${id}`, className: 'player-link', textContent: `#${id}` }));
    });
  }

  private renderPager(arena: ArenaDetails): void {
    const pages = pageCount(arena.nbPlayers);
    this.pager.hidden = pages <= 1;
    if (pages <= 1) return this.pager.replaceChildren();
    const page = arena.standing.page;
    const go = (to: number) => {
      this.chosenPage = to;
      void this.refresh();
    };
    const previous = make('button', { type: 'button', className: 'secondary', textContent: 'Previous', disabled: page <= 1 });
    previous.addEventListener('click', () => go(page - 1));
    const next = make('button', { type: 'button', className: 'secondary', textContent: 'Next', disabled: page >= pages });
    next.addEventListener('click', () => go(page + 1));
    // The button pressed keeps the focus on the new page (the other one, at either end).
    const pressed = this.pager.contains(document.activeElement) ? document.activeElement?.textContent : null;
    this.pager.replaceChildren(previous, make('span', { textContent: `Page ${page} of ${pages}` }), next);
    if (pressed) (previous.textContent === pressed && !previous.disabled ? previous : next.disabled ? previous : next).focus();
  }

  private tick(): void {
    if (!this.arena) return;
    const now = Date.now();
    this.status.textContent = statusText(this.arena, this.deadline, now);
  }

  private show(text: string): void {
    this.message.textContent = text;
    this.message.hidden = !text;
  }
}
