// End-to-end test of `evochess serve` in headless Chromium (Debian's, driven by playwright-core):
// an EvoChess game played through the UI with an evolution promotion chosen in the picker,
// the game found again after a server restart, and a Promote King Chess game that reaches
// Cthulhu. Saves the README's screenshot.png (docs_screenshots.mjs).
//
//   node tests/e2e/play_in_browser.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoardDriver, choosePromotion } from './board_driver.mjs';
import { QUIET_CHROMIUM_ARGS, waitForMoves, watchPolicy } from './browser_harness.mjs';
import { startServer } from './evochess_server.mjs';
import { docsScreenshot } from './docs_screenshots.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binaryFlag = process.argv.indexOf('--binary');
const binary = path.resolve(binaryFlag > 0 ? process.argv[binaryFlag + 1] : path.join(repo, 'build/evochess'));
// --host 0.0.0.0: a server open to others, where local games need their owner's token (the
// UI keeps it and sends it); the test still reaches it on 127.0.0.1.
const hostFlag = process.argv.indexOf('--host');
const extraArgs = hostFlag > 0 ? ['--host', process.argv[hostFlag + 1]] : [];
const webDir = path.join(repo, 'web/dist');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const screenshotPath = docsScreenshot('screenshot.png');

function require_file(file, hint) {
  if (!existsSync(file)) {
    console.error(`e2e: ${file} is missing: ${hint}`);
    process.exit(1);
  }
}
require_file(binary, 'build evochess first (or pass --binary)');
require_file(path.join(webDir, 'index.html'), 'run `npm ci && npm run build` in web/');
require_file(path.join(repo, 'web/node_modules/playwright-core'), 'run `npm ci` in web/');
require_file(chromiumPath, 'install Debian chromium (apt-get install chromium)');
const { chromium } = createRequire(path.join(repo, 'web/package.json'))('playwright-core');

const results = { passed: 0, failed: 0 };
async function check(name, body) {
  try {
    await body();
    results.passed += 1;
    console.log(`ok - ${name}`);
  } catch (error) {
    results.failed += 1;
    console.log(`FAIL - ${name}\n${error.stack ?? error}`);
    await page?.screenshot({ path: path.join(tmpdir(), 'evochess-e2e-failure.png') }).catch(() => {});
    throw error;
  }
}

async function moveListSans(page) {
  return page.locator('#move-list button.move').allTextContents();
}

// The harness's wait, which tells what the page shows instead when the moves do not come.
const waitForPlies = (page, count) => waitForMoves(page, count);

async function startNewGame(page, { variant, fen = '', side = 'both' }) {
  const previousHash = await page.evaluate(() => location.hash);
  const dialog = page.locator('#new-game-dialog');
  if (!(await dialog.evaluate((d) => d.open))) await page.click('#new-game-button');
  await dialog.locator('select[name=variant]').selectOption(variant);
  await dialog.locator('select[name=side]').selectOption(side);
  await dialog.locator('input[name=fen]').fill(fen);
  await dialog.locator('textarea[name=pgn]').fill('');
  await page.click('#start-game-button');
  await page.waitForFunction((previous) => /^#game=\d+$/.test(location.hash) && location.hash !== previous, previousHash);
  return Number(/\d+/.exec(await page.evaluate(() => location.hash))[0]);
}

async function legalFromApi(page, id) {
  return page.evaluate(async (game) => (await (await fetch(`/api/games/${game}`)).json()).legal, id);
}

// Plays from-to on the board; when the picker opens, checks it offers exactly the legal
// choices of that pair and picks `choice`.
async function playWithPicker(page, board, id, from, to, choice) {
  const legal = (await legalFromApi(page, id)).map((move) => move.uci).filter((uci) => uci.startsWith(from + to));
  await board.click(from, to);
  await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
  const offered = await page
    .locator('#promotion-dialog button.promotion-choice')
    .evaluateAll((buttons) => buttons.map((button) => button.dataset.uci));
  assert.deepEqual([...offered].sort(), [...legal].sort(), 'the picker offers exactly the legal choices');
  await choosePromotion(page, choice);
  return offered;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'evochess-e2e-data-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'evochess-e2e-chromium-'));
let server = await startServer({ binary, dataDir, webDir, extraArgs });
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: chromiumPath,
  headless: true,
  viewport: { width: 1360, height: 860 },
  args: QUIET_CHROMIUM_ARGS,
});
// Not a first visit: the welcome screen (learn_rules.mjs tests it) would cover the game.
await context.addInitScript(() => localStorage.getItem('evochess.visited') || localStorage.setItem('evochess.visited', '1'));
const policyViolations = [];
await watchPolicy(context, policyViolations);
const page = context.pages()[0] ?? (await context.newPage());
page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
const board = new BoardDriver(page);

