// Where the first / previous / next / last buttons lead in a line of moves (src/plyNavigation.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stepTarget } from '../../src/plyNavigation.ts';

test('each step from the middle of a line', () => {
  assert.equal(stepTarget('first', 3, 6), 0);
  assert.equal(stepTarget('previous', 3, 6), 2);
  assert.equal(stepTarget('next', 3, 6), 4);
  assert.equal(stepTarget('last', 3, 6), 6);
});

test('steps stop at both ends of the line', () => {
  assert.equal(stepTarget('previous', 0, 6), 0);
  assert.equal(stepTarget('next', 6, 6), 6);
  assert.equal(stepTarget('next', 0, 0), 0);
});
