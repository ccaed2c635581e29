// Every public rule case of tests/data through the JS API: perft divides and the legal moves
// with their SAN, by Position and the stateless layer; the same values as the native build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, legalMoves, perft } from '../evochess.js';
import { cases } from './cases.mjs';

test('the cases are there', () => {
  assert.deepEqual(new Set(cases.map((c) => c.kind)), new Set(['perft', 'moves']));
  assert.ok(cases.length > 400);
});

test('perft cases', () => {
  for (const c of cases.filter((c) => c.kind === 'perft')) {
    const position = new Position(c.variant, c.fen);
    assert.deepEqual(position.perftDivide(c.depth), c.divide, c.id);
    assert.equal(position.perft(c.depth), c.nodes, c.id);
    assert.equal(perft(c.variant, c.fen, c.depth), c.nodes, c.id);
  }
});

test('legal-move cases, UCI and SAN', () => {
  for (const c of cases.filter((c) => c.kind === 'moves')) {
    const want = Object.fromEntries(c.moves);
    const position = new Position(c.variant, c.fen);
    const uci = position.legalMoves();
    const san = position.legalMovesSan();
    assert.deepEqual(Object.fromEntries(uci.map((m, i) => [m, san[i]])), want, c.id);
    assert.deepEqual(legalMoves(c.variant, c.fen, []).sort(), Object.keys(want).sort(), c.id);
    for (const [u, s] of c.moves) {
      assert.equal(position.san(u), s, c.id);
      assert.equal(position.uci(s), u, c.id);
    }
  }
});
