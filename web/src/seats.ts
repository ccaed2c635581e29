// The seats this browser holds in online games, and the game addresses that carry secrets.
//
// A seat is a secret token (docs/api.md). It is kept in localStorage by game id, so every tab
// of this browser plays that seat and the address bar shows only `#game=ID`.
import type { Seat, Side } from './api';

export interface StoredSeat {
  colour: Side;
  token: string;
  link: string | null; // the seat link that takes this seat on another device
  invite: string | null; // the creator's invite link, shown until the opponent joins
}

const KEY_PREFIX = 'evochess.seat.';

export function storedSeat(gameId: number): StoredSeat | null {
  try {
    const text = localStorage.getItem(KEY_PREFIX + gameId);
    if (!text) return null;
    const seat = JSON.parse(text) as Partial<StoredSeat>;
    if ((seat.colour !== 'w' && seat.colour !== 'b') || typeof seat.token !== 'string') return null;
    return { colour: seat.colour, token: seat.token, link: seat.link ?? null, invite: seat.invite ?? null };
  } catch {
    return null;
  }
}

export function storeSeat(gameId: number, seat: Seat, extra: { invite?: string | null } = {}): StoredSeat {
  const previous = storedSeat(gameId);
  const stored: StoredSeat = {
    colour: seat.colour,
    token: seat.token,
    link: seat.link ?? seatLink(gameId, seat.token),
    invite: extra.invite ?? (previous?.token === seat.token ? previous.invite : null),
  };
  try {
    localStorage.setItem(KEY_PREFIX + gameId, JSON.stringify(stored));
  } catch {
    // private mode without storage: the seat lasts as long as this page
  }
  return stored;
}

export function forgetSeat(gameId: number): void {
  try {
    localStorage.removeItem(KEY_PREFIX + gameId);
  } catch {
    // nothing stored
  }
}

export function seatLink(gameId: number, token: string): string {
  return `${location.origin}/#game=${gameId}&seat=${encodeURIComponent(token)}`;
}

// What the address asks for: a game, and maybe an invite code to join it or a seat token to take.
export interface GameAddress {
  id: number;
  invite: string | null;
  seat: string | null;
  // The position to show: after this many moves (`&ply=N`); null for the game as it is.
  ply: number | null;
}

export function readAddress(hash = location.hash): GameAddress | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const id = params.get('game');
  if (!id || !/^\d+$/.test(id)) return null;
  const ply = params.get('ply');
  return { id: Number(id), invite: params.get('invite'), seat: params.get('seat'), ply: ply && /^\d+$/.test(ply) ? Number(ply) : null };
}

// Takes the secret out of the visible address (and the history), leaving `#game=ID`.
export function showPlainAddress(gameId: number): void {
  history.replaceState(null, '', `#game=${gameId}`);
}

// A local game's owner token (docs/api.md): a server open to others asks for it.
const OWNER_PREFIX = 'evochess.owner.';

export function ownerToken(gameId: number): string | undefined {
  try {
    return localStorage.getItem(OWNER_PREFIX + gameId) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeOwnerToken(gameId: number, token: string): void {
  try {
    localStorage.setItem(OWNER_PREFIX + gameId, token);
  } catch {
    // without storage the game can be played only where the server asks for no token
  }
}
