// Types of evochess-wasm (docs/javascript.md). Moves are UCI ('e2e4', 'e7e8n') or SAN
// ('Nf3', 'e8=N') strings; colours are 'w' and 'b'.

/** Why an input was refused. */
export type ErrorKind =
  | 'unknown-variant'
  | 'bad-fen'
  | 'illegal-move' // malformed, ambiguous or illegal move text, or a move after the end
  | 'bad-pgn'
  | 'bad-variant-file'
  | 'bad-argument' // an out-of-range or mistyped argument
  | 'internal'; // the engine's worker failed

/** Every bad input throws (or rejects with) this, with the core's message. */
export class EvoChessError extends Error {
  readonly kind: ErrorKind;
  /** bad-variant-file only: where and what (the core's variants::ErrorKind name). */
  readonly fileErrorKind?: string;
  readonly file?: string;
  /** 0: the file as a whole. */
  readonly line?: number;
  readonly variant?: string;
  readonly field?: string;
}

export type Color = 'w' | 'b';

export interface VariantInfo {
  name: string;
  displayName: string;
  description: string;
  startFen: string;
  /** 'accumulate': rights are kept (EvoChess); 'expire': EChess. */
  evolution: 'none' | 'accumulate' | 'expire';
  minorRightPawnMoves: number;
  rookRightCaptures: number;
  /** Promote King Chess scores points (RULES 4.12). */
  scoresPoints: boolean;
  kingBecomesCthulhu: boolean;
  /** What the FEN's seventh field holds (RULES 5.1): evolution counters (EvoChess, EChess
   * and variants with evolution), the king promotions of Promote King Chess, or nothing. */
  extraState: 'none' | 'evolution-counters' | 'promote-king';
}

/** The names of every known variant: built-in, then loaded. */
export function variants(): string[];
export function variant(name: string): VariantInfo;
/** Loads a variants INI file's text (docs/variants.md), all or nothing; returns its variants' names. */
export function loadVariantsText(ini: string, source?: string): string[];

/** One player's evolution counters (RULES 2.2). */
export interface Counters {
  pawnMoves: number;
  minorRights: number;
  captures: number;
  rookRights: number;
}

/** An immutable position: a variant and a FEN. It holds no WebAssembly memory. */
export class Position {
  /** The position of `fen` (default '': the variant's start). Throws bad-fen. */
  constructor(variant?: string, fen?: string);
  readonly variant: string;
  /** With the seventh field (counters, rights) when the variant has one. */
  readonly fen: string;
  readonly turn: Color;
  /** e.g. 'KQkq', 'KVkv' or '-'. */
  readonly castling: string;
  /** The en-passant square when a capture there is legal, else null. */
  readonly enPassant: string | null;
  readonly halfmoveClock: number;
  readonly fullmoveNumber: number;
  readonly white: Counters;
  readonly black: Counters;
  /** Promote King Chess: who promoted a king first (RULES 4.11). */
  readonly firstKingPromoter: Color | null;
  readonly otherColorPromotions: number;
  readonly inCheck: boolean;
  counters(color: Color): Counters;
  /** UCI, in generation order. */
  legalMoves(): string[];
  /** SAN, in the same order as legalMoves(). */
  legalMovesSan(): string[];
  isLegal(move: string): boolean;
  san(move: string): string;
  uci(move: string): string;
  play(move: string): Position;
  /** A FEN letter ('C'/'c' for Cthulhu) or null. */
  pieceAt(square: string): string | null;
  /** depth 0..20 */
  perft(depth: number): number;
  perftDivide(depth: number): Record<string, number>;
}

export interface GameResult {
  over: boolean;
  /** '1-0', '0-1', '1/2-1/2' or '*'. */
  outcome: string;
  winner: Color | null;
  /** e.g. 'checkmate', 'stalemate'; 'none' while the game goes on. */
  reason: string;
  description: string;
  /** A draw turned into a win for the first king promoter (RULES 4.11). */
  drawConverted: boolean;
  /** Points (Promote King Chess, RULES 4.12; else 1, 1/2, 0). */
  whitePoints: number;
  blackPoints: number;
}

/** A game: its start, the moves played, the result by the rules. Call dispose() when done
 * (or leave it to the garbage collector). */
export class Game {
  constructor(variant?: string, fen?: string);
  static fromPgn(pgn: string): Game;
  readonly variant: string;
  readonly position: Position;
  readonly startPosition: Position;
  readonly length: number;
  readonly moves: string[];
  readonly sanMoves: string[];
  /** The tags read from a PGN, in their order. */
  readonly tags: [string, string][];
  fen(): string;
  legalMoves(): string[];
  legalMovesSan(): string[];
  repetitions(): number;
  /** Plays a UCI or SAN move; returns its UCI. */
  push(move: string): string;
  /** Takes back the last move; returns its UCI. */
  pop(): string;
  result(): GameResult;
  pgn(tags?: Record<string, string>): string;
  dispose(): void;
}

export function splitPgn(pgn: string): string[];

// pyffish's style, stateless: a variant, a FEN ('' for the start) and UCI moves.
export function legalMoves(variant: string, fen?: string, moves?: string[]): string[];
export function legalMovesSan(variant: string, fen?: string, moves?: string[]): string[];
export function getFen(variant: string, fen?: string, moves?: string[]): string;
export function toSan(variant: string, fen: string, move: string): string;
export function toUci(variant: string, fen: string, move: string): string;
export function perft(variant: string, fen: string, depth: number): number;

/** One line of an analysis. Scores are the side to move's. */
export interface Line {
  multipv: number;
  depth: number;
  seldepth: number;
  /** Centipawns of the variant's pawn, or null when `mate` is set. */
  centipawns: number | null;
  /** Moves to mate: positive when the side to move mates. */
  mate: number | null;
  /** UCI moves. */
  pv: string[];
  nodes: number;
  nps: number;
  timeMs: number;
}

export interface Analysis {
  /** null when the side to move has no legal move. */
  bestMove: string | null;
  ponder: string | null;
  /** The last complete line of each rank, best first. */
  lines: Line[];
  depth: number;
  nodes: number;
  timeMs: number;
  /** Ended by stop(). */
  stopped: boolean;
}

export interface AnalyseOptions {
  /** Limits; the first reached ends the search, and at least one is needed. */
  depth?: number;
  nodes?: number;
  timeMs?: number;
  /** Lines to report, 1..64. */
  multipv?: number;
  /** 1..8: play weaker (docs/strength.md). */
  level?: number;
  /** Each complete line as the search finds it. */
  onLine?: (line: Line) => void;
}

/** The engine, searching in a Web Worker or a Node worker_thread, one thread. */
export class Engine {
  constructor(options?: { hashMb?: number });
  setOption(name: string, value: string | number): Promise<void>;
  analyse(target: Game | Position | { variant: string; fen?: string; moves?: string[] },
          options: AnalyseOptions): Promise<Analysis>;
  /** Ends the search under way; it resolves with the lines found so far. */
  stop(): void;
  close(): void;
}
