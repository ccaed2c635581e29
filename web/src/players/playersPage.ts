// The player pages (`#/@/NAME`) and the leaderboard (`#leaderboard=VARIANT`), shown instead
// of the game while open, from GET /api/players/{name} and GET /api/leaderboard/{variant}.
import './players.css';
import { ApiError, request, type ServerInfo, type Variant } from '../api';
import { variantTitle } from '../variantTitles';
import { describeError } from '../notices';
import { botTitle, titledName } from './playerLink';
import {
  BUILT_IN_VARIANTS,
  emptyLeaderboardText,
  graphRatings,
  leaderboardAddress,
  leaderboardLists,
  outcomeText,
  ratingLabel,
  recordText,
  type Leaderboard,
  type LeaderboardEntry,
  type PlayerProfile,
  type PlayersAddress,
  type RecentGame,
} from './playersModel';
import { ratingGraph } from './ratingGraph';

export class PlayersView {
  private readonly root: HTMLElement;
  private readonly variants: Variant[];
  // Counts the pages asked for: an answer for a page left meanwhile is dropped.
  private asked = 0;

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    info: ServerInfo,
  ) {
    this.root = document.createElement('main');
    this.root.id = 'players-view';
    this.root.className = 'players-view';
    this.root.hidden = true;
    hideWhileOpen.after(this.root);
    const known = new Set(info.variants.map((v) => v.name));
    this.variants = BUILT_IN_VARIANTS.filter((v) => known.has(v));
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  async open(address: PlayersAddress): Promise<void> {
    const asked = ++this.asked;
    const opening = !this.isOpen;
    this.hideWhileOpen.hidden = true;
    this.root.hidden = false;
    this.root.setAttribute('aria-busy', 'true');
    if (opening) window.scrollTo(0, 0);
    let content: HTMLElement[];
    try {
      content =
        address.kind === 'player'
          ? this.playerPage(await request<PlayerProfile>('GET', `/api/players/${encodeURIComponent(address.name)}`))
          : this.leaderboardPage(await request<Leaderboard>('GET', `/api/leaderboard/${encodeURIComponent(address.variant)}`));
    } catch (error) {
      const missing = error instanceof ApiError && error.status === 404 && address.kind === 'player';
      content = [heading(address.kind === 'player' ? address.name : 'Leaderboard'), notFound(missing ? address.name : null, error)];
    }
    if (asked !== this.asked || !this.isOpen) return;
    this.root.replaceChildren(...content);
    this.root.removeAttribute('aria-busy');
  }

  close(): void {
    if (!this.isOpen) return;
    this.asked++;
    this.root.hidden = true;
    this.root.replaceChildren();
    this.hideWhileOpen.hidden = false;
  }

  private playerPage(profile: PlayerProfile): HTMLElement[] {
    const title = heading(profile.name);
    if (profile.bot) title.prepend(botTitle(), ' ');
    const since = paragraph(
      'players-note',
      `${profile.bot ? 'A bot, playing by challenge, here' : 'Playing here'} since ${new Date(profile.created_ms).toLocaleDateString()}.`,
    );

    const ratings = section('Ratings', 'player-ratings');
    const rated = [...this.variants, ...Object.keys(profile.ratings).filter((v) => !this.variants.includes(v))].filter(
      (v) => profile.ratings[v],
    );
    if (rated.length === 0) ratings.append(paragraph('players-note', 'No rated games yet.'));
    const cards = document.createElement('div');
    cards.className = 'rating-cards';
    for (const variant of rated) {
      const rating = profile.ratings[variant];
      const card = document.createElement('article');
      card.className = 'rating-card';
      card.dataset.variant = variant;
      const name = document.createElement('h4');
      name.append(link(leaderboardAddress(variant), variantTitle(variant)));
      const value = paragraph('rating-value', ratingLabel(rating));
      if (rating.provisional) value.title = 'Provisional: a few more rated games settle it';
      card.append(name, value, paragraph('rating-record', recordText(rating)));
      const points = graphRatings(profile.history[variant] ?? []);
      if (points.length > 0) {
        const words = points.map((p) => Math.round(p)).join(', ');
        card.append(ratingGraph(points, `${variantTitle(variant)} rating, from the first rated game on: ${words}`));
      }
      cards.append(card);
    }
    if (rated.length > 0) ratings.append(cards);

    const games = section('Recent games', 'player-games');
    if (profile.recent_games.length === 0) games.append(paragraph('players-note', 'No games from the lobby yet.'));
    else {
      const list = document.createElement('ul');
      list.className = 'recent-games';
      list.append(...profile.recent_games.map((game) => recentGameRow(game)));
      games.append(list);
    }
    return [this.links(), title, since, ratings, games];
  }

  // The people's ranking, then the bots' apart from it (a section of its own when there are any).
  private leaderboardPage(board: Leaderboard): HTMLElement[] {
    const title = heading(`Leaderboard: ${variantTitle(board.variant)}`);
    const { people, bots } = leaderboardLists(board);
    const shown: HTMLElement[] = [this.tabs(board.variant), title];
    shown.push(
      people.length
        ? leaderboardTable(people, 'leaderboard', 'Player')
        : paragraph('players-note leaderboard-empty', emptyLeaderboardText(board)),
    );
    if (bots.length) {
      const block = section('Bots', 'leaderboard-bots');
      block.append(
        paragraph('players-note', 'Programs that play by challenge, ranked apart from the people.'),
        leaderboardTable(bots, 'leaderboard bot-leaderboard', 'Bot'),
      );
      shown.push(block);
    }
    return shown;
  }

  // The leaderboard's tabs, one per rated variant, `current` the one shown; then the lobby.
  private tabs(current: Variant): HTMLElement {
    const nav = navigation('Leaderboard of each variant');
    nav.prepend(
      ...this.variants.map((variant) => {
        const tab = link(leaderboardAddress(variant), variantTitle(variant));
        if (variant === current) tab.setAttribute('aria-current', 'page');
        return tab;
      }),
    );
    return nav;
  }

  // A player page's ways on: the leaderboard and the lobby.
  private links(): HTMLElement {
    const nav = navigation('Players');
    nav.prepend(link('#leaderboard', 'Leaderboard'));
    return nav;
  }
}

