// Reading the server's legal moves for the board (src/moves.ts, RULES 5.2): the squares,
// the suffix of a promotion or an evolution, and the choices a from-to pair leaves open.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeChoice, indexLegalMoves, parseMove, unitsOfFen, type PieceLetter } from '../../src/moves.ts';

const move = (uci: string) => ({ uci, san: uci });

test('a plain move, a promotion, one to the other colour, and a change of another unit', () => {
  assert.deepEqual(parseMove(move('e2e4')), { uci: 'e2e4', san: 'e2e4', from: 'e2', to: 'e4', transformation: null });
  assert.deepEqual(parseMove(move('a7a8q'))?.transformation, { square: 'a8', letter: 'q', otherColour: false, ofMovingUnit: true });
  assert.deepEqual(parseMove(move('a7a8~n'))?.transformation, { square: 'a8', letter: 'n', otherColour: true, ofMovingUnit: true });
  assert.deepEqual(parseMove(move('e1e2/d7~c'))?.transformation, { square: 'd7', letter: 'c', otherColour: true, ofMovingUnit: false });
});

test('text that is not a move of the notation is refused', () => {
  for (const uci of ['', 'e2', 'e2e9', 'i2i4', 'e7e8x', 'e2e4/d7', 'e2e4 ']) assert.equal(parseMove(move(uci)), null, uci);
});

test('the index gives each square its destinations once, and each pair its choices', () => {
  const index = indexLegalMoves(['e7e8q', 'e7e8n', 'e7e8~q', 'e7d8q', 'g1f3', 'bad'].map(move));
  assert.deepEqual(index.dests.get('e7'), ['e8', 'd8']);
  assert.deepEqual(index.dests.get('g1'), ['f3']);
  assert.deepEqual(
    index.choices('e7', 'e8').map((choice) => choice.uci),
    ['e7e8q', 'e7e8n', 'e7e8~q'],
  );
  assert.deepEqual(index.choices('e2', 'e4'), []);
});

test('a FEN board gives each unit its square and side', () => {
  const units = unitsOfFen('4k3/8/8/8/8/8/P7/R3K2c w - - 0 1');
  assert.equal(units.size, 5);
  assert.deepEqual(units.get('e8'), { letter: 'k', side: 'b' });
  assert.deepEqual(units.get('a2'), { letter: 'p', side: 'w' });
  assert.deepEqual(units.get('a1'), { letter: 'r', side: 'w' });
  assert.deepEqual(units.get('h1'), { letter: 'c', side: 'b' });
});

test('each choice is told in words', () => {
  const board: Record<string, PieceLetter> = { e7: 'p', d7: 'n' };
  const at = (square: string) => board[square] ?? null;
  const describe = (uci: string) => describeChoice(parseMove(move(uci))!, 'w', at);
  assert.equal(describe('e7e8q'), 'pawn becomes queen');
  assert.equal(describe('e7e8~q'), 'pawn becomes black queen');
  assert.equal(describe('e7e6p'), 'keep the pawn');
  assert.equal(describe('e7e6'), 'no promotion');
  assert.equal(describe('e1e2/d7~c'), 'knight on d7 becomes black Cthulhu');
  assert.equal(describe('e1e2/f7q'), 'pawn on f7 becomes queen', 'an empty square is where a pawn arrives');
});
