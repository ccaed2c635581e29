// Game: a start position and the moves played, with push/pop, results and PGN. Its state
// lives in WebAssembly memory, freed by dispose() or when the Game is garbage-collected.
import { wasm, unwrap, text, words, badArgument } from './core.js';
import { Position } from './rules.js';

const collected = new FinalizationRegistry((native) => native.delete());

function wrap(native) {
  const game = Object.create(Game.prototype);
  game._native = native;
  collected.register(game, native, game);
  return game;
}

export class Game {
  /** A game from `fen` (default: the variant's start position). */
  constructor(variant = 'chess', fen = '') {
    const native = new wasm.Game();
    try {
      unwrap(native.init(text(variant, 'variant'), text(fen, 'fen')));
    } catch (e) {
      native.delete();
      throw e;
    }
    return wrap(native);
  }

  /** Reads the one game of a PGN text, with its [Variant] and [FEN] tags. */
  static fromPgn(pgn) {
    const native = new wasm.Game();
    try {
      unwrap(native.initPgn(text(pgn, 'pgn')));
    } catch (e) {
      native.delete();
      throw e;
    }
    return wrap(native);
  }

  get _live() {
    if (!this._native) throw badArgument('this Game was disposed');
    return this._native;
  }

  get variant() { return this._live.variant(); }
  get position() { return new Position(this.variant, this.fen()); }
  get startPosition() { return new Position(this.variant, this._live.startFen()); }
  get length() { return this._live.length(); }
  /** The moves played, as UCI strings. */
  get moves() { return words(this._live.moves(false)); }
  get sanMoves() { return words(this._live.moves(true)); }
  /** The tags read from a PGN, as [name, value] pairs in their order. */
  get tags() { return this._live.tags(); }

  fen() { return this._live.fen(); }
  legalMoves() { return words(this._live.legal(false)); }
  legalMovesSan() { return words(this._live.legal(true)); }
  repetitions() { return this._live.repetitions(); }

  /** Plays a UCI or SAN move and returns its UCI; the game is unchanged if it is illegal. */
  push(move) { return unwrap(this._live.push(text(move, 'move'))); }

  /** Takes back the last move and returns its UCI. */
  pop() { return unwrap(this._live.pop()); }

  /** The result by the rules (Promote King Chess's points included). */
  result() { return this._live.result(); }

  /** The game as PGN; `tags` ({name: value}) adds or replaces tags. */
  pgn(tags = {}) {
    const pairs = Object.entries(tags).map(([name, value]) => [text(name, 'tag'), text(value, 'tag')]);
    return this._live.pgn(pairs);
  }

  /** Frees the WebAssembly memory now (the Game is unusable after). */
  dispose() {
    if (!this._native) return;
    collected.unregister(this);
    this._native.delete();
    this._native = null;
  }
}

/** Splits the text of a PGN file into the texts of its games. */
export function splitPgn(pgn) {
  const joined = wasm.splitPgn(text(pgn, 'pgn'));
  return joined === '' ? [] : joined.split('\0');
}
