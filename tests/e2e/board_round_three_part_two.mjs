// Browser test of the player's board, round three (issue 49), the rest of its smaller bugs; each
// check failed before its fix. An aborted online game can be deleted from Saved games by one of
// its players; during a game against the engine its evaluation and line stay hidden and a
// screen reader hears its move (play_in_browser.mjs checks the same from the dialog); the
// header on a phone keeps the name, the title and every button whole (My games' rating after a
// rated game, with one's own change, is checked in lobby.mjs). A page error or a Content-Security-Policy violation
// fails the run. Screenshots at 390 and 1366 px go into a temporary folder (printed).
//
//   node tests/e2e/board_round_three_part_two.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { apiCall, createGame, openHarness, waitForMoves } from './browser_harness.mjs';

const harness = await openHarness({ name: 'board_round_three_part_two' });
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-board-round-three-part-two-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (target, name) => target.screenshot({ path: path.join(shotsDir, `${name}.png`) });

const pageErrors = [];
const watch = (page) => {
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
};

async function openNewGameDialog(page) {
  const dialog = page.locator('#new-game-dialog');
  if (!(await dialog.evaluate((d) => d.open))) await page.click('#new-game-button');
  await page.locator('#new-game-dialog[open]').waitFor();
  return dialog;
}

async function gameIdOf(page) {
  await page.waitForFunction(() => /^#game=\d+$/.test(location.hash), null, { timeout: 30000 });
  return Number((await page.evaluate(() => location.hash)).slice('#game='.length));
}

await check('an aborted online game has a Delete in Saved games; deleting it takes it from both players', async () => {
  const alice = watch(await harness.newPage(1366, 900));
  await alice.goto(server.address);
  const dialog = await openNewGameDialog(alice);
  await dialog.locator('select[name=variant]').selectOption('chess');
  await dialog.locator('select[name=side]').selectOption('online');
  await dialog.locator('select[name=clock]').selectOption('untimed');
  await dialog.locator('select[name=colour]').selectOption('w');
  await alice.click('#start-game-button');
  await alice.locator('#waiting-screen').waitFor({ state: 'visible' });
  const invite = await alice.locator('#invite-link').inputValue();
  const bob = watch(await harness.newPage(1366, 900));
  await bob.goto(invite);
  await bob.waitForFunction(() => /You play Black/.test(document.getElementById('seat-note')?.textContent ?? ''));
  await alice.locator('#waiting-screen').waitFor({ state: 'hidden' });
  const id = await gameIdOf(alice);
  await alice.click('#abort-button');
  await alice.waitForFunction(() => /Game aborted/.test(document.getElementById('result-banner')?.textContent ?? ''));
  // Another game finished with a result stays: no Delete beside it.
  const kept = await createGame(alice, { variant: 'chess', players: { w: 'human', b: 'human' } });
  await alice.reload();
  const entry = alice.locator(`#saved-games li.saved-game[data-game-id="${id}"]`);
  await entry.waitFor({ timeout: 10000 });
  await shot(alice, 'saved-games-aborted-desktop');
  const remove = entry.locator('.saved-game-delete');
  assert.equal(await remove.count(), 1, 'the aborted game offers Delete');
  alice.once('dialog', (d) => void d.accept());
  await remove.click();
  await entry.waitFor({ state: 'detached', timeout: 10000 });
  assert.equal((await apiCall(bob, 'GET', `/api/games/${id}`)).status, 404, 'gone for the other player too');
  assert.equal((await apiCall(alice, 'GET', `/api/games/${kept}`)).status, 200);
  await alice.context().close();
  await bob.context().close();
});

await check("a game against the engine hides its evaluation and line until it ends; a screen reader hears the engine's move", async () => {
  const page = watch(await harness.newPage(390, 844));
  await page.goto(server.address);
  const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'engine' }, engine: { movetime_ms: 200 } });
  await harness.openGame(page, id);
  const board = new BoardDriver(page);
  await board.click('e2', 'e4');
  await waitForMoves(page, 2);
  await page.waitForFunction(() =>
    /^Black \(engine\) played \S+\. White to move\.$/.test(document.getElementById('move-announcer').textContent),
  );
  assert.equal(await page.locator('#move-announcer').getAttribute('aria-live'), 'polite');
  assert.equal(await page.locator('#engine-line').getAttribute('aria-live'), null, 'the search line is not read out');
  assert.equal((await page.locator('#engine-line').textContent()).trim(), '', 'no score or plan during the game');
  assert.equal(await page.locator('#eval-bar').isVisible(), false, 'no bar during the game');
  await shot(page, 'against-engine-phone');
  page.once('dialog', (d) => void d.accept());
  await page.click('#resign-button');
  await page.locator('#result-banner:not([hidden])').waitFor();
  await page.locator('#engine-line .engine-pv').waitFor({ timeout: 10000 });
  assert.ok(await page.locator('#eval-bar').isVisible(), 'the bar once the game is over');
  await page.context().close();
});

await check('on a phone the header keeps the name, the title and every button whole', async () => {
  for (const [width, name] of [
    [390, 'marguerite_long'],
    [360, 'botone'],
  ]) {
    const page = watch(await harness.newPage(width, 844));
    await page.goto(server.address);
    await page.click('#account-button');
    const dialog = page.locator('#account-dialog[open]');
    await dialog.waitFor();
    await dialog.locator('input[name=name]').fill(name);
    await dialog.locator('input[name=password]').fill('correct horse battery');
    await dialog.locator('#create-account-submit').click();
    await page.waitForFunction((n) => document.getElementById('player-name')?.textContent === n, name);
    await dialog.waitFor({ state: 'detached' }).catch(() => {});
    const id = await createGame(page, { variant: 'promoteking', players: { w: 'human', b: 'human' } });
    await harness.openGame(page, id);
    await page.waitForFunction(() => !document.querySelector('#board piece.anim, #board piece.fading'));
    await shot(page, `header-game-${width}`);
    const measured = await page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      const whole = (id) => {
        const e = document.getElementById(id);
        return e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= window.innerWidth + 0.5;
      };
      const header = document.querySelector('.top-bar').getBoundingClientRect();
      return {
        name: whole('player-name'),
        account: whole('account-button'),
        links: ['lobby-link', 'puzzles-link', 'my-games-link'].every(whole),
        buttons: [...document.querySelectorAll('.top-bar nav button')].every((b) => b.scrollWidth <= b.clientWidth + 1),
        title: box('game-title').width > 40,
        rows: new Set(
          [...document.querySelectorAll('.top-bar h1, .top-bar nav, #player-name, #account-button, #lobby-link')].map((e) =>
            Math.round(e.getBoundingClientRect().top / 8),
          ),
        ).size,
        height: header.height,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    assert.deepEqual(
      { ...measured, height: undefined },
      { name: true, account: true, links: true, buttons: true, title: true, rows: 3, height: undefined, overflow: 0 },
      `header at ${width} px: ${JSON.stringify(measured)}`,
    );
    await page.goto(`${server.address}#lobby`);
    await page.locator('#lobby-view').waitFor({ state: 'visible' });
    await shot(page, `header-lobby-${width}`);
    await page.context().close();
  }
});

if (pageErrors.length) {
  await check('no page errors', async () => assert.deepEqual(pageErrors, []));
}
await harness.finish();