function leaderboardTable(entries: LeaderboardEntry[], className: string, who: string): HTMLTableElement {
  const table = document.createElement('table');
  table.className = className;
  const head = table.createTHead().insertRow();
  for (const label of ['Rank', who, 'Rating', 'Games']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = label;
    head.append(th);
  }
  const body = table.createTBody();
  for (const entry of entries) {
    const row = body.insertRow();
    row.insertCell().textContent = String(entry.rank);
    row.insertCell().append(titledName(entry.name, entry.bot));
    row.insertCell().textContent = ratingLabel(entry);
    row.insertCell().textContent = String(entry.games);
  }
  return table;
}

function recentGameRow(game: RecentGame): HTMLLIElement {
  const row = document.createElement('li');
  row.className = 'recent-game';
  row.dataset.game = String(game.id);
  const open = document.createElement('a');
  open.href = `#game=${game.id}`;
  open.className = 'recent-game-open';
  open.textContent = game.ended === null ? `Open #${game.id}` : `Review #${game.id}`;
  const what = document.createElement('span');
  what.className = 'recent-game-what';
  what.append(`${variantTitle(game.variant)}, ${game.rated ? 'rated' : 'casual'}, ${game.colour === 'w' ? 'White' : 'Black'} against `);
  what.append(game.opponent ? titledName(game.opponent, game.opponent_bot) : 'nobody yet');
  const outcome = document.createElement('span');
  outcome.className = `recent-game-outcome outcome-${game.outcome ?? 'none'}`;
  outcome.textContent = outcomeText(game) + (game.ended ? `, ${new Date(game.ended).toLocaleDateString()}` : '');
  row.append(open, what, outcome);
  return row;
}

// A row of links that ends with the lobby's.
function navigation(label: string): HTMLElement {
  const nav = document.createElement('nav');
  nav.className = 'rules-tabs players-tabs';
  nav.setAttribute('aria-label', label);
  const lobby = link('#lobby', 'Lobby');
  lobby.className = 'players-lobby-link';
  nav.append(lobby);
  return nav;
}

function link(href: string, text: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

function notFound(name: string | null, error: unknown): HTMLElement {
  const box = paragraph('players-missing', name !== null ? `No such player: nobody here has the name "${name}".` : describeError(error));
  box.setAttribute('role', 'alert');
  return box;
}

function heading(text: string): HTMLHeadingElement {
  const h = document.createElement('h2');
  h.className = 'players-title';
  h.textContent = text;
  return h;
}

function section(title: string, className: string): HTMLElement {
  const block = document.createElement('section');
  block.className = `players-section ${className}`;
  const h = document.createElement('h3');
  h.textContent = title;
  block.append(h);
  return block;
}

function paragraph(className: string, text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}
