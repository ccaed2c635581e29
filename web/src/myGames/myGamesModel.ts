// "My games" as data (docs/api.md "My games", GET /api/games?scope=mine): the online games
// this player sits at, in the server's order (live first, those where it is their turn first,
// then the finished ones), how many wait for their move, and the words of one line.
import type { ClockState, GameResult, Side, Variant } from '../api';
import type { RatingChanges } from '../ratingChanges';

export interface MyGameOpponent {
  name: string;
  rating: number | null;
  provisional: boolean;
  bot?: boolean; // a bot account: "BOT" before the name
}

export interface MyGame {
  id: number;
  variant: Variant;
  rated: boolean;
  seat: Side;
  opponent: MyGameOpponent | null;
  turn: Side | null;
  your_turn: boolean;
  clock: ClockState | null;
  result: GameResult | null;
  reason: string | null;
  moves: number;
  updated: string;
  // A finished rated game's: each seat's rating before and after it.
  rating_changes?: RatingChanges;
}

// The lobby stream's event when the turn passes to this player in a correspondence game.
export interface YourTurnEvent {
  type: 'your_turn';
  id: number;
  variant: Variant;
  colour: Side;
  opponent: string | null;
  time_left_ms: number;
}

// The games as the server orders them, with any game the server sent twice kept once; the
// live games where it is the player's turn first even from a server that sorts otherwise.
export function orderMyGames(games: readonly MyGame[]): MyGame[] {
  const seen = new Set<number>();
  const unique = games.filter((game) => !seen.has(game.id) && seen.add(game.id));
  const rank = (game: MyGame) => (game.result !== null ? 2 : game.your_turn ? 0 : 1);
  return unique
    .map((game, index) => ({ game, index }))
    .sort((a, b) => rank(a.game) - rank(b.game) || a.index - b.index)
    .map(({ game }) => game);
}

// The number on the "My games" badge: live games waiting for this player's move.
export function yourTurnCount(games: readonly MyGame[]): number {
  return games.filter((game) => game.result === null && game.your_turn).length;
}

// The games after a "your_turn" event: that game is now this player's turn (and first), if listed.
export function applyYourTurn(games: readonly MyGame[], event: YourTurnEvent): MyGame[] {
  const changed = games.map((game) =>
    game.id === event.id && game.result === null ? { ...game, your_turn: true, turn: event.colour } : game,
  );
  return orderMyGames(changed);
}

export function parseYourTurnEvent(data: unknown): YourTurnEvent | null {
  if (!data || typeof data !== 'object') return null;
  const event = data as Partial<YourTurnEvent>;
  if (event.type !== 'your_turn' || typeof event.id !== 'number') return null;
  return event as YourTurnEvent;
}

// "2 d 4 h", "3 h 20 min", "4:05", "0:09": the time left, coarser as it grows.
export function timeLeftText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

// "Anna 1500?", "Anna", or "an opponent" when nobody is known at the other seat.
export function opponentText(opponent: MyGameOpponent | null): string {
  if (!opponent) return 'an opponent';
  if (typeof opponent.rating !== 'number') return opponent.name;
  return `${opponent.name} ${Math.round(opponent.rating)}${opponent.provisional ? '?' : ''}`;
}

// The opponent as the line shows them: after a rated game, with the rating it left them
// (the server's `rating` is theirs when the game began).
export function shownOpponent(game: Pick<MyGame, 'opponent' | 'seat' | 'rating_changes'>): MyGameOpponent | null {
  const after = game.rating_changes?.[game.seat === 'w' ? 'b' : 'w']?.after;
  if (!game.opponent || typeof after !== 'number') return game.opponent;
  return { ...game.opponent, rating: after };
}

// "+8", "−12", "±0": this player's rating change in a finished rated game; '' otherwise.
export function myRatingChangeText(game: Pick<MyGame, 'seat' | 'rating_changes'>): string {
  const change = game.rating_changes?.[game.seat];
  if (!change || typeof change.after !== 'number' || typeof change.before !== 'number') return '';
  const points = Math.round(change.after) - Math.round(change.before);
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '±0';
}

// "Your turn", "Their turn" or the result as this player sees it ("You won +8", "Draw"...).
export function statusText(game: MyGame): string {
  if (game.result === null) return game.your_turn ? 'Your turn' : 'Their turn';
  if (game.result === '*') return 'Aborted';
  const change = myRatingChangeText(game);
  const outcome = game.result === '1/2-1/2' ? 'Draw' : (game.result === '1-0') === (game.seat === 'w') ? 'You won' : 'You lost';
  return change ? `${outcome} ${change}` : outcome;
}

// The time left on this player's clock in a live game ("" without a clock or once over).
export function myTimeLeftText(game: MyGame, elapsedMs = 0): string {
  if (!game.clock || game.result !== null) return '';
  const running = game.clock.running === game.seat;
  return timeLeftText(game.clock[game.seat] - (running ? elapsedMs : 0));
}
