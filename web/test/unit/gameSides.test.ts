// Who plays which side on this screen (src/gameSides.ts): the people, a move's side, the side
// a draw offer speaks for, and how far "Take back" goes against the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameState } from '../../src/api.ts';
import { againstTheEngine, humanSidesOf, pliesToTakeBack, sideOfPly, speakingSide } from '../../src/gameSides.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const BLACK_STARTS = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

function game(w: 'human' | 'engine', b: 'human' | 'engine', moves: number, startFen = START): GameState {
  const turnAfter = sideOfPly({ start_fen: startFen }, moves);
  return {
    players: { w, b },
    start_fen: startFen,
    history: Array.from({ length: moves }, () => ({ uci: 'e2e4' })),
    turn: turnAfter,
  } as unknown as GameState;
}

test('the human sides, White first', () => {
  assert.deepEqual(humanSidesOf(game('human', 'engine', 0)), ['w']);
  assert.deepEqual(humanSidesOf(game('human', 'human', 0)), ['w', 'b']);
  assert.deepEqual(humanSidesOf(game('engine', 'engine', 0)), []);
});

test("a move's side follows the start position's side to move", () => {
  assert.deepEqual(
    [0, 1, 2].map((ply) => sideOfPly({ start_fen: START }, ply)),
    ['w', 'b', 'w'],
  );
  assert.deepEqual(
    [0, 1, 2].map((ply) => sideOfPly({ start_fen: BLACK_STARTS }, ply)),
    ['b', 'w', 'b'],
  );
});

test('a draw offer speaks for the only human, else for the side to move', () => {
  assert.equal(speakingSide(game('engine', 'human', 2)), 'b');
  assert.equal(speakingSide(game('human', 'human', 3)), 'b');
  assert.equal(speakingSide(game('engine', 'engine', 2)), 'w');
});

test('"Take back" against the engine goes back to the human\'s move', () => {
  // The human (White) to move after the engine's answer: the answer and the human's move.
  assert.equal(pliesToTakeBack(game('human', 'engine', 4)), 2);
  // The engine to move (it has not answered yet): the human's move alone.
  assert.equal(pliesToTakeBack(game('human', 'engine', 3)), 1);
  // Never more moves than the game has.
  assert.equal(pliesToTakeBack(game('engine', 'human', 1)), 1);
  // Two people, or two engines: one move.
  assert.equal(pliesToTakeBack(game('human', 'human', 4)), 1);
  assert.equal(pliesToTakeBack(game('engine', 'engine', 4)), 1);
});

test("the engine's evaluation is hidden only in a game against it still being played", () => {
  const against = game('human', 'engine', 2);
  assert.equal(againstTheEngine({ ...against, result: null }), true);
  assert.equal(againstTheEngine({ ...against, result: '1-0' }), false, 'shown once the game is over');
  assert.equal(againstTheEngine({ ...game('human', 'human', 2), result: null }), false, 'a human game asking the engine');
  assert.equal(againstTheEngine({ ...game('engine', 'engine', 2), result: null }), false, 'watching two engines');
  assert.equal(againstTheEngine({ ...against, result: null, online: true }), false, 'online games show no engine at all');
});
