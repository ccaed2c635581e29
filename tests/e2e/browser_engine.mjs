// The engine in the player's browser (issue 21, item 3): with the server's engine off
// (`serve --no-engine`), the analysis board shows engine lines and their depth computed by
// the WebAssembly engine in a worker, the review scores a game the same way, and no analysis
// request reaches the server, which still referees every move; screenshots at phone and
// desktop width. Skipped (77) when the WebAssembly package is not built and emscripten is not
// installed to build it (wasm/build.sh).
//
//   node tests/e2e/browser_engine.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, createGame, openHarness, repo } from './browser_harness.mjs';

const webDir = process.env.EVOCHESS_WEB_DIR ?? path.join(repo, 'web/dist');
if (!existsSync(path.join(webDir, 'wasm/dist/evochess_wasm.wasm'))) {
  let emscripten = true;
  try {
    execFileSync('sh', ['-c', 'command -v emcmake'], { stdio: 'ignore' });
  } catch {
    emscripten = false;
  }
  if (!emscripten) {
    console.log('skipped: no WebAssembly package in the built UI and no emscripten to build it (wasm/build.sh)');
    process.exit(77);
  }
  console.error(`e2e: ${webDir}/wasm is missing: run wasm/build.sh before building the UI`);
  process.exit(1);
}

const harness = await openHarness({ name: 'browser-engine', serverArgs: ['--no-engine'] });
const { server } = harness;
const shots = mkdtempSync(path.join(tmpdir(), 'evochess-browser-engine-'));
console.log(`# screenshots in ${shots}`);

// Every request a page makes to the server's engine (analysis), and every WebAssembly file
// it fetches.
function watchRequests(page) {
  const seen = { analysis: [], wasm: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/analysis')) seen.analysis.push(url.pathname);
    if (url.pathname.startsWith('/wasm/')) seen.wasm.push(url.pathname);
  });
  return seen;
}

const lineCount = (page) => page.locator('#analysis-lines .analysis-line').count();

try {
  for (const [label, width, height] of [
    ['desktop', 1366, 900],
    ['phone', 390, 844],
  ]) {
    const page = await harness.newPage(width, height);
    const seen = watchRequests(page);
    // Straight to the analysis board (no new-game dialog in the way).
    await page.goto(`${server.address}#analysis=evochess&moves=e2e4,d7d5,e4d5&ply=3`);

    await harness.check(
      `${label}: the server runs without its engine; the analysis board shows three lines with their depth, computed in the browser`,
      async () => {
        const info = await apiCall(page, 'GET', '/api/info');
        assert.equal(info.body.engine, false, 'the server was started with --no-engine');
        const refused = await apiCall(page, 'POST', '/api/analysis', { variant: 'chess', moves: [], movetime_ms: 100 });
        assert.equal(refused.status, 503, 'the server itself refuses to analyse');
        seen.analysis.length = 0;

        await page.locator('#analysis-panel:not([hidden])').waitFor();
        await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, {
          timeout: 30000,
        });
        await page.waitForFunction(() => /^depth \d+/.test(document.getElementById('analysis-summary').textContent), null, {
          timeout: 30000,
        });
        assert.equal(await page.locator('#analysis-engine-place').inputValue(), 'browser');
        assert.ok(await page.locator('#analysis-engine-place option[value=server]').isDisabled(), 'no engine on the server to choose');
        assert.ok(await page.locator('#analysis-engine-toggle').isEnabled());
        // Each line: a score and its moves in SAN, legal from the position shown (Black to move).
        const lines = await page.locator('#analysis-lines .analysis-line').evaluateAll((items) =>
          items.map((item) => ({
            score: item.querySelector('.analysis-score').textContent,
            moves: [...item.querySelectorAll('.pv-move')].map((b) => b.textContent),
          })),
        );
        for (const line of lines) {
          assert.match(line.score, /^(?:[+-]?\d+\.\d\d|-?M\d+)$/, JSON.stringify(line));
          assert.ok(line.moves.length >= 1, JSON.stringify(line));
        }
        const position = await apiCall(page, 'POST', '/api/position', { variant: 'evochess', moves: ['e2e4', 'd7d5', 'e4d5'] });
        const legalSan = position.body.legal.map((m) => m.san);
        for (const line of lines) assert.ok(legalSan.includes(line.moves[0]), `${line.moves[0]} is legal here (${legalSan.join(' ')})`);
        // The search goes deeper as it goes on, then ends (the analysis board's four seconds).
        await page.waitForFunction(() => !/thinking/.test(document.getElementById('analysis-summary').textContent), null, {
          timeout: 30000,
        });
        const depth = Number((await page.locator('#analysis-summary').textContent()).match(/depth (\d+)/)[1]);
        assert.ok(depth >= 4, `depth ${depth} after the search`);
        assert.ok(
          seen.wasm.some((p) => p.endsWith('.wasm')),
          'the WebAssembly engine was fetched',
        );
        await page.screenshot({ path: path.join(shots, `analysis-${label}.png`), fullPage: width < 1000 });
      },
    );

    await harness.check(
      `${label}: a move played on the analysis board (a line's move) gets new lines from the browser; the switch off and on again`,
      async () => {
        const before = await page.locator('#analysis-fen').inputValue();
        await page.locator('#analysis-lines .analysis-line[data-multipv="1"] .pv-move').first().click();
        await page.waitForFunction((fen) => document.getElementById('analysis-fen').value !== fen, before);
        await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, {
          timeout: 30000,
        });
        await page.uncheck('#analysis-engine-toggle');
        assert.equal(await lineCount(page), 0);
        await page.check('#analysis-engine-toggle');
        await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, {
          timeout: 30000,
        });
      },
    );

    if (label === 'desktop') {
      await harness.check(
        'desktop: the review of a finished game scores every position in the browser, with a graph and a summary',
        async () => {
          const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'f3g5', 'd7d5'];
          const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } }, moves);
          await apiCall(page, 'POST', `/api/games/${id}/resign`, { side: 'b' });
          await harness.openGame(page, id);
          await page.locator('#review-panel:not([hidden])').waitFor();
          assert.equal(await page.locator('#review-engine-place').inputValue(), 'browser');
          await page.screenshot({ path: path.join(shots, 'review-start-desktop.png') });
          await page.click('#review-button');
          await page.waitForFunction(() => document.querySelectorAll('#review-summary .review-summary-line').length === 2, null, {
            timeout: 60000,
          });
          assert.equal(await page.locator('#review-graph circle.graph-point').count(), moves.length, 'one point per move');
          assert.ok(await page.locator('#review-engine-place').isHidden(), 'no engine menu once the game is reviewed');
          await page.screenshot({ path: path.join(shots, 'review-desktop.png') });
        },
      );
    }

    await harness.check(`${label}: no analysis request went to the server, and its referee still takes the moves of a game`, async () => {
      assert.deepEqual(seen.analysis, [], 'analysis requests to the server');
      const id = await createGame(page, { variant: 'evochess', players: { w: 'human', b: 'human' } }, ['e2e4']);
      const illegal = await apiCall(page, 'POST', `/api/games/${id}/moves`, { uci: 'e2e4' });
      assert.equal(illegal.status, 422, 'the server refuses an illegal move');
    });
    await page.context().close();
  }
} finally {
  await harness.finish();
}
