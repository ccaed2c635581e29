// Browser tests for the bugs a new player hit (issue 11, "Bugs seen" 1-3 and 5-7): each check
// failed before its fix. Runs every check and reports all failures at the end.
//
//   node tests/e2e/player_bugs.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { apiCall, createGame, openHarness } from './browser_harness.mjs';

const harness = await openHarness({ name: 'bugs' });
const { server, check, newPage } = harness;
const openGame = (page, id) => harness.openGame(page, id);

async function startFromDialog(page, { variant, side = 'both', pgn = null }) {
  const previous = await page.evaluate(() => location.hash);
  const dialog = page.locator('#new-game-dialog');
  if (!(await dialog.evaluate((d) => d.open))) await page.click('#new-game-button');
  await dialog.locator('select[name=variant]').selectOption(variant);
  await dialog.locator('select[name=side]').selectOption(side);
  if (pgn !== null) await dialog.locator('textarea[name=pgn]').fill(pgn);
  await page.click('#start-game-button');
  await page.waitForFunction((p) => /^#game=\d+$/.test(location.hash) && location.hash !== p, previous);
  return Number(/\d+/.exec(await page.evaluate(() => location.hash))[0]);
}

const plies = (page) => page.locator('#move-list button.move').count();
const gameOf = async (page, id) => (await apiCall(page, 'GET', `/api/games/${id}`)).body;

try {
  const page = await newPage();
  const board = new BoardDriver(page);

  await check('bug 7: after cancelling the first dialog, no button looks enabled that does nothing', async () => {
    await page.goto(server.address);
    await page.locator('#new-game-dialog[open]').waitFor();
    await page.locator('#new-game-dialog button[value=cancel]').click();
    for (const id of ['undo-button', 'draw-button', 'resign-button', 'engine-button']) {
      assert.ok(await page.locator(`#${id}`).isDisabled(), `${id} is disabled without a game`);
    }
    assert.ok(await page.locator('#new-game-button').isEnabled());
  });

  await check('bug 1: a PGN imported before does not override the variant picked next', async () => {
    const imported = await startFromDialog(page, { variant: 'evochess', pgn: '[Variant "evochess"]\n\n1. a3 a6 *' });
    assert.equal(await plies(page), 2);
    const next = await startFromDialog(page, { variant: 'promoteking' });
    assert.notEqual(next, imported);
    assert.match(await page.locator('#game-title').textContent(), /Promote King Chess/);
    assert.equal(await plies(page), 0);
    assert.equal((await gameOf(page, next)).variant, 'promoteking');
  });

  await check('bug 2: an earlier move shows its own counters, status, FEN and check', async () => {
    const id = await createGame(page, { variant: 'evochess', players: { w: 'human', b: 'human' } }, ['a2a3', 'a7a6', 'a3a4']);
    await openGame(page, id);
    const game = await gameOf(page, id);
    await page.click('#move-list button.move[data-ply="1"]');
    assert.equal(await page.inputValue('#fen-output'), game.history[1].fen);
    assert.match(await page.locator('#status').textContent(), /White to move/);
    assert.match(await page.locator('#strip-bottom').textContent(), /pawn moves\s*1\/3/);
    await page.click('#live-button');
    assert.match(await page.locator('#strip-bottom').textContent(), /pawn moves\s*2\/3/);

    const checked = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } }, [
      'e2e4',
      'f7f6',
      'd1h5',
      'g7g6',
      'h5g6',
    ]);
    await openGame(page, checked);
    await page.click('#move-list button.move[data-ply="2"]');
    await page.locator('#board square.check').waitFor({ timeout: 30000 });
    assert.match(await page.locator('#status').textContent(), /check/);
  });

  await check('bug 2: the move list keeps the selected move in view', async () => {
    // A long game: 70 plies picked from the legal moves by a fixed pseudo-random sequence.
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } });
    let state = await gameOf(page, id);
    let seed = 7;
    while (state.history.length < 70 && !state.result) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const played = await apiCall(page, 'POST', `/api/games/${id}/moves`, { uci: state.legal[seed % state.legal.length].uci });
      state = played.body;
    }
    assert.ok(state.history.length > 40, 'the game is long enough to scroll');
    await openGame(page, id);
    await page.locator('#move-list').evaluate((list) => (list.scrollTop = 0));
    await page.click('#move-list button.move[data-ply="2"]');
    const visible = await page.locator('#move-list').evaluate((list) => {
      const selected = list.querySelector('button.move.selected');
      if (!selected) return false;
      const a = list.getBoundingClientRect();
      const b = selected.getBoundingClientRect();
      return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
    });
    assert.ok(visible, 'the selected move is visible in the list');
  });

  let engineGame;
  await check('bug 5: a failed engine request says so readably, stops "thinking" and can be retried', async () => {
    await page.route('**/api/games/*/engine', (route) => route.abort());
    engineGame = await startFromDialog(page, { variant: 'evochess', side: 'w' });
    await board.click('e2', 'e4');
    await page.locator('#error-message:not([hidden])').waitFor({ timeout: 30000 });
    await page.waitForTimeout(300);
    const message = await page.locator('#error-message').textContent();
    assert.doesNotMatch(message, /Failed to fetch/);
    assert.doesNotMatch(await page.locator('#engine-line').textContent(), /thinking/);
    assert.doesNotMatch(await page.locator('#status').textContent(), /thinking/);
    await page.unroute('**/api/games/*/engine');
    await page.locator('#error-message button.retry').click();
    await page.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 2, null, { timeout: 30000 });
  });

  await check('bug 7: a draw offer to the engine gets an answer', async () => {
    await openGame(page, engineGame);
    await page.waitForFunction(() => !document.getElementById('draw-button').disabled, null, { timeout: 30000 });
    await page.click('#draw-button');
    await page.waitForFunction(() => /engine declines/i.test(document.body.innerText), null, { timeout: 30000 });
  });

  await check('bug 7: the eval bar flips with the board', async () => {
    // Two engines (watched, not played against): the bar shows during the game.
    await openGame(page, await createGame(page, { variant: 'evochess', players: { w: 'engine', b: 'engine' } }));
    assert.ok(await page.locator('#eval-bar').isVisible());
    const anchoredTop = () =>
      page.evaluate(() => {
        const bar = document.getElementById('eval-bar').getBoundingClientRect();
        const fill = document.querySelector('#eval-bar .eval-fill').getBoundingClientRect();
        return Math.abs(fill.top - bar.top) < 1 && fill.bottom < bar.bottom - 1;
      });
    await page.evaluate(() => document.getElementById('eval-bar').style.setProperty('--white-share', '30%'));
    assert.equal(await anchoredTop(), false, 'White fills from the bottom with White below');
    await page.click('#flip-button');
    await page.evaluate(() => document.getElementById('eval-bar').style.setProperty('--white-share', '30%'));
    await page.waitForTimeout(400);
    assert.equal(await anchoredTop(), true, 'White fills from the top with Black below');
    await page.click('#flip-button');
  });

  await check('bug 7: no eval bar in a game without an engine', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } });
    await openGame(page, id);
    assert.equal(await page.locator('#eval-bar').isVisible(), false);
  });

  await check('bug 7: resigning asks first', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } });
    await openGame(page, id);
    let asked = false;
    page.once('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await page.click('#resign-button');
    await page.waitForTimeout(500);
    assert.ok(asked, 'a confirmation was asked');
    assert.equal((await gameOf(page, id)).result, null, 'a cancelled resignation leaves the game on');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#resign-button');
    await page.locator('#result-banner:not([hidden])').waitFor({ timeout: 30000 });
  });

  await check('bug 7: the promotion picker does not focus "no promotion", and says what declining does', async () => {
    const id = await createGame(page, { variant: 'evochess', players: { w: 'human', b: 'human' } }, ['a2a3', 'a7a6', 'a3a4', 'a6a5']);
    await openGame(page, id);
    await board.click('b2', 'b4');
    await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
    const focused = await page.evaluate(() => document.activeElement?.dataset?.uci ?? document.activeElement?.tagName);
    assert.notEqual(focused, 'b2b4', 'no promotion is not focused');
    assert.ok(!/^b2b4/.test(focused ?? ''), `no choice is focused (${focused})`);
    assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /keep/i);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    assert.equal((await gameOf(page, id)).history.length, 4, 'Escape plays nothing');
  });

  await check('bug 6: a rejected move says so once, plainly, and the board is reloaded', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } });
    // The page follows a local game's changes by its event stream: without it, it is stale.
    await page.route('**/api/games/*/events', (route) => route.abort());
    await openGame(page, id);
    await apiCall(page, 'POST', `/api/games/${id}/moves`, { uci: 'e2e4' }); // behind the UI's back
    await board.click('a2', 'a3');
    await page.locator('#error-message:not([hidden])').waitFor({ timeout: 30000 });
    const message = await page.locator('#error-message').textContent();
    assert.ok((message.match(/a2a3/g) ?? []).length <= 1, `no repeated UCI: ${message}`);
    await page.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 1, null, { timeout: 30000 });
    await board.expectPiece('e4', /white.*p-piece/);
    await page.unroute('**/api/games/*/events');
  });

  await check('bug 7: opening the app does not resume an engine-v-engine game by itself', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'engine', b: 'engine' }, engine: { movetime_ms: 100 } });
    const fresh = await newPage();
    await openGame(fresh, id);
    await fresh.waitForTimeout(1500);
    assert.equal((await gameOf(fresh, id)).history.length, 0);
    await fresh.context().close();
  });

  await check('bugs 3 and 5 of "What to build": nothing overflows horizontally at 360-430 and 1366 px', async () => {
    // A game where the engine has shown a long line.
    const id = await createGame(page, { variant: 'evochess', players: { w: 'engine', b: 'human' }, engine: { movetime_ms: 1500 } });
    for (const width of [360, 390, 430, 1366]) {
      const phone = await newPage(width, width > 1000 ? 900 : 844);
      await openGame(phone, id);
      if (width === 360) {
        await phone.click('#engine-button');
        await phone.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 1, null, { timeout: 30000 });
      }
      await phone.evaluate(() => {
        // The longest line the engine could show.
        // (hidden during a game against the engine: put in as the game's end would show it)
        const line = document.getElementById('engine-line');
        const pv = line.querySelector('.engine-pv') ?? line.appendChild(document.createElement('span'));
        pv.className = 'engine-pv';
        pv.textContent = 'Nf3 Nf6 '.repeat(30);
      });
      const overflow = () => phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      let [scroll, inner] = await overflow();
      assert.ok(scroll <= inner, `game at ${width}px: scrollWidth ${scroll} > ${inner}`);
      const box = await phone.locator('#board cg-board').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= inner + 0.5, `the whole board is on screen at ${width}px`);
      await phone.click('#new-game-button');
      await phone.locator('#new-game-dialog[open]').waitFor();
      [scroll, inner] = await overflow();
      assert.ok(scroll <= inner, `dialog at ${width}px: scrollWidth ${scroll} > ${inner}`);
      const dialogBox = await phone.locator('#new-game-dialog').boundingBox();
      assert.ok(dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= inner, `the dialog fits at ${width}px`);
      await phone.screenshot({ path: path.join(tmpdir(), `evochess-bugs-${width}.png`) });
      await phone.context().close();
    }
  });
} finally {
  await harness.finish();
}
