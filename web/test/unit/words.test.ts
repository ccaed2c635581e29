// The words the rules pages build their sentences with from a variant's data (src/rules/words.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capitalise, cardinal, count, list, ordinal, pieceName } from '../../src/rules/words.ts';

test('small numbers are words, larger ones digits', () => {
  assert.equal(cardinal(0), 'no');
  assert.equal(cardinal(3), 'three');
  assert.equal(cardinal(10), 'ten');
  assert.equal(cardinal(11), '11');
});

test('ordinals past the tenth take the English suffix, the teens th', () => {
  assert.deepEqual([1, 2, 10].map(ordinal), ['first', 'second', 'tenth']);
  assert.deepEqual([11, 12, 13, 21, 22, 23, 24, 101, 111, 112].map(ordinal), [
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '23rd',
    '24th',
    '101st',
    '111th',
    '112th',
  ]);
});

test('a count agrees with its noun', () => {
  assert.equal(count(0, 'pawn move'), 'no pawn moves');
  assert.equal(count(1, 'pawn move'), 'one pawn move');
  assert.equal(count(12, 'capture'), '12 captures');
});

test('lists join with commas and the last word', () => {
  assert.equal(list([]), '');
  assert.equal(list(['a knight']), 'a knight');
  assert.equal(list(['a', 'b']), 'a or b');
  assert.equal(list(['a', 'b', 'c'], 'and'), 'a, b and c');
});

test('capitalise and piece names', () => {
  assert.equal(capitalise('rook'), 'Rook');
  assert.equal(capitalise(''), '');
  assert.equal(pieceName('q'), 'queen');
  assert.equal(pieceName('x'), 'x', 'an unknown letter is shown as it is');
});
