// The lobby as data (docs/api.md "Seeks", the lobby's event stream): the open seeks and the
// challenges kept up to date from the stream's events, and quick pairing's choice. No DOM
// here, so that node's unit tests run it as it is.
import type { YourTurnEvent } from '../myGames/myGamesModel';
import type { ClockRequest, EngineLevel, Seat, Side, Variant } from '../api';

export type SeekColour = Side | 'random';

export interface Seek {
  id: number;
  name: string;
  variant: Variant;
  clock: ClockRequest | null;
  rated: boolean;
  colour: SeekColour;
  created_ms: number;
  // Once the ratings are applied: the maker's rating in this variant, and whether it is provisional.
  rating?: number;
  provisional?: boolean;
  // The ratings that may accept it, both included; null or absent: anyone.
  rating_range?: RatingRange | null;
  // The auto-pairing entry it is one of (its group); null or absent: a seek on its own.
  auto?: number | null;
}

export type RatingRange = [number, number];

export interface Challenge {
  id: number;
  from: string;
  to: string;
  variant: Variant;
  clock: ClockRequest | null;
  rated: boolean;
  colour: SeekColour; // the challenger's
  created_ms: number;
}

export type LobbyEvent =
  | { type: 'seeks'; seeks: Seek[] }
  | { type: 'seek_added'; seek: Seek }
  | { type: 'seek_removed'; id: number; reason?: string }
  | { type: 'game'; id: number; seat: Seat; variant?: Variant }
  | { type: 'challenge'; challenge: Challenge }
  | { type: 'challenge_removed'; id: number; reason?: string; decline_reason?: string }
  | YourTurnEvent;

// The open seeks after one event of the stream, oldest first; events of other kinds leave them.
export function applySeekEvent(seeks: readonly Seek[], event: LobbyEvent): Seek[] {
  switch (event.type) {
    case 'seeks':
      return [...event.seeks].sort(byAge);
    case 'seek_added':
      return [...seeks.filter((seek) => seek.id !== event.seek.id), event.seek].sort(byAge);
    case 'seek_removed':
      return seeks.filter((seek) => seek.id !== event.id);
    default:
      return [...seeks];
  }
}

const byAge = (a: { created_ms: number; id: number }, b: { created_ms: number; id: number }) => a.created_ms - b.created_ms || a.id - b.id;

export interface Challenges {
  incoming: Challenge[];
  outgoing: Challenge[];
}

// The challenges to and from `me` after one event; a challenge between others is not kept.
export function applyChallengeEvent(challenges: Challenges, event: LobbyEvent, me: string): Challenges {
  if (event.type === 'challenge') {
    const challenge = event.challenge;
    const without = (list: Challenge[]) => list.filter((c) => c.id !== challenge.id);
    const incoming = without(challenges.incoming);
    const outgoing = without(challenges.outgoing);
    if (sameName(challenge.to, me)) incoming.push(challenge);
    else if (sameName(challenge.from, me)) outgoing.push(challenge);
    return { incoming: incoming.sort(byAge), outgoing: outgoing.sort(byAge) };
  }
  if (event.type === 'challenge_removed') {
    return {
      incoming: challenges.incoming.filter((c) => c.id !== event.id),
      outgoing: challenges.outgoing.filter((c) => c.id !== event.id),
    };
  }
  return challenges;
}

// lichess's words for a decline reason's key (docs/api.md, POST /api/challenges/{id}/decline).
const DECLINE_TEXTS: Record<string, string> = {
  generic: "I'm not accepting challenges at the moment.",
  later: 'This is not the right time for me, please ask again later.',
  tooFast: 'This time control is too fast for me, please challenge again with a slower game.',
  tooSlow: 'This time control is too slow for me, please challenge again with a faster game.',
  timeControl: "I'm not accepting challenges with this time control.",
  rated: 'Please send me a rated challenge instead.',
  casual: 'Please send me a casual challenge instead.',
  standard: "I'm not accepting variant challenges right now.",
  variant: "I'm not willing to play this variant right now.",
  noBot: "I'm not accepting challenges from bots.",
  onlyBot: "I'm only accepting challenges from bots.",
};

export const declineText = (key: string | undefined) => DECLINE_TEXTS[key ?? 'generic'] ?? DECLINE_TEXTS.generic;

