// The engine searches in a worker_thread and reports lines as it goes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, Game, Position, EvoChessError } from '../evochess.js';

test('a search in a worker reports lines and a best move', async () => {
  const engine = new Engine();
  const seen = [];
  const game = new Game('evochess');
  for (const m of ['e4', 'e5']) game.push(m);
  const result = await engine.analyse(game, { depth: 6, multipv: 2, onLine: (l) => seen.push(l) });
  assert.ok(seen.length >= 1);
  for (const line of seen) {
    assert.ok(line.depth >= 1 && line.pv.length >= 1);
    assert.ok(Number.isInteger(line.centipawns) || Number.isInteger(line.mate));
  }
  assert.ok(game.legalMoves().includes(result.bestMove));
  assert.equal(result.depth, 6);
  assert.equal(result.lines.length, 2);
  assert.equal(result.lines[0].pv[0], result.bestMove);
  engine.close();
});

test('a mate is found and scored as a mate', async () => {
  const engine = new Engine();
  const result = await engine.analyse(new Position('chess', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'), { depth: 4 });
  assert.equal(result.bestMove, 'a1a8');
  assert.equal(result.lines[0].mate, 1);
  engine.close();
});

test('the engine refuses bad requests and keeps working', async () => {
  const engine = new Engine();
  await assert.rejects(engine.analyse(new Position('chess'), {}), (e) => e instanceof EvoChessError && e.kind === 'bad-argument');
  await assert.rejects(engine.analyse({ variant: 'chess', fen: '', moves: ['e2e5'] }, { depth: 2 }),
    (e) => e.kind === 'illegal-move');
  await assert.rejects(engine.setOption('Hash', 'lots'), (e) => e.kind === 'bad-argument');
  const result = await engine.analyse(new Position('chess'), { nodes: 2000 });
  assert.ok(result.bestMove);
  engine.close();
});

test('stop() answers at once with the lines found so far', async () => {
  const engine = new Engine();
  let stopped;
  const search = engine.analyse(new Position('chess'), {
    timeMs: 60000,
    onLine: (line) => { if (line.depth >= 3 && !stopped) { stopped = true; engine.stop(); } },
  });
  const result = await search;
  assert.equal(result.stopped, true);
  assert.ok(result.bestMove && result.lines.length >= 1);
  const after = await engine.analyse(new Position('chess'), { depth: 3 });
  assert.ok(after.bestMove);
  engine.close();
});
