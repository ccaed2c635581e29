// The web client's handling of a game's change events (web/src/gameChange.ts, docs/api.md
// "Live updates"): a change that follows the state shown is applied, one seen already is
// ignored, and one after a version the client never saw is a gap (the client re-reads the
// game).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyChange } from '../../src/gameChange.ts';

const move = (uci: string) => ({ uci, san: uci, fen: `after ${uci}` });
const state = {
  id: 7,
  version: 3,
  ply: 2,
  turn: 'w',
  history: [move('e2e4'), move('e7e5')],
  seat: { colour: 'w' }, // the client's own fields stay
};

test('a change that follows the state shown is applied to it', () => {
  const next = applyChange(state, {
    version: 4,
    previous_version: 3,
    ply: 3,
    from_ply: 2,
    moves: [move('g1f3')],
    changed: { ply: 3, turn: 'b' },
  });
  assert.deepEqual(next, { ...state, version: 4, ply: 3, turn: 'b', history: [...state.history, move('g1f3')] });
  assert.equal(state.history.length, 2, 'the state shown is not changed in place');
});

test('a takeback keeps the plies before it', () => {
  const next = applyChange(state, { version: 4, previous_version: 3, ply: 1, from_ply: 1, moves: [], changed: { ply: 1, turn: 'b' } });
  assert.deepEqual(next.history, [move('e2e4')]);
});

test('a change seen already is ignored', () => {
  assert.equal(applyChange(state, { version: 3, previous_version: 2, ply: 2, from_ply: 1, moves: [move('e7e5')], changed: {} }), 'seen');
});

test('a change after a version the client never saw is a gap: the game is read again', () => {
  assert.equal(applyChange(state, { version: 5, previous_version: 4, ply: 4, from_ply: 3, moves: [move('b8c6')], changed: {} }), 'gap');
});
