// Browser tests for the bugs of "The player's board, round two" (items 1-7): each check
// failed before its fix. Runs every check and reports all failures at the end; saves
// screenshots at 390 and 1366 px into a temporary folder (printed).
//
//   node tests/e2e/player_bugs_round_two.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { apiCall, createGame, openHarness, waitForMoves } from './browser_harness.mjs';

const harness = await openHarness({ name: 'bugs-two' });
const { server, check, newPage } = harness;
const openGame = (page, id) => harness.openGame(page, id);
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-bugs-two-screenshots-'));
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

const gameOf = async (page, id) => (await apiCall(page, 'GET', `/api/games/${id}`)).body;
const hashId = async (page) => Number(/^#game=(\d+)/.exec(await page.evaluate(() => location.hash))?.[1] ?? NaN);
const visible = (page, selector) => page.locator(selector).isVisible();

async function openDialog(page) {
  // The app is set up (its buttons answer) once the dialog lists the variants.
  await page.waitForFunction(() => document.querySelectorAll('#new-game-dialog select[name=variant] option').length > 0);
  const dialog = page.locator('#new-game-dialog');
  if (!(await dialog.evaluate((d) => d.open))) await page.click('#new-game-button');
  await page.locator('#new-game-dialog[open]').waitFor();
  return dialog;
}

try {
  await check('item 1: a game started from the rules page leaves it; "Back to the game" returns', async () => {
    const page = await newPage(390, 844, { firstVisit: true });
    await page.goto(server.address);
    await page.locator('#first-visit[open]').waitFor({ timeout: 30000 });
    await page.click('#learn-button');
    await page.locator('#rules-view .rules-title').waitFor();
    const dialog = await openDialog(page);
    await dialog.locator('select[name=side]').selectOption('both');
    await page.click('#start-game-button');
    await page.waitForFunction(() => /^#game=\d+$/.test(location.hash));
    await page.locator('#board piece').first().waitFor({ timeout: 30000 });
    assert.equal(await visible(page, '#rules-view'), false, 'the rules page is closed');
    assert.ok(await visible(page, '#game-layout'), 'the game is shown');
    await page.click('#rules-button');
    await page.locator('#rules-view .rules-title').waitFor();
    await page.click('#rules-view .rules-back');
    await page.waitForFunction(() => !document.getElementById('game-layout').hidden, null, { timeout: 30000 });
    assert.equal(await visible(page, '#rules-view'), false);

    // The same from a rules page opened by address, and replacing that page by its own game.
    await page.goto(`${server.address}#rules=echess`);
    await page.locator('#rules-view .rules-title').waitFor();
    await page.click('#rules-view .rules-back');
    await page.waitForFunction(() => !document.getElementById('game-layout').hidden, null, { timeout: 30000 });
    await page.context().close();
  });

  await check('item 1: an online game started from the rules page shows its invite link', async () => {
    const page = await newPage(1366, 900);
    await page.goto(`${server.address}#rules=evochess`);
    await page.locator('#rules-view .rules-title').waitFor();
    const dialog = await openDialog(page);
    await dialog.locator('select[name=side]').selectOption('online');
    await page.click('#start-game-button');
    await page.locator('#invite-link').waitFor({ state: 'visible', timeout: 30000 });
    await page.context().close();
  });

  await check('item 2: the rules examples store no game', async () => {
    const page = await newPage(1366, 900);
    await page.goto(`${server.address}api/info`);
    const listed = async () => (await apiCall(page, 'GET', '/api/games')).body.map((g) => g.id);
    const before = await listed();
    await page.goto(`${server.address}#rules=evochess`);
    await page.locator('#rules-view .rules-title').waitFor();
    await page.waitForFunction(
      () => {
        const messages = [...document.querySelectorAll('#rules-view .example-message')];
        return messages.length > 0 && messages.every((m) => m.dataset.state === 'todo');
      },
      null,
      { timeout: 30000 },
    );
    assert.deepEqual(await listed(), before, 'no game is stored for the examples');
    // A move on an example is judged all the same.
    const example = page.locator('#rules-view [data-example]').first();
    await example.locator('.example-reset').click();
    await page.waitForFunction(() => document.querySelector('#rules-view .example-message')?.dataset.state === 'todo');
    assert.deepEqual(await listed(), before);
    await page.context().close();
  });

  await check('item 1: the dialog opened from the EChess rules page preselects EChess', async () => {
    const page = await newPage(1366, 900);
    await page.goto(`${server.address}#rules=echess`);
    await page.locator('#rules-view .rules-title').waitFor();
    const dialog = await openDialog(page);
    assert.equal(await dialog.locator('select[name=variant]').inputValue(), 'echess');
    await page.context().close();
  });

  const page = await newPage();
  const board = new BoardDriver(page);
  const enginePv = () => page.locator('#engine-line').textContent();
  const barShare = () => page.evaluate(() => document.getElementById('eval-bar').style.getPropertyValue('--white-share'));
  // On the site's origin without the app (the API calls need the origin): the app's own first
  // page (the last saved game) would race the game each check opens by its address.
  await page.goto(`${server.address}api/info`);

  await check('item 3: Undo clears the engine line of the position taken back', async () => {
    // Two people asking the engine for a move (its line shows; against the engine it waits for the end).
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' }, engine: { movetime_ms: 200 } });
    await openGame(page, id);
    await board.click('e2', 'e4');
    await waitForMoves(page, 1);
    await page.click('#engine-button');
    await waitForMoves(page, 2);
    await page.locator('#engine-line .engine-pv').waitFor();
    await page.click('#undo-button');
    await waitForMoves(page, 1);
    await page.click('#undo-button');
    await waitForMoves(page, 0);
    assert.equal((await enginePv()).trim(), '', 'no line is shown after Undo');
    assert.equal(await barShare(), '50%', 'the bar is even after Undo');
  });

  await check('item 3: an earlier position does not show the line and bar of the last one', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'engine' }, engine: { movetime_ms: 200 } }, [
      'e2e4',
      'e7e5',
    ]);
    await openGame(page, id);
    await board.click('d2', 'd4');
    await waitForMoves(page, 4);
    page.once('dialog', (d) => void d.accept());
    await page.click('#resign-button');
    await page.locator('#result-banner:not([hidden])').waitFor();
    // Shown once the game is over (hidden while it was played against the engine).
    await page.locator('#engine-line .engine-pv').waitFor();
    await page.click('#move-list button.move[data-ply="0"]');
    assert.equal((await enginePv()).trim(), '', 'no line at an earlier position');
    assert.equal(await barShare(), '50%', 'an even bar at an earlier position');
    await page.click('#live-button');
    await page.locator('#engine-line .engine-pv').waitFor({ timeout: 30000 });
  });

  await check('item 4: a bad FEN or PGN keeps the dialog open, the text kept, the error by the field', async () => {
    await openGame(page, await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } }));
    const dialog = await openDialog(page);
    await dialog.locator('select[name=side]').selectOption('both');
    await dialog.locator('input[name=fen]').fill('not a fen');
    await page.click('#start-game-button');
    await page.locator('#new-game-dialog .field-error:not([hidden])').waitFor({ timeout: 30000 });
    assert.ok(await dialog.evaluate((d) => d.open), 'the dialog stays open');
    assert.equal(await dialog.locator('input[name=fen]').inputValue(), 'not a fen');
    assert.equal(await dialog.locator('input[name=fen]').getAttribute('aria-invalid'), 'true');
    await shot(page, 'dialog-bad-fen-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'dialog-bad-fen-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.locator('input[name=fen]').fill('');
    await dialog.locator('textarea[name=pgn]').fill('1. e4 e5 2. Qxf7 *');
    await page.click('#start-game-button');
    await page.waitForFunction(
      () => /Qxf7|illegal|not/i.test(document.querySelector('#new-game-dialog .pgn-error')?.textContent ?? ''),
      null,
      { timeout: 30000 },
    );
    assert.ok(await dialog.evaluate((d) => d.open), 'the dialog stays open');
    assert.equal(await dialog.locator('textarea[name=pgn]').inputValue(), '1. e4 e5 2. Qxf7 *');
    await dialog.locator('textarea[name=pgn]').fill('1. e4 e5 *');
    const before = await page.evaluate(() => location.hash);
    await page.click('#start-game-button');
    await page.waitForFunction((p) => location.hash !== p, before);
    assert.equal(await dialog.evaluate((d) => d.open), false, 'a good PGN starts the game');
    await waitForMoves(page, 2);
  });

  await check('item 5: after the engine declines a draw, no offer stands', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'engine' }, engine: { movetime_ms: 100 } }, [
      'e2e4',
      'e7e5',
    ]);
    await openGame(page, id);
    await page.click('#draw-button');
    await page.waitForFunction(() => /engine declines/i.test(document.body.innerText), null, { timeout: 30000 });
    assert.doesNotMatch(await page.locator('#status').textContent(), /offers a draw/);
    assert.equal((await gameOf(page, id)).draw_offer, null);
  });

  await check('item 5: a declined draw offer online is told to the player who made it; item 7: its analysis', async () => {
    const alice = await newPage(1366, 900);
    const bob = await newPage(390, 844);
    const aliceBoard = new BoardDriver(alice);
    const bobBoard = new BoardDriver(bob);
    await alice.goto(server.address);
    const dialog = await openDialog(alice);
    await dialog.locator('select[name=side]').selectOption('online');
    await dialog.locator('select[name=colour]').selectOption('w');
    await dialog.locator('select[name=clock]').selectOption('untimed');
    await alice.click('#start-game-button');
    await alice.locator('#invite-link').waitFor({ state: 'visible' });
    await bob.goto(await alice.locator('#invite-link').inputValue());
    await bob.locator('#board piece').first().waitFor();
    await alice.locator('#waiting-screen').waitFor({ state: 'hidden', timeout: 30000 });
    await aliceBoard.click('e2', 'e4');
    await waitForMoves(bob, 1);
    await bobBoard.click('e7', 'e5');
    await waitForMoves(alice, 2);
    await alice.click('#offer-draw-button');
    await bob.locator('#decline-draw-button').waitFor({ state: 'visible', timeout: 30000 });
    await bob.click('#decline-draw-button');
    await alice.waitForFunction(() => /declined/i.test(document.getElementById('online-notice')?.textContent ?? ''), null, {
      timeout: 30000,
    });
    await shot(alice, 'draw-declined-1366');
    await alice.setViewportSize({ width: 390, height: 844 });
    await shot(alice, 'draw-declined-390');

    // Item 7: the finished game analysed has an eval bar, and on a phone the board stays in view.
    await alice.click('#online-resign-button');
    await alice.click('#confirm-resign-button');
    await bob.locator('#result-banner:not([hidden])').waitFor({ timeout: 30000 });
    await bob.locator('#analyse-button').scrollIntoViewIfNeeded();
    await bob.click('#analyse-button');
    await bob.waitForFunction(() => location.hash.startsWith('#analysis'));
    await bob.waitForTimeout(500);
    assert.ok(await visible(bob, '#eval-bar'), 'the analysis board has an eval bar');
    const box = await bob.locator('#board cg-board').boundingBox();
    assert.ok(box.y >= -1 && box.y + box.height <= 844 + 1, `the whole board is in view at 390 px (top ${box.y})`);
    await shot(bob, 'analysis-390');
    await alice.context().close();
    await bob.context().close();
  });

  await check('item 7: an unknown game leaves no other game on the board or in the title', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } });
    await openGame(page, id);
    await page.goto(`${server.address}#game=9999`);
    await page.locator('#error-message:not([hidden])').waitFor({ timeout: 30000 });
    await page.waitForTimeout(300);
    assert.doesNotMatch(await page.locator('#game-title').textContent(), new RegExp(`#${id}\\b`));
    assert.equal(await page.locator('#board piece:not(.ghost)').count(), 0, 'the board is empty');
    assert.ok(await page.locator('#undo-button').isDisabled());
  });

  await check('item 7: Undo after a resignation takes back the resignation only', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'engine' }, engine: { movetime_ms: 100 } }, [
      'e2e4',
      'e7e5',
    ]);
    await openGame(page, id);
    page.once('dialog', (d) => void d.accept());
    await page.click('#resign-button');
    await page.locator('#result-banner:not([hidden])').waitFor();
    await page.click('#undo-button');
    await page.waitForFunction(() => document.getElementById('result-banner').hidden, null, { timeout: 30000 });
    const game = await gameOf(page, id);
    assert.equal(game.result, null);
    assert.equal(game.history.length, 2, 'both moves are still played');
  });

  await check('item 7: a local game open in two tabs follows the moves made in the other', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'human' } });
    const other = await page.context().newPage();
    await openGame(page, id);
    await openGame(other, id);
    await new BoardDriver(other).click('e2', 'e4');
    await waitForMoves(other, 1);
    await waitForMoves(page, 1, { timeout: 30000, context: 'the first tab follows' });
    await other.close();
  });

  await check('item 7: New game proposes playing the engine', async () => {
    const fresh = await newPage(1366, 900);
    await fresh.goto(server.address);
    const dialog = await openDialog(fresh);
    assert.equal(await dialog.locator('select[name=side]').inputValue(), 'w');
    await fresh.context().close();
  });

  await check('item 7: the welcome screen shows no chess set-up behind it for EvoChess', async () => {
    const fresh = await newPage(390, 844, { firstVisit: true });
    await fresh.goto(server.address);
    await fresh.locator('#first-visit[open]').waitFor({ timeout: 30000 });
    await fresh.waitForTimeout(300);
    const info = (await apiCall(fresh, 'GET', '/api/info')).body;
    const start = info.variants.find((v) => v.name === 'evochess').start_fen;
    const units = start.split(' ')[0].replace(/[^a-z]/gi, '').length;
    assert.equal(await fresh.locator('#board piece:not(.ghost)').count(), units, `the board behind shows EvoChess's start (${start})`);
    await shot(fresh, 'welcome-390');
    await fresh.setViewportSize({ width: 1366, height: 900 });
    await shot(fresh, 'welcome-1366');
    await fresh.context().close();
  });
} finally {
  console.log(`screenshots: ${shotsDir}`);
  await harness.finish();
}
