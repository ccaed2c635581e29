// Browser test of auto pairing (issue 19 item 2, docs/api.md "Auto pairing"): a player on a
// phone ticks two variant x clock boxes and presses "Pair me"; the page waits (with Cancel),
// another player sees both games listed, marked "auto"; a third cancels an entry of theirs
// and it goes; then the second player asks for a set that overlaps the first in one game,
// and both pages go to the board of that game, with its clock. Screenshots of the section at
// 390 px (grid and waiting) and of the lobby at 1366 px (printed folder).
//
//   node tests/e2e/lobby_auto_pairing.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHarness } from './browser_harness.mjs';

const harness = await openHarness({ name: 'lobby_auto_pairing' });
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-lobby-auto-pairing-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (target, name) => target.screenshot({ path: path.join(shotsDir, `${name}.png`) });

async function openLobby(width, height) {
  const page = await harness.openLobby(width, height);
  await page.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
  return page;
}

const tick = (page, key) => page.locator(`#auto-grid input[name=combination][value="${key}"]`).check();
const autoRows = (page) => page.locator('#seek-list li.seek:has(.seek-auto)');
const section = (page) => page.locator('section.lobby-section', { has: page.locator('#auto-heading') });

const erin = await openLobby(390, 844);
const frank = await openLobby(1366, 900);
const gina = await openLobby(1366, 900);

await check("the grid is the server's variants x the quick clocks; Pair me waits until a box is ticked", async () => {
  const { variants } = await erin.evaluate(async () => (await fetch('/api/info')).json());
  assert.equal(await erin.locator('#auto-grid input[name=combination]').count(), variants.length * 3);
  assert.equal(await erin.locator('#auto-pair-button').isDisabled(), true);
  await tick(erin, 'evochess 3+2');
  await tick(erin, 'chess 5+3');
  assert.equal(await erin.locator('#auto-pair-button').isDisabled(), false);
  await section(erin).scrollIntoViewIfNeeded();
  await shot(section(erin), 'auto-pairing-phone-grid');
});

await check("erin's entry waits with Cancel; frank sees her two games, each marked auto", async () => {
  await erin.click('#auto-pair-button');
  await erin.locator('#auto-waiting').waitFor({ state: 'visible' });
  assert.match(await erin.locator('#auto-waiting-text').textContent(), /Chess 5\+3, EvoChess 3\+2/);
  assert.equal(await erin.locator('#auto-form').isVisible(), false);
  await frank.waitForFunction(() => document.querySelectorAll('#seek-list li.seek .seek-auto').length === 2);
  assert.equal(await autoRows(frank).count(), 2);
  await shot(section(erin), 'auto-pairing-phone-waiting');
});

await check("gina's entry, cancelled, goes from everyone's list", async () => {
  await tick(gina, 'evochess 10+5');
  await gina.click('#auto-pair-button');
  await frank.waitForFunction(() => document.querySelectorAll('#seek-list li.seek .seek-auto').length === 3);
  await gina.click('#auto-cancel-button');
  await gina.locator('#auto-form').waitFor({ state: 'visible' });
  await frank.waitForFunction(() => document.querySelectorAll('#seek-list li.seek .seek-auto').length === 2);
});

await check('frank asks for Chess 5+3 or 10+5: both go to the board of Chess 5+3', async () => {
  await shot(frank, 'auto-pairing-desktop-lobby');
  await tick(frank, 'chess 10+5');
  await tick(frank, 'chess 5+3');
  await frank.click('#auto-pair-button');
  const ids = [];
  for (const page of [erin, frank]) {
    await page.waitForFunction(() => /^#game=\d+$/.test(location.hash), null, {
      timeout: 30000,
    });
    ids.push(Number((await page.evaluate(() => location.hash)).slice('#game='.length)));
    await page.locator('#clock-kind').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#clock-kind').textContent(), '5+3');
  }
  assert.equal(ids[0], ids[1], 'one game for both');
  const game = await erin.evaluate(async (n) => (await fetch(`/api/games/${n}`)).json(), ids[0]);
  assert.equal(game.variant, 'chess');
  assert.deepEqual(game.seats, { w: true, b: true });
  // Nothing of either entry is left in the lobby.
  await gina.waitForFunction(() => document.querySelectorAll('#seek-list li.seek .seek-auto').length === 0);
});

await harness.finish();