try {
  let evoGame;
  await check('a new EvoChess game starts from the new-game dialog', async () => {
    await page.goto(server.address);
    await page.locator('#new-game-dialog[open]').waitFor();
    evoGame = await startNewGame(page, { variant: 'evochess' });
    assert.match(await page.locator('#game-title').textContent(), /EvoChess/);
    await page.locator('#board piece').first().waitFor();
    await board.expectPiece('e1', /white.*k-piece/);
  });

  await check('moves by click and by drag, with legal-move dots', async () => {
    const a2 = await board.squareCenter('a2');
    await page.mouse.click(a2.x, a2.y);
    await page.waitForFunction(() => document.querySelectorAll('#board square.move-dest').length === 2, null, {
      timeout: 30000,
    }); // legal-move dots on a3 and a4
    await page.mouse.click(a2.x, a2.y); // deselect
    await board.click('a2', 'a3');
    await waitForPlies(page, 1);
    await board.drag('a7', 'a6');
    await waitForPlies(page, 2);
    await board.click('a3', 'a4');
    await waitForPlies(page, 3);
    await board.click('a6', 'a5');
    await waitForPlies(page, 4);
    const bottomStrip = await page.locator('#strip-bottom').textContent();
    assert.match(bottomStrip, /pawn moves\s*2\/3/);
  });

  await check('an evolution promotion chosen in the picker (RULES 2.4)', async () => {
    const offered = await playWithPicker(page, board, evoGame, 'b2', 'b4', 'b2b4n');
    assert.ok(offered.includes('b2b4') && offered.includes('b2b4b'));
    await waitForPlies(page, 5);
    await board.expectPiece('b4', /white.*n-piece/);
    // Black's third pawn move earns a right too: the picker offers it, Black keeps the pawn.
    await playWithPicker(page, board, evoGame, 'h7', 'h6', 'h7h6');
    await waitForPlies(page, 6);
    assert.deepEqual(await moveListSans(page), ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6']);
    await page.screenshot({ path: screenshotPath }); // replaced below when there is an engine
  });

  await check('an illegal drop is refused and the board stays as it was', async () => {
    await board.drag('b4', 'b7'); // not a knight move
    assert.deepEqual(await moveListSans(page), ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6']);
    await board.expectPiece('b4', /n-piece/);
  });

  await check('after a server restart the saved game is listed and continues', async () => {
    assert.equal(await server.stop(), 0, 'the server stops cleanly on SIGTERM');
    // Open to others, the page keeps the owner's tokens for its origin: the same port again.
    const port = extraArgs.length ? Number(new URL(server.address).port) : 0;
    server = await startServer({ binary, dataDir, webDir, extraArgs, port });
    await page.goto(server.address);
    const entry = page.locator(`#saved-games li[data-game-id="${evoGame}"] .saved-game-open`);
    await entry.waitFor();
    assert.match(await entry.textContent(), /EvoChess.*6 plies/);
    await entry.click();
    await waitForPlies(page, 6);
    assert.deepEqual(await moveListSans(page), ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6']);
    await board.click('b4', 'c6');
    await waitForPlies(page, 7);
  });

  await check('the move list browses earlier positions', async () => {
    await page.click('#move-list button.move[data-ply="4"]');
    await page.locator('#history-note:not([hidden])').waitFor();
    await board.expectPiece('b4', /white.*n-piece/);
    await page.click('#live-button');
    await page.locator('#history-note[hidden]').waitFor({ state: 'attached' });
    await board.expectPiece('c6', /white.*n-piece/);
  });

  await check('a PGN copied out of one game is pasted into a new one', async () => {
    const pgn = await page.locator('#pgn-output').inputValue();
    assert.match(pgn, /\[Variant "evochess"\]/);
    await page.click('#new-game-button');
    await page.locator('#new-game-dialog textarea[name=pgn]').fill(pgn);
    await page.locator('#new-game-dialog select[name=side]').selectOption('both');
    const previousHash = await page.evaluate(() => location.hash);
    await page.click('#start-game-button');
    await page.waitForFunction((previous) => location.hash !== previous, previousHash);
    await waitForPlies(page, 7);
    assert.deepEqual(await moveListSans(page), ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6', 'Nc6']);
  });

  await check('a Promote King Chess game reaches Cthulhu (RULES 4.2, 4.4, 4.12)', async () => {
    const game = await startNewGame(page, { variant: 'promoteking', fen: 'k7/p3K1P1/8/8/8/8/P7/8 w - - 0 1' });
    const offered = await playWithPicker(page, board, game, 'g7', 'g8', 'g7g8~b');
    assert.ok(offered.includes('g7g8q') && offered.includes('g7g8p'), 'own-colour choices, the pawn included');
    await waitForPlies(page, 1);
    await board.expectPiece('g8', /black.*b-piece/);
    await board.click('a7', 'a6');
    await waitForPlies(page, 2);
    await board.click('e7', 'e8');
    await waitForPlies(page, 3);
    await board.expectPiece('e8', /white.*c-piece/);
    assert.deepEqual(await moveListSans(page), ['g8=~B', 'a6', 'Ke8=C+']);
    await page.waitForFunction(() => document.querySelectorAll('#board square.check').length === 1);
    assert.match(await page.locator('#strip-bottom').textContent(), /promoted a king/);
    assert.match(await page.locator('#status').textContent(), /promotions into the other colour: 1/);
    page.once('dialog', (dialog) => void dialog.accept()); // resigning asks first
    await page.click('#resign-button'); // Black, to move, resigns
    await page.locator('#result-banner:not([hidden])').waitFor();
    const banner = await page.locator('#result-banner').textContent();
    assert.match(banner, /1-0/);
    assert.match(banner, /resignation/);
    assert.match(banner, /Points: White 2 – Black 0/);
  });

  const { engine } = await page.evaluate(async () => (await fetch('/api/info')).json());
  if (!engine) {
    console.log('skip - playing against the engine: this build has no engine');
  } else {
    await check('the engine answers a move; its evaluation and line stay hidden until the game is over', async () => {
      await page.click('#new-game-button');
      await page.locator('#new-game-dialog select[name=side]').selectOption('w');
      await page.locator('#new-game-dialog select[name=level]').selectOption({ index: 0 });
      await startNewGame(page, { variant: 'evochess', side: 'w' });
      await board.click('e2', 'e4');
      await waitForPlies(page, 2);
      // As on lichess: no score, plan or bar while one plays the engine; a screen reader hears its move.
      assert.doesNotMatch(await page.locator('#engine-line').textContent(), /depth|[+-]\d+\.\d\d/);
      assert.equal(await page.locator('#eval-bar').isVisible(), false, 'no evaluation bar during the game');
      assert.match(await page.locator('#move-announcer').textContent(), /^Black \(engine\) played \S+\. White to move\.$/);
      assert.equal(await page.locator('#engine-line').getAttribute('aria-live'), null, 'the search line is not read out');
      await board.click('d2', 'd4');
      await waitForPlies(page, 4);
      await page.screenshot({ path: screenshotPath }); // the README's picture: a game against the engine
      page.once('dialog', (dialog) => void dialog.accept());
      await page.click('#resign-button');
      await page.locator('#result-banner:not([hidden])').waitFor();
      await page.waitForFunction(() => /depth \d+/.test(document.getElementById('engine-line').textContent), null, { timeout: 10000 });
      assert.ok(await page.locator('#eval-bar').isVisible(), 'the bar is back once the game is over');
    });
  }
} catch {
  // reported by check()
} finally {
  await context.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}

if (policyViolations.length) {
  results.failed += 1;
  console.log(`FAIL - the page kept to the Content-Security-Policy:\n  ${policyViolations.join('\n  ')}`);
}
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 && results.passed > 0 ? 0 : 1);
