// The saved games list (src/savedGames.ts): which games it offers to delete.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deletable } from '../../src/savedGames.ts';

test('local games and aborted online games can be deleted; other online games are kept', () => {
  assert.equal(deletable({ online: false, result: null }), true);
  assert.equal(deletable({ online: false, result: '1-0' }), true);
  assert.equal(deletable({ online: true, result: '*' }), true, 'an aborted online game counted for nothing');
  assert.equal(deletable({ online: true, result: null }), false, 'a game being played');
  assert.equal(deletable({ online: true, result: '1/2-1/2' }), false, 'a finished game is kept');
});
