// Browser test of the lobby's pairing rules (issue 19 item 2): a seek's rating range shown to
// everyone, greyed with the reason for a player outside it (who cannot press Play); the
// correspondence clock refused to an anonymous player in the form; and the engine offered,
// at the level nearest the player's rating, once nobody has taken their seek in the time
// they chose (the page's clock is Playwright's, moved on, not waited for): one click cancels
// the seek and starts the engine game with the seek's variant and clock (on the board).
// Screenshots at 390 and 1366 px (printed folder).
//
//   node tests/e2e/lobby_pairing.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { createAccountInDialog, openHarness, waitForMoves } from './browser_harness.mjs';

// A short claim wait keeps the claim-of-victory check quick (the default is 30 s).
const harness = await openHarness({ name: 'lobby_pairing', serverArgs: ['--claim-after', '3'] });
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-lobby-pairing-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function openLobby(width, height, { fakeClock = false } = {}) {
  const page = await harness.newPage(width, height);
  if (fakeClock) await page.clock.install();
  await page.goto(`${server.address}#lobby`);
  await page.locator('#lobby-view').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.getElementById('player-name')?.textContent !== '');
  await page.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
  return page;
}

async function createAccount(page, name) {
  await createAccountInDialog(page, name);
  await page.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
}

const seekRows = (page) => page.locator('#seek-list li.seek');

const alice = await openLobby(1366, 900);
const carol = await openLobby(390, 844);

