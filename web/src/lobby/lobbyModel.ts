// The lobby as data (docs/api.md "Seeks", the lobby's event stream): the open seeks and the
// challenges kept up to date from the stream's events, and quick pairing's choice. No DOM
// here, so that node's unit tests run it as it is.
import type { YourTurnEvent } from '../myGames/myGamesModel';
import type { ClockRequest, Seat, Side, Variant } from '../api';

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
}

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
  | { type: 'challenge_removed'; id: number; reason?: string }
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
const pool = (variant: Variant, minutes: number, incrementSeconds: number): Pool => ({
  variant,
  clock: { initial_ms: minutes * MINUTE, increment_ms: incrementSeconds * 1000 },
});

export const QUICK_POOLS: Pool[] = [
  pool('evochess', 3, 2),
  pool('evochess', 5, 3),
  pool('evochess', 10, 5),
  pool('chess', 3, 2),
  pool('chess', 5, 3),
  pool('chess', 10, 5),
];

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