// The reasons the challenged player picks from (lichess's decline menu, in its order): each
// key's short label on its button; the challenger is told the key's sentence above.
export const DECLINE_CHOICES: readonly { key: string; label: string }[] = [
  { key: 'generic', label: 'Not accepting challenges' },
  { key: 'later', label: 'Not now, later' },
  { key: 'tooFast', label: 'Too fast' },
  { key: 'tooSlow', label: 'Too slow' },
  { key: 'timeControl', label: 'Not this time control' },
  { key: 'rated', label: 'Rated instead' },
  { key: 'casual', label: 'Casual instead' },
  { key: 'variant', label: 'Not this variant' },
  { key: 'noBot', label: 'No bots' },
  { key: 'onlyBot', label: 'Bots only' },
];

// The reasons that fit a challenge: "rated instead" for a casual one and "casual instead" for
// a rated one (the others fit any, as in lichess's menu).
export function declineChoicesFor(challenge: { rated: boolean }): { key: string; label: string }[] {
  return DECLINE_CHOICES.filter(({ key }) => (key === 'rated' ? !challenge.rated : key === 'casual' ? challenge.rated : true));
}

// What the challenger is told when `event` removes a challenge of theirs the other player
// declined; null for any other event.
export function declinedNotice(challenges: Challenges, event: LobbyEvent, game: (c: Challenge) => string): string | null {
  if (event.type !== 'challenge_removed' || event.reason !== 'declined') return null;
  const challenge = challenges.outgoing.find((c) => c.id === event.id);
  if (!challenge) return null;
  return `${challenge.to} declined your challenge (${game(challenge)}): "${declineText(event.decline_reason)}"`;
}

// Names are one name whatever their case (docs/api.md, accounts).
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

