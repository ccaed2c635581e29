// evochess-wasm: the rules of EvoChess, EChess, Promote King Chess and chess, the variants
// files and the engine, as WebAssembly (docs/javascript.md). Importing it loads the module.
export { EvoChessError } from './core.js';
export {
  variants, variant, loadVariantsText, Position,
  legalMoves, legalMovesSan, getFen, toSan, toUci, perft,
} from './rules.js';
export { Game, splitPgn } from './game.js';
export { Engine } from './engine.js';
