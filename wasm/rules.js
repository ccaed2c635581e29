// Variants and positions. A Position is a variant and a FEN (with the seventh field), so it
// holds no WebAssembly memory and may be kept, compared and sent to a worker freely.
import { wasm, unwrap, text, moveList, words, badArgument } from './core.js';

/** The names of every known variant: the built-in ones, then those loaded. */
export function variants() {
  return unwrap(wasm.variantNames()).split('\n');
}

/** A variant's rules as data. */
export function variant(name) {
  return unwrap(wasm.variantInfo(text(name, 'variant')));
}

/** Loads the text of a variants INI file (docs/variants.md); returns the names it defines. */
export function loadVariantsText(ini, source = '<string>') {
  return unwrap(wasm.loadVariantsText(text(ini, 'ini'), text(source, 'source'))).split('\n');
}

function perftDepth(depth) {
  if (!Number.isInteger(depth)) throw badArgument('depth must be an integer');
  return depth;
}

export class Position {
  /** The position of `fen` (default: the variant's start). */
  constructor(variant = 'chess', fen = '') {
    const info = unwrap(wasm.positionInfo(text(variant, 'variant'), text(fen, 'fen')));
    this.variant = variant;
    Object.assign(this, info); // fen, turn, castling, enPassant, counters, ...
    Object.freeze(this);
  }

  /** The legal moves as UCI strings, in generation order. */
  legalMoves() {
    return words(unwrap(wasm.legalMoves(this.variant, this.fen, '')));
  }

  /** The legal moves as SAN strings, in the same order. */
  legalMovesSan() {
    return words(unwrap(wasm.legalMovesSan(this.variant, this.fen, '')));
  }

  isLegal(move) {
    return wasm.toUci(this.variant, this.fen, text(move, 'move')).error === undefined;
  }

  /** The SAN of a legal move given in UCI (or SAN). */
  san(move) {
    return unwrap(wasm.toSan(this.variant, this.fen, text(move, 'move')));
  }

  /** The UCI of a legal move given in SAN (or UCI). */
  uci(move) {
    return unwrap(wasm.toUci(this.variant, this.fen, text(move, 'move')));
  }

  /** The position after a legal UCI or SAN move. */
  play(move) {
    return new Position(this.variant, unwrap(wasm.play(this.variant, this.fen, text(move, 'move'))));
  }

  /** The unit on a square as a FEN letter ('C'/'c' for Cthulhu), or null. */
  pieceAt(square) {
    return unwrap(wasm.pieceAt(this.variant, this.fen, text(square, 'square')));
  }

  counters(color) {
    if (color !== 'w' && color !== 'b') throw badArgument("a colour is 'w' or 'b'");
    return color === 'w' ? this.white : this.black;
  }

  perft(depth) {
    return unwrap(wasm.perft(this.variant, this.fen, perftDepth(depth)));
  }

  /** Perft per legal root move: {uci: leaf nodes}. */
  perftDivide(depth) {
    const out = {};
    for (const pair of words(unwrap(wasm.perftDivide(this.variant, this.fen, perftDepth(depth))))) {
      const [move, count] = pair.split(':');
      out[move] = Number(count);
    }
    return out;
  }
}

// pyffish's style, stateless: a variant, a FEN ('' for the start) and UCI moves in.

/** The legal moves (UCI) of the position `moves` (UCI) lead to from `fen`. */
export function legalMoves(variant, fen = '', moves = []) {
  return words(unwrap(wasm.legalMoves(text(variant, 'variant'), text(fen, 'fen'), moveList(moves))));
}

export function legalMovesSan(variant, fen = '', moves = []) {
  return words(unwrap(wasm.legalMovesSan(text(variant, 'variant'), text(fen, 'fen'), moveList(moves))));
}

export function getFen(variant, fen = '', moves = []) {
  return unwrap(wasm.getFen(text(variant, 'variant'), text(fen, 'fen'), moveList(moves)));
}

export function toSan(variant, fen, move) {
  return unwrap(wasm.toSan(text(variant, 'variant'), text(fen, 'fen'), text(move, 'move')));
}

export function toUci(variant, fen, move) {
  return unwrap(wasm.toUci(text(variant, 'variant'), text(fen, 'fen'), text(move, 'move')));
}

export function perft(variant, fen, depth) {
  return unwrap(wasm.perft(text(variant, 'variant'), text(fen, 'fen'), perftDepth(depth)));
}
