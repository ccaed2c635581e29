// Player pages and the leaderboard as data (docs/api.md "Players and ratings"): their
// addresses, the answers' shapes and the words they are shown with. No DOM here, so that
// node's unit tests run it as it is.
import type { GameResult, Side, Variant } from '../api';

export interface VariantRating {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  provisional: boolean;
}

export interface RatingPoint {
  game_id: number;
  rating: number;
  rd: number;
  change: number;
  ended_ms: number;
}

export interface RecentGame {
  id: number;
  variant: Variant;
  colour: Side;
  opponent: string | null;
  opponent_bot?: boolean; // the opponent is a bot account: "BOT" beside its name
  rated: boolean;
  result: GameResult | null;
  reason: string | null;
  outcome: 'win' | 'draw' | 'loss' | null;
  ended: string | null;
}

export interface PlayerProfile {
  name: string;
  bot?: boolean; // a bot account (docs/bots.md): "BOT" beside the name
  created_ms: number;
  ratings: Record<Variant, VariantRating>;
  history: Record<Variant, RatingPoint[]>;
  recent_games: RecentGame[];
}

export interface LeaderboardEntry extends VariantRating {
  rank: number;
  name: string;
  bot?: boolean;
}

export interface Leaderboard {
  variant: Variant;
  cut_off: { rd_at_most: number; played_within_days: number };
  players: LeaderboardEntry[]; // people
  bots?: LeaderboardEntry[]; // bot accounts, ranked apart (absent from servers before bots)
}

// The variants that are rated, in the order of their tabs (a variant read from a file is casual only).
export const BUILT_IN_VARIANTS: readonly Variant[] = ['evochess', 'echess', 'promoteking', 'chess'];

// ---- addresses ---------------------------------------------------------------------------

export type PlayersAddress = { kind: 'player'; name: string } | { kind: 'leaderboard'; variant: Variant };

// `#/@/NAME` a player's page, `#leaderboard` or `#leaderboard=VARIANT` the leaderboard
// (EvoChess's unless a built-in variant is named); null for every other address.
export function readPlayersAddress(hash: string): PlayersAddress | null {
  const player = /^#\/@\/([^/?&#]+)\/?$/.exec(hash);
  if (player) {
    let name: string;
    try {
      name = decodeURIComponent(player[1]).trim();
    } catch {
      return null;
    }
    return name ? { kind: 'player', name } : null;
  }
  const board = /^#leaderboard(?:=([A-Za-z0-9_-]*))?$/.exec(hash);
  if (!board) return null;
  const variant = board[1] && BUILT_IN_VARIANTS.includes(board[1]) ? board[1] : 'evochess';
  return { kind: 'leaderboard', variant };
}

export const playerAddress = (name: string) => `#/@/${encodeURIComponent(name)}`;
export const leaderboardAddress = (variant: Variant) => `#leaderboard=${variant}`;

// An account's name (docs/api.md: 3-20 of [A-Za-z0-9_-]); an anonymous visitor's ("Anonymous 4F2A") has no page.
export const isAccountName = (name: string | null | undefined): name is string => !!name && /^[A-Za-z0-9_-]{3,20}$/.test(name);

// ---- words -------------------------------------------------------------------------------

// "1662" or "1662?" while provisional.
export const ratingLabel = (rating: Pick<VariantRating, 'rating' | 'provisional'>) =>
  `${Math.round(rating.rating)}${rating.provisional ? '?' : ''}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// "3 games: 2 won, 0 drawn, 1 lost".
export const recordText = (r: Pick<VariantRating, 'games' | 'wins' | 'draws' | 'losses'>) =>
  `${plural(r.games, 'game')}: ${r.wins} won, ${r.draws} drawn, ${r.losses} lost`;

// How a recent game went for the player: "won by resignation", "in progress", "aborted".
export function outcomeText(game: Pick<RecentGame, 'outcome' | 'reason' | 'ended'>): string {
  if (game.ended === null) return 'in progress';
  if (game.outcome === null) return 'aborted';
  const verb = { win: 'won', draw: 'drawn', loss: 'lost' }[game.outcome];
  if (!game.reason) return verb;
  return game.reason === 'opponent left' ? `${verb}: the opponent left` : `${verb} by ${game.reason}`;
}

// Why a leaderboard is empty: its cut-off, in words.
export const emptyLeaderboardText = (board: Pick<Leaderboard, 'cut_off'>) =>
  `Nobody is on this board yet: it lists players whose rating is no longer provisional (deviation at most ` +
  `${Math.round(board.cut_off.rd_at_most)}, a few rated games) and who played a rated game in this variant ` +
  `within the last ${board.cut_off.played_within_days} days.`;

// A leaderboard's two lists, people and bots, each ranked from 1, the best first: a bot listed
// among the people (by a server that does not rank them apart) goes to the bots' list.
export function leaderboardLists(board: Pick<Leaderboard, 'players' | 'bots'>): { people: LeaderboardEntry[]; bots: LeaderboardEntry[] } {
  const ranked = (entries: LeaderboardEntry[], bot: boolean) => {
    const seen = new Set<string>();
    return entries
      .filter((entry) => !seen.has(entry.name) && seen.add(entry.name))
      .sort((a, b) => b.rating - a.rating)
      .map((entry, index) => ({ ...entry, rank: index + 1, bot }));
  };
  return {
    people: ranked(
      board.players.filter((entry) => !entry.bot),
      false,
    ),
    bots: ranked([...(board.bots ?? []), ...board.players.filter((entry) => entry.bot)], true),
  };
}

// The ratings a variant's graph shows: the rating before the first rated game, then after each.
export function graphRatings(history: readonly Pick<RatingPoint, 'rating' | 'change'>[]): number[] {
  if (history.length === 0) return [];
  return [history[0].rating - history[0].change, ...history.map((point) => point.rating)];
}
