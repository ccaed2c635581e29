// The rules in the player's browser (issue 21, item 3): on the analysis board the legal-move
// dots and the promotion picker's choices come from the WebAssembly rules at once, with no
// request to the server's position route (POST /api/position) or its engine, which is off
// (`serve --no-engine`); what the board shows agrees with the server's answer for the same
// moves. Where the page has no WebAssembly, the board asks the server, as before. The server
// still referees every game move. Screenshots at phone and desktop width. Skipped (77) when
// the WebAssembly package is not built and emscripten is not installed (wasm/build.sh).
//
//   node tests/e2e/browser_rules.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver, choosePromotion } from './board_driver.mjs';
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

const harness = await openHarness({ name: 'browser-rules', serverArgs: ['--no-engine'] });
const { server } = harness;
const shots = mkdtempSync(path.join(tmpdir(), 'evochess-browser-rules-'));
console.log(`# screenshots in ${shots}`);

// Every request a page makes for a position's rules or an analysis.
function watchRequests(page) {
  const seen = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/position') || url.pathname.startsWith('/api/analysis')) seen.push(url.pathname);
  });
  return seen;
}

// The server's answer for a position, asked from here (not by the page).
async function serverPosition(moves) {
  const response = await fetch(new URL('/api/position', server.address), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant: 'evochess', moves }),
  });
  assert.equal(response.status, 200);
  return response.json();
}

// The squares the server's legal moves let the unit on `from` go to.
const destinationsOf = (state, from) =>
  [...new Set(state.legal.filter((m) => m.uci.startsWith(from)).map((m) => m.uci.slice(2, 4)))].sort();

// The squares the board shows dots (or capture rings) on, once drawn.
async function dotsShown(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('#board square.move-dest').length === n, count, { timeout: 30000 });
  return page.locator('#board square.move-dest').count();
}

async function clickSquare(page, board, square) {
  const { x, y } = await board.squareCenter(square);
  await page.mouse.click(x, y);
}

// White's three pawn moves earn a minor right: the capture on f7 may promote (docs/javascript.md).
const opening = ['e2e4', 'd7d5', 'e4d5', 'e7e6', 'd5e6', 'e8e7'];

try {
  for (const [label, width, height] of [
    ['desktop', 1366, 900],
    ['phone', 390, 844],
  ]) {
    const page = await harness.newPage(width, height);
    const seen = watchRequests(page);
    const board = new BoardDriver(page);
    await page.goto(`${server.address}#analysis=evochess&moves=${opening.join(',')}&ply=${opening.length}`);
    await page.locator('#analysis-panel:not([hidden])').waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('#move-list .move').length >= n, opening.length);

    await harness.check(
      `${label}: the dots of a unit and the promotion picker's choices come from the browser, as the server would give them`,
      async () => {
        const info = await apiCall(page, 'GET', '/api/info');
        assert.equal(info.body.engine, false, 'the server was started with --no-engine');
        const before = await serverPosition(opening);
        assert.equal(await page.locator('#analysis-fen').inputValue(), before.fen);
        await clickSquare(page, board, 'e6');
        assert.deepEqual(destinationsOf(before, 'e6'), ['f7']);
        assert.equal(await dotsShown(page, 1), 1);
        await clickSquare(page, board, 'f7');
        await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
        const choices = await page
          .locator('#promotion-dialog button.promotion-choice')
          .evaluateAll((buttons) => buttons.map((b) => b.dataset.uci));
        assert.deepEqual(
          choices.sort(),
          before.legal
            .filter((m) => m.uci.startsWith('e6f7'))
            .map((m) => m.uci)
            .sort(),
        );
        await page.screenshot({ path: path.join(shots, `promotion-${label}.png`), fullPage: width < 1000 });
        await choosePromotion(page, 'e6f7n');
        const after = await serverPosition([...opening, 'e6f7n']);
        await page.waitForFunction((fen) => document.getElementById('analysis-fen').value === fen, after.fen, { timeout: 30000 });
        await board.expectPiece('f7', /white.*n-piece|n-piece.*white/);
        assert.match(await page.locator('#move-list').textContent(), /exf7=N/);
      },
    );

    await harness.check(
      `${label}: more moves explored, each shown at once with the server's legal moves, and no request for any`,
      async () => {
        let moves = [...opening, 'e6f7n'];
        for (const [from, to] of [
          ['e7', 'f7'],
          ['e1', 'e2'],
        ]) {
          const state = await serverPosition(moves);
          await clickSquare(page, board, from);
          assert.equal(await dotsShown(page, destinationsOf(state, from).length), destinationsOf(state, from).length, `${from}'s dots`);
          await clickSquare(page, board, to);
          moves = [...moves, from + to];
          const next = await serverPosition(moves);
          await page.waitForFunction((fen) => document.getElementById('analysis-fen').value === fen, next.fen, { timeout: 30000 });
        }
        // Back and forth along the line: the positions are the browser's too.
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Home');
        await page.waitForFunction(() => document.querySelectorAll('#board piece').length > 0);
        await page.screenshot({ path: path.join(shots, `explored-${label}.png`), fullPage: width < 1000 });
        assert.deepEqual(seen, [], 'requests for positions or analyses');
      },
    );
    await page.context().close();
  }

  await harness.check('desktop, without WebAssembly: the board asks the server for its positions, and still shows the dots', async () => {
    const page = await harness.newPage(1366, 900);
    await page.context().addInitScript(() => delete globalThis.WebAssembly);
    const seen = watchRequests(page);
    const board = new BoardDriver(page);
    await page.goto(`${server.address}#analysis=evochess&moves=${opening.join(',')}&ply=${opening.length}`);
    await page.locator('#analysis-panel:not([hidden])').waitFor();
    await page.waitForFunction((fen) => document.getElementById('analysis-fen').value === fen, (await serverPosition(opening)).fen);
    assert.ok(seen.includes('/api/position'), `the server was asked (${seen.join(', ')})`);
    await clickSquare(page, board, 'e6');
    assert.equal(await dotsShown(page, 1), 1);
    await page.context().close();
  });

  await harness.check('the server still referees the moves of a game', async () => {
    const page = await harness.newPage(1366, 900);
    await page.goto(server.address);
    const id = await createGame(page, { variant: 'evochess', players: { w: 'human', b: 'human' } }, ['e2e4']);
    const illegal = await apiCall(page, 'POST', `/api/games/${id}/moves`, { uci: 'e2e4' });
    assert.equal(illegal.status, 422, 'the server refuses an illegal move');
    await page.context().close();
  });
} finally {
  await harness.finish();
}
