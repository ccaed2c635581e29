// The review's judgement of moves (src/review/moveJudgement.ts): by how much a move lowered
// the mover's winning chances, and each side's counts and average loss.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeGame, judgeMove, winningChances } from '../../src/review/moveJudgement.ts';

test('winning chances run from -1 to 1, even at zero and capped at 1000 centipawns', () => {
  assert.equal(winningChances({ cp: 0 }), 0);
  assert.equal(winningChances({ mate: 3 }), 1);
  assert.equal(winningChances({ mate: -2 }), -1);
  assert.ok(winningChances({ cp: 300 }) > 0.4 && winningChances({ cp: 300 }) < 0.6);
  assert.equal(winningChances({ cp: 5000 }), winningChances({ cp: 1000 }));
  assert.ok(Math.abs(winningChances({ cp: -200 }) + winningChances({ cp: 200 })) < 1e-12, 'symmetric for both sides');
});

test('a move is judged by the loss of its own side, not the other', () => {
  assert.equal(judgeMove({ cp: 0 }, { cp: -20 }, 'w'), null);
  assert.equal(judgeMove({ cp: 0 }, { cp: -80 }, 'w'), 'inaccuracy');
  assert.equal(judgeMove({ cp: 0 }, { cp: -100 }, 'w'), 'inaccuracy', 'a loss of 0.18');
  assert.equal(judgeMove({ cp: 0 }, { cp: -120 }, 'w'), 'mistake', 'a loss of 0.22');
  assert.equal(judgeMove({ cp: 0 }, { cp: -150 }, 'w'), 'mistake', 'a loss of 0.27');
  assert.equal(judgeMove({ cp: 0 }, { cp: -180 }, 'w'), 'blunder', 'a loss of 0.32');
  assert.equal(judgeMove({ cp: 0 }, { mate: -1 }, 'w'), 'blunder');
  assert.equal(judgeMove({ cp: 0 }, { mate: -1 }, 'b'), null, 'a mate against White is good for Black');
  assert.equal(judgeMove({ cp: 0 }, { cp: 300 }, 'b'), 'blunder');
});

test('a game: each ply judged in turn, each side counted with its average loss', () => {
  const { judgements, summary } = judgeGame([{ cp: 20 }, { cp: 20 }, { cp: 400 }, { cp: 100 }], 'w');
  assert.deepEqual(judgements, [null, 'blunder', 'blunder']);
  assert.deepEqual(summary.w, { inaccuracy: 0, mistake: 0, blunder: 1, averageLoss: 150 });
  assert.deepEqual(summary.b, { inaccuracy: 0, mistake: 0, blunder: 1, averageLoss: 380 });
});

test('a game that Black starts (from a position) counts its first move for Black', () => {
  const { summary } = judgeGame([{ cp: 0 }, { cp: 500 }], 'b');
  assert.equal(summary.b.blunder, 1);
  assert.equal(summary.w.blunder, 0);
});
