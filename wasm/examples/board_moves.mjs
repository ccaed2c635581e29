// Legal moves for a board UI (docs/javascript.md): the destinations of each square, the
// promotion choices of a move, and the move played; run with `node examples/board_moves.mjs`.
import { Game } from '../evochess.js';

// {from: {to: [uci, ...]}}: one entry per legal move, promotions grouped by their squares.
export function destinations(game) {
  const out = {};
  for (const uci of game.legalMoves()) {
    const from = uci.slice(0, 2), to = uci.slice(2, 4);
    ((out[from] ??= {})[to] ??= []).push(uci);
  }
  return out;
}

const game = new Game('evochess');
for (const move of ['e4', 'd5', 'exd5', 'e6', 'dxe6', 'Ke7']) game.push(move);
const dests = destinations(game);
console.log('e6 can go to', Object.keys(dests.e6 ?? {}));       // the dots
console.log('e6-f7 offers', dests.e6?.f7);                      // the promotion picker (if any)
const chosen = dests.e6?.f7?.[0] ?? game.legalMoves()[0];
console.log('played', game.position.san(chosen), '->', game.push(chosen));
console.log(game.fen());
console.log('white counters', game.position.white);
