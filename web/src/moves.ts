// Reading the server's legal moves (RULES 5.2) for the board: destinations, and the
// choices a from-to pair leaves open (promotions and evolutions).
import type { Key } from 'chessgroundx/types';
import type { MoveNotation, Side } from './api';

export type PieceLetter = 'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'c';

// What a move's suffix changes: which unit (on which square) becomes what.
export interface Transformation {
  square: Key; // where the changed unit stands after the move
  letter: PieceLetter;
  otherColour: boolean;
  ofMovingUnit: boolean;
}

export interface ParsedMove extends MoveNotation {
  from: Key;
  to: Key;
  transformation: Transformation | null;
}

const SQUARE = '([a-h][1-8])';
const UCI_PATTERN = new RegExp(`^${SQUARE}${SQUARE}(?:(~?[pnbrqkc])|/${SQUARE}(~?[pnbrqkc]))?$`);

export function parseMove(move: MoveNotation): ParsedMove | null {
  const match = UCI_PATTERN.exec(move.uci);
  if (!match) return null;
  const [, from, to, ownSuffix, otherSquare, otherSuffix] = match;
  const suffix = ownSuffix ?? otherSuffix;
  const transformation: Transformation | null = suffix
    ? {
        square: (otherSquare ?? to) as Key,
        letter: suffix.replace('~', '') as PieceLetter,
        otherColour: suffix.startsWith('~'),
        ofMovingUnit: ownSuffix !== undefined,
      }
    : null;
  return { ...move, from: from as Key, to: to as Key, transformation };
}

export interface LegalMoveIndex {
  dests: Map<Key, Key[]>;
  choices: (from: Key, to: Key) => ParsedMove[];
}

export function indexLegalMoves(legal: MoveNotation[]): LegalMoveIndex {
  const byPair = new Map<string, ParsedMove[]>();
  const dests = new Map<Key, Key[]>();
  for (const move of legal) {
    const parsed = parseMove(move);
    if (!parsed) continue;
    const pair = parsed.from + parsed.to;
    const existing = byPair.get(pair);
    if (existing) {
      existing.push(parsed);
      continue;
    }
    byPair.set(pair, [parsed]);
    dests.set(parsed.from, [...(dests.get(parsed.from) ?? []), parsed.to]);
  }
  return { dests, choices: (from, to) => byPair.get(from + to) ?? [] };
}

const PIECE_NAMES: Record<PieceLetter, string> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
  c: 'Cthulhu',
};

export const pieceName = (letter: PieceLetter) => PIECE_NAMES[letter];

export const otherSide = (side: Side): Side => (side === 'w' ? 'b' : 'w');

// A sentence for a person: what the choice does.
export function describeChoice(move: ParsedMove, mover: Side, pieceAt: (square: Key) => PieceLetter | null): string {
  const change = move.transformation;
  if (!change) return 'no promotion';
  const colour = change.otherColour ? (otherSide(mover) === 'w' ? 'white ' : 'black ') : '';
  const target = `${colour}${pieceName(change.letter)}`;
  if (change.ofMovingUnit) {
    const unit = pieceAt(move.from);
    if (unit === 'p' && change.letter === 'p' && !change.otherColour) return 'keep the pawn';
    return `${unit ? pieceName(unit) : 'unit'} becomes ${target}`;
  }
  const unit = pieceAt(change.square);
  // An empty square before the move is where the pawn a king follows arrives (RULES 4.8).
  return `${pieceName(unit ?? 'p')} on ${change.square} becomes ${target}`;
}

export interface BoardUnit {
  letter: PieceLetter;
  side: Side;
}

// The units of a FEN's board field by square.
export function unitsOfFen(fen: string): Map<Key, BoardUnit> {
  const units = new Map<Key, BoardUnit>();
  const ranks = fen.split(' ')[0].split('/');
  ranks.forEach((rankText, index) => {
    const rank = 8 - index;
    let file = 0;
    for (const char of rankText) {
      if (char >= '0' && char <= '9') {
        file += Number(char);
        continue;
      }
      const letter = char.toLowerCase() as PieceLetter;
      const square = `${'abcdefgh'[file]}${rank}` as Key;
      units.set(square, { letter, side: char === letter ? 'b' : 'w' });
      file += 1;
    }
  });
  return units;
}
