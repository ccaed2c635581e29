// "My games" (address #my-games): the online games this player sits at, their turn first, a
// page of the site shown instead of the game; the header's badge counting the games waiting
// for their move; and the notice, on any page, when the turn passes to them in a
// correspondence game (the lobby stream's "your_turn").
import './myGames.css';
import { request } from '../api';
import { variantTitle } from '../variantTitles';
import { describeSeekClock } from '../lobby/lobbyModel';
import { playerName, titledName } from '../players/playerLink';
import {
  applyYourTurn,
  myTimeLeftText,
  opponentText,
  shownOpponent,
  orderMyGames,
  statusText,
  timeLeftText,
  yourTurnCount,
  type MyGame,
  type YourTurnEvent,
} from './myGamesModel';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export class MyGamesView {
  private readonly root = byId('my-games-view');
  private readonly list = byId<HTMLUListElement>('my-games-list');
  private readonly badge = byId('my-games-badge');
  private readonly notice = byId('turn-notice');
  private games: MyGame[] = [];
  private readAt = performance.now();

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    // True while the player is looking at that game (no notice for it then).
    private readonly isViewing: (id: number) => boolean,
  ) {}

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  open(): void {
    if (!this.isOpen) {
      this.hideWhileOpen.hidden = true;
      this.root.hidden = false;
      window.scrollTo(0, 0);
    }
    void this.refresh();
  }

  close(): void {
    if (!this.isOpen) return;
    this.root.hidden = true;
    this.hideWhileOpen.hidden = false;
  }

  // Reads the list again (a new player, a game begun or ended, the page opened).
  async refresh(): Promise<void> {
    try {
      this.games = orderMyGames(await request<MyGame[]>('GET', '/api/games?scope=mine'));
      this.readAt = performance.now();
    } catch {
      this.games = []; // a server without players: no list, no badge
    }
    this.render();
  }

  // The lobby stream's "your_turn": the badge and the list at once, then a notice unless the
  // player is looking at that game already; the list is read again for the clocks.
  yourTurn(event: YourTurnEvent): void {
    this.games = applyYourTurn(this.games, event);
    this.render();
    if (!this.isViewing(event.id)) this.showNotice(event);
    void this.refresh();
  }

  private showNotice(event: YourTurnEvent): void {
    const text = document.createElement('span');
    text.className = 'turn-notice-text';
    text.append(
      'Your turn',
      ...(event.opponent ? [' against ', playerName(event.opponent)] : []),
      ` (${variantTitle(event.variant)}, ${timeLeftText(event.time_left_ms)} left). `,
    );
    const link = document.createElement('a');
    link.href = `#game=${event.id}`;
    link.className = 'turn-notice-link';
    link.textContent = 'Open the game';
    link.addEventListener('click', () => (this.notice.hidden = true));
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'secondary turn-notice-dismiss';
    dismiss.textContent = 'Dismiss';
    dismiss.addEventListener('click', () => (this.notice.hidden = true));
    this.notice.dataset.game = String(event.id);
    this.notice.replaceChildren(text, link, dismiss);
    this.notice.hidden = false;
  }

  private render(): void {
    const waiting = yourTurnCount(this.games);
    this.badge.textContent = String(waiting);
    this.badge.hidden = waiting === 0;
    byId('my-games-link').title = waiting ? `Your turn in ${waiting} ${waiting === 1 ? 'game' : 'games'}` : '';
    if (!this.isOpen) return;
    byId('my-games-empty').hidden = this.games.length > 0;
    const elapsed = performance.now() - this.readAt;
    this.list.replaceChildren(...this.games.map((game) => this.row(game, elapsed)));
  }

  private row(game: MyGame, elapsedMs: number): HTMLElement {
    const row = document.createElement('li');
    row.className = 'my-game';
    row.dataset.game = String(game.id);
    row.classList.toggle('is-your-turn', game.result === null && game.your_turn);
    row.classList.toggle('is-over', game.result !== null);
    const opponent = document.createElement('span');
    opponent.className = 'my-game-opponent';
    const shown = shownOpponent(game);
    if (shown) {
      opponent.append('vs ', titledName(shown.name, shown.bot), opponentText(shown).slice(shown.name.length));
    } else opponent.textContent = 'vs ' + opponentText(null);
    const kind = document.createElement('span');
    kind.className = 'my-game-kind';
    kind.textContent = `${variantTitle(game.variant)} ${describeSeekClock(clockRequestOf(game))}${game.rated ? ', rated' : ''}`;
    const status = document.createElement('span');
    status.className = 'my-game-status';
    status.textContent = statusText(game);
    const time = document.createElement('span');
    time.className = 'my-game-time';
    const left = myTimeLeftText(game, elapsedMs);
    time.textContent = left ? `${left} left` : '';
    const open = document.createElement('a');
    open.className = 'my-game-open';
    open.href = `#game=${game.id}`;
    open.textContent = game.result === null ? 'Play' : 'Review';
    row.append(opponent, kind, status, time, open);
    return row;
  }
}

function clockRequestOf(game: MyGame) {
  if (!game.clock) return null;
  if (game.clock.days_per_move !== null) return { days_per_move: game.clock.days_per_move };
  return { initial_ms: game.clock.initial_ms, increment_ms: game.clock.increment_ms };
}