await check("alice's seek for 1600-1800 shows its range; carol (1500, anonymous) sees it greyed with the reason", async () => {
  await createAccount(alice, 'alice');
  await alice.locator('#seek-form select[name=clock]').selectOption('10+5');
  await alice.locator('#seek-form input[name=range_from]').fill('1600');
  await alice.locator('#seek-form input[name=range_to]').fill('1800');
  await alice.click('#post-seek-button');
  const row = seekRows(carol).first();
  await row.waitFor({ timeout: 30000 });
  assert.equal(await row.locator('.seek-range').textContent(), '1600–1800');
  assert.equal(await row.locator('button.seek-accept').isDisabled(), true);
  assert.equal(await row.evaluate((li) => li.classList.contains('seek-barred')), true);
  assert.equal(await row.locator('.seek-barred-reason').textContent(), 'For ratings 1600–1800; yours is 1500.');
  // The server says the same to a player who asks anyway.
  const answer = await carol.evaluate(
    async (id) => {
      const response = await fetch(`/api/seeks/${id}/accept`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      return { status: response.status, body: await response.json() };
    },
    Number(await row.getAttribute('data-seek')),
  );
  assert.equal(answer.status, 403);
  assert.match(JSON.stringify(answer.body), /for ratings 1600 to 1800 in evochess; yours is 1500/);
});

await check('an anonymous player choosing a correspondence clock is told it is for accounts', async () => {
  await carol.locator('#seek-form select[name=clock]').selectOption('d3');
  await carol.locator('#seek-form .correspondence-note').waitFor({ state: 'visible' });
  assert.equal(await carol.locator('#post-seek-button').isDisabled(), true);
  await shot(carol, 'lobby-pairing-phone');
  await shot(alice, 'lobby-pairing-desktop');
  await carol.locator('#seek-form select[name=clock]').selectOption('5+3');
  assert.equal(await carol.locator('#post-seek-button').isDisabled(), false);
});

await check("nobody takes dave's seek within 30 s: the engine nearest 1500 is offered, one click plays it", async () => {
  const dave = await openLobby(1366, 900, { fakeClock: true });
  await dave.locator('#seek-form select[name=clock]').selectOption('3+2');
  await dave.locator('#seek-form select[name=engine_wait]').selectOption('30');
  const before = await seekRows(alice).count();
  await dave.click('#post-seek-button');
  await alice.waitForFunction((n) => document.querySelectorAll('#seek-list li.seek').length === n + 1, before);
  await dave.clock.runFor(20_000);
  assert.equal(await dave.locator('#engine-offer').isVisible(), false, 'not before the 30 s');
  await dave.clock.runFor(11_000);
  await dave.locator('#engine-offer').waitFor({ state: 'visible' });
  // The level's Elo is the server's calibration (GET /api/info), not a figure of this test.
  const info = await dave.evaluate(async () => (await fetch('/api/info')).json());
  const casual = info.levels.find((l) => l.number === 3);
  assert.match(
    await dave.locator('#engine-offer-text').textContent(),
    new RegExp(`Casual \\(level 3, about ${casual.elo} Elo\\).*your rating, 1500, EvoChess 3\\+2\\?`),
  );
  await shot(dave, 'engine-offer-desktop');
  await dave.click('#engine-offer-button');
  await dave.waitForFunction(() => /^#game=\d+$/.test(location.hash));
  await alice.waitForFunction((n) => document.querySelectorAll('#seek-list li.seek').length === n, before);
  const id = Number((await dave.evaluate(() => location.hash)).slice('#game='.length));
  const game = await dave.evaluate(async (n) => (await fetch(`/api/games/${n}`)).json(), id);
  assert.equal(game.players.b, 'engine');
  assert.equal(game.engine.level, 3);
  // The game asked for, against the engine: the seek's variant and clock.
  assert.equal(game.variant, 'evochess');
  assert.equal(game.clock.initial_ms, 180_000);
  assert.equal(game.clock.increment_ms, 2000);
  // Both clocks on the board, the engine's untouched before its first move.
  for (const side of ['w', 'b']) await dave.locator(`.clock[data-side="${side}"]`).waitFor({ state: 'visible' });
  assert.equal(await dave.locator('.clock[data-side="b"]').textContent(), '3:00');
  await shot(dave, 'engine-game-with-clock-desktop');
});

await check('in a game from the lobby, a player whose opponent left on their own turn claims the victory (lichess rule)', async () => {
  const erin = await openLobby(1366, 900);
  const frank = await openLobby(390, 844);
  await erin.locator('#seek-form select[name=clock]').selectOption('10+5');
  await erin.locator('#seek-form select[name=colour]').selectOption('w');
  await erin.locator('#seek-form select[name=engine_wait]').selectOption('never');
  await erin.click('#post-seek-button');
  const name = await erin.locator('#player-name').textContent();
  const row = frank.locator('#seek-list li.seek', { hasText: name });
  await row.waitFor({ timeout: 30000 });
  await row.locator('button.seek-accept').click();
  for (const page of [erin, frank]) await page.waitForFunction(() => /^#game=\d+$/.test(location.hash), null, { timeout: 30000 });
  await erin.locator('#board piece').first().waitFor();
  await frank.locator('#board piece').first().waitFor();
  await new BoardDriver(erin).click('e2', 'e4');
  await waitForMoves(frank, 1, { timeout: 15000, context: "erin's move on frank's page" });
  await new BoardDriver(frank).click('e7', 'e5');
  await waitForMoves(erin, 2, { timeout: 15000, context: "frank's move on erin's page" });
  await frank.close(); // Frank leaves on Erin's turn: nothing to claim yet
  await erin.locator('#opponent-away').waitFor({ state: 'visible', timeout: 15000 });
  assert.match(await erin.locator('#opponent-away-text').textContent(), /Your opponent left .* Once it is their move/);
  assert.equal(await erin.locator('#claim-victory-button').isHidden(), true, 'no claim on her own turn');
  await new BoardDriver(erin).click('d2', 'd4');
  await waitForMoves(erin, 3, { timeout: 15000, context: "erin's third ply" });
  await erin.locator('#claim-victory-button').waitFor({ state: 'visible', timeout: 15000 });
  await shot(erin, 'claim-victory-desktop');
  await erin.click('#claim-victory-button');
  await erin.locator('#result-banner', { hasText: /1-0.*White wins: the opponent left/ }).waitFor({ timeout: 15000 });
});

await harness.finish();