// One data line of the stream as an event, or null for anything else.
export function parseLobbyEvent(data: string): LobbyEvent | null {
  try {
    const event = JSON.parse(data) as LobbyEvent;
    return event && typeof event === 'object' && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}

// ---- quick pairing ---------------------------------------------------------------------

export interface Pool {
  variant: Variant;
  clock: { initial_ms: number; increment_ms: number };
}

const MINUTE = 60_000;
const clock = (minutes: number, incrementSeconds: number): Pool['clock'] => ({
  initial_ms: minutes * MINUTE,
  increment_ms: incrementSeconds * 1000,
});

// The clocks of quick and auto pairing, offered for every variant the server plays.
export const QUICK_CLOCKS: Pool['clock'][] = [clock(3, 2), clock(5, 3), clock(10, 5)];

// The quick-pairing pools: every variant of the server's registry (GET /api/info, built-in and
// loaded from a file alike, in its order) at every quick clock.
export function quickPools(variants: readonly Variant[]): Pool[] {
  return variants.flatMap((variant) => QUICK_CLOCKS.map((c) => ({ variant, clock: c })));
}

export const inPool = (seek: Pick<Seek, 'variant' | 'clock' | 'rated'>, of: Pool) =>
  !seek.rated &&
  seek.variant === of.variant &&
  !!seek.clock &&
  'initial_ms' in seek.clock &&
  seek.clock.initial_ms === of.clock.initial_ms &&
  seek.clock.increment_ms === of.clock.increment_ms;

export type PairingChoice =
  | { kind: 'accept'; seek: Seek }
  | { kind: 'wait'; seek: Seek }
  | { kind: 'post'; request: { variant: Variant; clock: Pool['clock']; rated: false; colour: 'random' } };

// Quick pairing: the oldest casual seek of the pool by someone else is accepted; else the
// player's own seek there is waited on; else one is posted.
export function choosePairing(seeks: readonly Seek[], of: Pool, me: string): PairingChoice {
  const matching = [...seeks].sort(byAge).filter((seek) => inPool(seek, of));
  const theirs = matching.find((seek) => !sameName(seek.name, me));
  if (theirs) return { kind: 'accept', seek: theirs };
  const mine = matching.find((seek) => sameName(seek.name, me));
  if (mine) return { kind: 'wait', seek: mine };
  return { kind: 'post', request: { variant: of.variant, clock: of.clock, rated: false, colour: 'random' } };
}

// ---- auto pairing ------------------------------------------------------------------------

// The grid of "any of these variants and clocks" is the quick pools': the server's variants
// (rows) x the quick clocks (columns).
export const AUTO_CLOCKS: Pool['clock'][] = QUICK_CLOCKS;

// The most combinations one entry may have (POST /api/autopairing, max_auto_combinations).
export const MAX_AUTO_COMBINATIONS = 24;

export interface AutoCombination {
  variant: Variant;
  clock: Pool['clock'];
}

// A checkbox's value: "chess 5+3".
export const combinationKey = (c: AutoCombination) => `${c.variant} ${describeSeekClock(c.clock)}`;

// The combinations of the grid (of these variants) whose keys are ticked, in the grid's order.
export function tickedCombinations(variants: readonly Variant[], ticked: ReadonlySet<string>): AutoCombination[] {
  return quickPools(variants).filter((c) => ticked.has(combinationKey(c)));
}

// Why the ticked boxes cannot be sent as they are (the server's own limits), or null.
export function autoPairingProblem(count: number, rated: boolean, casualOnlyTicked: boolean): string | null {
  if (count > MAX_AUTO_COMBINATIONS)
    return `You ticked ${count} games: one entry may hold at most ${MAX_AUTO_COMBINATIONS}. Untick ${count - MAX_AUTO_COMBINATIONS}.`;
  if (rated && casualOnlyTicked) return 'Variants loaded from a file are played casual only: untick them or Rated.';
  return null;
}

// This player's open auto-pairing entry as the lobby lists it: its group and seeks; null if none.
export function ownEntry(seeks: readonly Seek[], me: string): { group: number; seeks: Seek[] } | null {
  const mine = seeks.filter((seek) => typeof seek.auto === 'number' && sameName(seek.name, me));
  if (mine.length === 0) return null;
  const group = mine[0].auto as number;
  return { group, seeks: mine.filter((seek) => seek.auto === group) };
}

// ---- words -------------------------------------------------------------------------------

// "3+2", "1 day a move", "untimed": as a game's clock is described.
export function describeSeekClock(clock: ClockRequest | null): string {
  if (!clock) return 'untimed';
  if ('days_per_move' in clock) return `${clock.days_per_move} ${clock.days_per_move === 1 ? 'day' : 'days'} a move`;
  const minutes = clock.initial_ms / MINUTE;
  const initial = minutes >= 1 && Number.isInteger(minutes) ? String(minutes) : `${clock.initial_ms / 1000} s`;
  return `${initial}+${clock.increment_ms / 1000}`;
}

// "1500", "1500?" while provisional, "" when the server sends no rating.
export function ratingText(seek: Pick<Seek, 'rating' | 'provisional'>): string {
  if (typeof seek.rating !== 'number') return '';
  return `${Math.round(seek.rating)}${seek.provisional ? '?' : ''}`;
}

// The colour the seek's maker plays, told to its maker or to the others.
export function colourText(colour: SeekColour, mine: boolean): string {
  if (colour === 'random') return 'either colour';
  const name = colour === 'w' ? 'White' : 'Black';
  return mine ? `you play ${name}` : `they play ${name}`;
}

// ---- who may take a seek ---------------------------------------------------------------

// The rating of a player without one in a variant (GET /api/info "ratings.initial").
export const INITIAL_RATING = 1500;
export const MAX_RANGE_RATING = 4000;

export interface PlayerRatings {
  anonymous: boolean;
  ratings?: Record<string, { rating: number }>;
}

// The rating the server checks a seek's range against: the account's in the variant, rounded,
// or the initial rating.
export function ratingIn(me: PlayerRatings, variant: string, initial = INITIAL_RATING): number {
  const rating = me.ratings?.[variant]?.rating;
  return Math.round(typeof rating === 'number' ? rating : initial);
}

export const rangeText = (range: RatingRange) => `${range[0]}–${range[1]}`;

// Why this player may not accept the seek, as the server would refuse it; null: they may.
export function seekBarredFor(
  seek: Pick<Seek, 'variant' | 'clock' | 'rated' | 'rating_range'>,
  me: PlayerRatings,
  initial = INITIAL_RATING,
): string | null {
  if (seek.rated && me.anonymous) return 'Rated games are for accounts';
  if (seek.clock && 'days_per_move' in seek.clock && me.anonymous) return 'Correspondence games are for accounts';
  if (seek.rating_range) {
    const rating = ratingIn(me, seek.variant, initial);
    if (rating < seek.rating_range[0] || rating > seek.rating_range[1])
      return `For ratings ${rangeText(seek.rating_range)}; yours is ${rating}`;
  }
  return null;
}

// The seek form's two range boxes: both empty is no range; otherwise both whole ratings from
// 0 to 4000, the lowest first, or a message saying what is wrong.
export function readRatingRange(from: string, to: string): { range: RatingRange | null } | { problem: string } {
  if (from.trim() === '' && to.trim() === '') return { range: null };
  const low = Number(from.trim() === '' ? 0 : from);
  const high = Number(to.trim() === '' ? MAX_RANGE_RATING : to);
  const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_RANGE_RATING;
  if (!valid(low) || !valid(high)) return { problem: `A rating range is of whole ratings from 0 to ${MAX_RANGE_RATING}.` };
  if (low > high) return { problem: 'The lowest rating of the range comes first.' };
  return { range: [low, high] };
}

// ---- the engine when nobody comes -------------------------------------------------------

// How long a seek waits before the page offers the engine instead; null: never.
export const ENGINE_WAITS: { value: string; label: string; ms: number | null }[] = [
  { value: '30', label: 'after 30 s', ms: 30_000 },
  { value: '60', label: 'after 1 min', ms: 60_000 },
  { value: '120', label: 'after 2 min', ms: 120_000 },
  { value: 'never', label: 'never', ms: null },
];

// The level whose chess Elo is nearest the rating; of two as near, the weaker (as the
// server's level_for_elo). Null when the server has no levels (no engine).
export function nearestLevel(levels: readonly EngineLevel[] | undefined, rating: number): EngineLevel | null {
  let best: EngineLevel | null = null;
  for (const level of levels ?? [])
    if (
      !best ||
      Math.abs(level.elo - rating) < Math.abs(best.elo - rating) ||
      (Math.abs(level.elo - rating) === Math.abs(best.elo - rating) && level.elo < best.elo)
    )
      best = level;
  return best;
}

// Whether the engine is offered now for a seek posted at `postedMs` that waits `waitMs`.
export const engineOfferDue = (postedMs: number, waitMs: number | null, nowMs: number) => waitMs !== null && nowMs - postedMs >= waitMs;

// A bot online (GET /api/bot/online, lichess's NDJSON of users): its name and its ratings.
export interface OnlineBot {
  name: string;
  ratings: Record<string, { rating: number; provisional: boolean }>;
  // The variants it said it plays (registry names); null when the server did not say.
  variants: string[] | null;
  // One of the site's own bots (the server's `house`, docs/bots.md).
  house: boolean;
}

// lichess's variant key as the registry names it ("standard" is chess).
const variantOfKey = (key: string) => (key === 'standard' || key === 'fromPosition' ? 'chess' : key);

// The bots of /api/bot/online's NDJSON, by name; lines that are not a user are dropped.
export function parseOnlineBots(text: string): OnlineBot[] {
  const bots: OnlineBot[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let user: unknown;
    try {
      user = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof user !== 'object' || user === null) continue;
    const { username, perfs, variants, house } = user as { username?: unknown; perfs?: unknown; variants?: unknown; house?: unknown };
    if (typeof username !== 'string' || !username) continue;
    const ratings: OnlineBot['ratings'] = {};
    if (typeof perfs === 'object' && perfs !== null)
      for (const [key, perf] of Object.entries(perfs as Record<string, unknown>)) {
        const { rating, prov } = (perf ?? {}) as { rating?: unknown; prov?: unknown };
        if (typeof rating === 'number') ratings[key] = { rating, provisional: prov === true };
      }
    const played = Array.isArray(variants) ? variants.filter((key): key is string => typeof key === 'string').map(variantOfKey) : null;
    bots.push({ name: username, ratings, variants: played, house: house === true });
  }
  return bots.sort((a, b) => a.name.localeCompare(b.name));
}

// A bot's rating in a variant as the lobby shows it ("1500?" while provisional; "" if none).
// Chess has one rating for every speed (docs/bots.md), told under each speed: blitz's is it.
// The house bot (one the server marks `house`) that plays the variant and whose
// rating in it is nearest `rating`, the lower on a tie; null when none is online.
export function nearestHouseBot(bots: readonly OnlineBot[], variant: string, rating: number): { bot: OnlineBot; rating: number } | null {
  let best: { bot: OnlineBot; rating: number } | null = null;
  for (const bot of bots) {
    if (!bot.house || !bot.variants?.includes(variant)) continue;
    const perf = bot.ratings[variant === 'chess' ? 'blitz' : variant];
    if (!perf) continue;
    const distance = Math.abs(perf.rating - rating);
    if (!best || distance < Math.abs(best.rating - rating) || (distance === Math.abs(best.rating - rating) && perf.rating < best.rating))
      best = { bot, rating: perf.rating };
  }
  return best;
}

export function botRatingText(bot: OnlineBot, variant: string): string {
  const perf = bot.ratings[variant === 'chess' ? 'blitz' : variant];
  if (!perf) return '';
  return `${Math.round(perf.rating)}${perf.provisional ? '?' : ''}`;
}
