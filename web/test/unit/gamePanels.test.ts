// The game page's texts (src/gamePanels.ts): what a screen reader hears after the engine moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameState } from '../../src/api.ts';
import { engineMoveAnnouncement } from '../../src/gamePanels.ts';

const after = (sans: string[], turn: 'w' | 'b', result: string | null = null) =>
  ({ history: sans.map((san) => ({ san })), turn, result }) as unknown as GameState;

test("the engine's move is announced with the side that played it and who moves next", () => {
  assert.equal(engineMoveAnnouncement(after(['e4', 'Nf6'], 'w')), 'Black (engine) played Nf6. White to move.');
  assert.equal(engineMoveAnnouncement(after(['e4'], 'b')), 'White (engine) played e4. Black to move.');
  assert.equal(
    engineMoveAnnouncement(after(['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'], 'b', '1-0')),
    'White (engine) played Qxf7#. Game over.',
  );
  assert.equal(engineMoveAnnouncement(after([], 'w')), '', 'nothing before a move');
});
