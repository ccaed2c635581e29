// The puzzle trainer's data (docs/api.md, "Puzzles"): the puzzles the server gives, the page's
// address (`#puzzles=VARIANT&theme=T&id=ID` or `&daily=1`), and what the browser keeps for a
// visitor: their puzzle rating per variant and the puzzles they have already seen.

export interface Puzzle {
  id: string;
  variant: string;
  fen: string; // before the opponent's setting move
  moves: string[]; // the setting move, then the solution (the solver's: 2nd, 4th, ...)
  rating: number;
  themes: string[];
  date?: string; // the daily puzzle's UTC date
}

export interface ExactRating {
  rating: number;
  rd: number;
  volatility: number;
}

export interface ShownRating {
  rating: number;
  rd: number;
  provisional: boolean;
}

export interface AttemptAnswer {
  before: ShownRating;
  rating: ShownRating;
  exact: ExactRating;
  stored: boolean;
  // An account's: false when it had tried this puzzle before (only a first attempt counts).
  counted?: boolean;
}

export interface ThemeCounts {
  variant: string;
  total: number;
  themes: Record<string, number>;
}

export interface PuzzlesAddress {
  variant: string;
  theme: string | null;
  id: string | null;
  daily: boolean;
}

export function readPuzzlesAddress(hash = location.hash): PuzzlesAddress | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const variant = params.get('puzzles');
  if (variant === null) return null;
  return {
    variant: variant || 'evochess',
    theme: params.get('theme') || null,
    id: params.get('id') || null,
    daily: params.get('daily') === '1',
  };
}

export function puzzlesHash(address: Partial<PuzzlesAddress> & { variant: string }): string {
  const params = new URLSearchParams({ puzzles: address.variant });
  if (address.theme) params.set('theme', address.theme);
  if (address.id) params.set('id', address.id);
  if (address.daily) params.set('daily', '1');
  return `#${params.toString()}`;
}

// The solver is the side to move after the setting move: the other side of the FEN's.
export function solverSide(puzzle: Puzzle): 'w' | 'b' {
  return puzzle.fen.split(' ')[1] === 'b' ? 'w' : 'b';
}

// Names of the themes as the miner writes them (docs/puzzles.md), for people.
const THEME_NAMES: Record<string, string> = {
  mate: 'Checkmate',
  mateIn1: 'Mate in 1',
  mateIn2: 'Mate in 2',
  mateIn3: 'Mate in 3',
  mateIn4: 'Mate in 4',
  mateIn5: 'Mate in 5',
  oneMove: 'One move',
  short: 'Short (2 moves)',
  long: 'Long (3 moves)',
  veryLong: 'Very long (4+ moves)',
  hangingPiece: 'Hanging unit',
  fork: 'Fork',
  promotion: 'Promotion',
  sacrifice: 'Sacrifice',
  evolutionPromotion: 'Evolution right',
  rookRight: 'Rook right',
  cthulhu: 'Cthulhu',
  kingDoubleStep: 'King double step',
  followThePawn: 'Follow the pawn',
  otherColourPromotion: 'Other-colour promotion',
  pin: 'Pin',
  skewer: 'Skewer',
  discoveredAttack: 'Discovered attack',
  defence: 'Defence',
  rightKept: 'Right kept for later',
  rightExpired: 'Right left to expire',
};

export const themeName = (theme: string): string => THEME_NAMES[theme] ?? theme;

const ratingKey = (variant: string) => `evochess.puzzleRating.${variant}`;
const SEEN_KEY = 'evochess.puzzlesSeen';
const SEEN_KEPT = 100;

export function storedRating(variant: string): ExactRating | null {
  try {
    const value = JSON.parse(localStorage.getItem(ratingKey(variant)) ?? 'null') as ExactRating | null;
    return value && typeof value.rating === 'number' && typeof value.rd === 'number' && typeof value.volatility === 'number' ? value : null;
  } catch {
    return null;
  }
}

export function storeRating(variant: string, rating: ExactRating): void {
  localStorage.setItem(ratingKey(variant), JSON.stringify(rating));
}

export function seenPuzzles(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function markSeen(id: string): void {
  const seen = seenPuzzles().filter((other) => other !== id);
  seen.push(id);
  localStorage.setItem(SEEN_KEY, JSON.stringify(seen.slice(-SEEN_KEPT)));
}
