// The chat box's length (web/src/chatPanel.ts, issue 49): counted as the server counts it
// (characters, once trimmed), told as the player types, past the limit with how many too many.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHAT_MAX_LENGTH, chatLength, chatLengthNote } from '../../src/chatPanel.ts';

test('a message is counted in characters once trimmed, as the server counts it', () => {
  assert.equal(chatLength('  hi  '), 2);
  assert.equal(chatLength('é'.repeat(140)), 140);
  assert.equal(chatLength('♞🙂'), 2, 'a character beyond the BMP counts once');
});

test('the counter says how long the message is; past the limit, how many characters too many', () => {
  assert.deepEqual(chatLengthNote('hello'), { counter: '5/140', problem: null });
  assert.deepEqual(chatLengthNote('x'.repeat(CHAT_MAX_LENGTH)), { counter: '140/140', problem: null });
  assert.equal(chatLengthNote('x'.repeat(141)).problem, '1 character too many: a message is at most 140 characters.');
  assert.equal(chatLengthNote('x'.repeat(153)).counter, '153/140');
  assert.match(chatLengthNote('x'.repeat(153)).problem ?? '', /^13 characters too many/);
});
