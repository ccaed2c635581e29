// Browser test of the arena tournament pages (issue 50, item 5). alice (desktop) and bob
// (phone) sign up in the header; alice opens "Tournaments" from the header, sees the server's
// 400 for a bad length in the "New arena" form, then makes an arena that starts in an hour and
// lands on its page, counting down. A short Chess 1+0 arena made through the API starts in a
// few seconds: both see it in the list with its countdown, join from its page (bob withdraws
// and joins again), it starts and both pages go to their game with the pairing sound; they play
// a move each and Black resigns; the next pairing takes both to a new game; the event's page
// shows the scores in the standings (each player's own row marked), their running game and the
// lobby's banner names the arena; alice ends it, and both see the podium; the list names the
// winner. Screenshots of the list, the event and the podium at 390 and 1366 px go into a
// temporary folder (printed); no page overflows sideways; axe finds nothing serious. A page
// error or a CSP breach fails the run.
//
//   node tests/e2e/tournaments.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { apiCall, createAccountInDialog, openHarness, waitForMoves } from './browser_harness.mjs';
import { expectAccessible, noHorizontalOverflow } from './page_checks.mjs';

// No scheduled events (serve --schedule none): the lists hold only what this test makes.
const harness = await openHarness({
  name: 'tournaments',
  serverArgs: ['--rate-limit', '0', '--games-per-minute-per-address', '0', '--schedule', 'none'],
});
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-tournaments-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

const pageErrors = [];
async function newPage(width, height) {
  const page = await harness.newPage(width, height);
  page.on('pageerror', (error) => pageErrors.push(`${width} px: ${error.message}`));
  return page;
}

const PASSWORD = 'correct horse battery';

async function signUp(page, name) {
  await page.goto(`${server.address}#lobby`);
  await page.locator('#lobby-view').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.getElementById('player-name')?.textContent !== '');
  await createAccountInDialog(page, name, PASSWORD);
}

// The list from the header's link, read.
async function openList(page) {
  await page.click('#tournaments-link');
  await page.waitForFunction(() => location.hash === '#tournaments');
  await page.locator('#tournaments-view:not([aria-busy])').waitFor({ state: 'visible' });
}

// An event's page from its line in the list.
async function openEvent(page, id) {
  await openList(page);
  await page.locator(`#tournaments-view [data-arena="${id}"] a.arena-name`).click();
  await page.waitForFunction((n) => location.hash === `#tournament=${n}`, id);
  await page.locator('#arena-standings-heading').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.getElementById('tournament-heading')?.textContent !== 'Tournament');
}

const entry = (page) => page.locator('#arena-entry');
async function pressEntry(page, expectedBefore, expectedAfter) {
  assert.equal(await entry(page).textContent(), expectedBefore);
  await entry(page).click();
  await page.waitForFunction((label) => document.getElementById('arena-entry')?.textContent === label, expectedAfter);
}

// The standings as the page shows them: name, score, the sheet's digits, own row or not.
const standings = (page) =>
  page.locator('#arena-standings tbody:not(.standing-pinned) tr').evaluateAll((rows) =>
    rows.map((row) => ({
      name: row.querySelector('.standing-name a')?.textContent,
      score: row.querySelector('.standing-score')?.textContent,
      sheet: [...row.querySelectorAll('.sheet-score')].map((s) => s.textContent).join(''),
      mine: row.classList.contains('mine'),
    })),
  );

async function gameIdOf(page, leaving = null) {
  await page.waitForFunction((old) => /^#game=\d+$/.test(location.hash) && location.hash !== `#game=${old}`, leaving, {
    timeout: 40000,
  });
  const id = Number((await page.evaluate(() => location.hash)).slice('#game='.length));
  await page.waitForFunction((n) => document.getElementById('game-title')?.textContent?.startsWith(`#${n} `), id);
  await page.locator('#board piece').first().waitFor();
  return id;
}

const orientation = (page) =>
  page
    .locator('#board .cg-wrap, #board.cg-wrap')
    .first()
    .evaluate((wrap) => (wrap.classList.contains('orientation-white') ? 'white' : 'black'));

const alice = await newPage(1366, 900);
const bob = await newPage(390, 844);

await check('alice and bob sign up; "Tournaments" in the header opens the list, empty', async () => {
  await signUp(alice, 'alice');
  await signUp(bob, 'bob');
  await openList(alice);
  assert.equal(await alice.locator('#tournaments-heading').textContent(), 'Tournaments');
  assert.equal(await alice.locator('#game-layout').isHidden(), true);
  for (const key of ['started', 'created', 'finished'])
    assert.equal(await alice.locator(`#arenas-${key} li`).count(), 0, `no ${key} arena yet`);
  assert.equal(await alice.locator('#arena-form').isVisible(), true, 'the form, for a signed-in player');
});

let later = '';
await check('"New arena": the server\'s 400 is shown; a good one lands on its page, counting down an hour', async () => {
  await alice.locator('#arena-form input[name=minutes]').fill('0');
  await alice.click('#arena-create');
  const message = alice.locator('#arena-form .arena-form-message:not([hidden])');
  await message.waitFor();
  assert.match(await message.textContent(), /minutes: from 1 to \d+/);
  await alice.locator('#arena-form input[name=name]').fill('Evening EvoChess');
  await alice.locator('#arena-form select[name=variant]').selectOption('evochess');
  await alice.locator('#arena-form input[name=minutes]').fill('20');
  await alice.locator('#arena-form input[name=waitMinutes]').fill('60');
  await alice.click('#arena-create');
  await alice.waitForFunction(() => /^#tournament=\d+$/.test(location.hash));
  later = (await alice.evaluate(() => location.hash)).slice('#tournament='.length);
  await alice.waitForFunction(() => document.getElementById('tournament-heading')?.textContent === 'Evening EvoChess');
  assert.match(await alice.locator('#arena-settings').textContent(), /^EvoChess · 3\+2 · rated · 20 minutes · berserk allowed · by alice$/);
  assert.match(await alice.locator('#arena-status').textContent(), /^Starts in (1:00:00|59:\d\d)$/);
  assert.equal(await entry(alice).textContent(), 'Join');
  assert.equal(await alice.locator('#arena-end').isVisible(), true, 'the maker may end it');
});

let quick = '';
await check('a Chess 1+0 arena starting in seconds is listed with its countdown; both open its page', async () => {
  const made = await apiCall(alice, 'POST', '/api/tournament', {
    name: 'Quick Chess',
    variant: 'standard',
    clockTime: '1',
    clockIncrement: '0',
    minutes: '3',
    startDate: String(Date.now() + 20000),
  });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  quick = made.body.id;
  await openList(bob);
  const row = bob.locator(`#arenas-created [data-arena="${quick}"]`);
  await row.waitFor();
  assert.match(await row.locator('.arena-when').textContent(), /^Starts in 0:[012]\d$/);
  assert.match(await row.locator('.arena-settings').textContent(), /^Standard · 1\+0 · rated · 3 minutes/);
  assert.equal(await bob.locator(`#arenas-created [data-arena="${later}"]`).count(), 1);
  await noHorizontalOverflow(bob, 'the list at 390 px');
  await shot(bob, 'list-390');
  await expectAccessible(bob, 'the list at 390 px');
  await openEvent(bob, quick);
  await openEvent(alice, quick);
  await shot(alice, 'list-1366');
});

await check('both join from the page; bob withdraws and joins again; the standings mark each own row', async () => {
  await pressEntry(alice, 'Join', 'Withdraw');
  await pressEntry(bob, 'Join', 'Withdraw');
  await pressEntry(bob, 'Withdraw', 'Join');
  await bob.locator('.standing-row[data-player="bob"] .standing-paused').waitFor();
  await pressEntry(bob, 'Join', 'Withdraw');
  await alice.waitForFunction(() => document.querySelectorAll('#arena-standings tbody tr').length === 2);
  const seen = await standings(bob);
  assert.deepEqual(
    seen.map((r) => [r.name, r.score, r.mine]),
    [
      ['alice', '0', false],
      ['bob', '0', true],
    ],
  );
  assert.equal((await standings(alice))[0].mine, true);
  assert.match(await bob.locator('#arena-status').textContent(), /^(Starts in 0:\d\d|Starting now)$/);
  await noHorizontalOverflow(bob, 'the event at 390 px');
  await shot(bob, 'event-before-start-390');
  await shot(alice, 'event-before-start-1366');
  await expectAccessible(alice, 'the event at 1366 px');
  await expectAccessible(bob, 'the event at 390 px');
});

let first = 0;
let white = alice;
let black = bob;
await check('it starts: both pages go to their game at once, with the pairing sound', async () => {
  first = await gameIdOf(alice);
  assert.equal(await gameIdOf(bob), first, 'both in the same game');
  for (const page of [alice, bob]) assert.equal(await page.evaluate(() => document.documentElement.dataset.lastSound), 'pairing');
  if ((await orientation(alice)) === 'black') [white, black] = [bob, alice];
  assert.equal(await orientation(black), 'black');
});

let second = 0;
await check('Black goes berserk before moving (once); White sees it; after its move White no longer may', async () => {
  await black.waitForSelector('#berserk-button', { state: 'visible' });
  await black.click('#berserk-button');
  await black.waitForFunction(() => document.querySelector('#berserk-note')?.textContent === 'You went berserk');
  assert.equal(await black.locator('#berserk-button').isHidden(), true);
  await white.waitForFunction(() => document.querySelector('#berserk-note')?.textContent === 'Black went berserk');
  await shot(black, black === bob ? 'berserk-390' : 'berserk-1366');
  const clock = await apiCall(black, 'GET', `/api/games/${first}`);
  assert.deepEqual(clock.body.clock.berserk, { allowed: true, w: false, b: true });
  assert.equal(clock.body.clock.b, 30_000, 'half of the 1-minute base');
});

await check('a move each, Black resigns; the next pairing takes both to a new game', async () => {
  await new BoardDriver(white).click('e2', 'e4');
  await white.waitForSelector('#berserk-button', { state: 'hidden' });
  await waitForMoves(black, 1, { context: "White's move on Black's page" });
  await new BoardDriver(black).click('e7', 'e5');
  await waitForMoves(white, 2, { context: "Black's move on White's page" });
  await black.click('#online-resign-button');
  await black.click('#confirm-resign-button');
  second = await gameIdOf(white, first);
  assert.equal(await gameIdOf(black, first), second);
});

await check("the event's page: the scores and sheets, the running game, Pause; the lobby's banner names it", async () => {
  const winner = white === alice ? 'alice' : 'bob';
  const loser = winner === 'alice' ? 'bob' : 'alice';
  for (const page of [alice, bob]) {
    await openEvent(page, quick);
    await page.waitForFunction(() => document.querySelectorAll('#arena-standings tbody tr').length === 2);
    const rows = await standings(page);
    assert.deepEqual(
      rows.map((r) => [r.name, r.score, r.sheet]),
      [
        [winner, '2', '2'],
        [loser, '0', '0'],
      ],
    );
    assert.equal(rows.filter((r) => r.mine).length, 1);
    assert.equal(await entry(page).textContent(), 'Pause');
    assert.match(await page.locator('#arena-status').textContent(), /^Running: [0-3]:\d\d left$/);
    const link = page.locator('#arena-my-game-link');
    await link.waitFor();
    assert.match(await link.getAttribute('href'), new RegExp(`^#game=${second}&seat=.+`));
    assert.match(await page.locator('#arena-games').textContent(), /^1 game being played: #\d+$/);
  }
  await noHorizontalOverflow(bob, 'the running event at 390 px');
  await shot(bob, 'event-running-390');
  await shot(alice, 'event-running-1366');
  await bob.click('#lobby-link');
  const banner = bob.locator('#arena-banner:not([hidden])');
  await banner.waitFor();
  assert.equal(await banner.locator('a').getAttribute('href'), `#tournament=${quick}`);
  assert.match(await banner.textContent(), /^Arena: Quick Chess \(Standard 1\+0\) · Running: \d:\d\d left$/);
  await noHorizontalOverflow(bob, 'the lobby with its banner at 390 px');
  await openEvent(bob, quick);
});

await check('alice ends it: both see the podium; the list names the winner', async () => {
  const winner = white === alice ? 'alice' : 'bob';
  await alice.click('#arena-end');
  await alice.click('#arena-end-confirm');
  for (const page of [alice, bob]) {
    const podium = page.locator('#arena-podium:not([hidden])');
    await podium.waitFor({ timeout: 15000 });
    const places = await podium
      .locator('.podium-place')
      .evaluateAll((items) => items.map((li) => [...li.children].map((c) => c.textContent).join(' | ')));
    assert.equal(places.length, 2);
    assert.equal(places[0], `First | ${winner} | 2 points | 1 game, 1 win`);
    assert.match(places[1], /^Second \| \w+ \| 0 points \| 1 game, 0 wins$/);
    assert.equal(await page.locator('#arena-status').textContent(), 'Finished');
    assert.equal(await entry(page).isHidden(), true, 'no joining a finished arena');
    assert.equal(await page.locator('#arena-my-game').isHidden(), true);
  }
  await noHorizontalOverflow(bob, 'the podium at 390 px');
  await shot(bob, 'podium-390');
  await shot(alice, 'podium-1366');
  await expectAccessible(bob, 'the podium at 390 px');
  await openList(alice);
  const row = alice.locator(`#arenas-finished [data-arena="${quick}"]`);
  await row.waitFor();
  await alice.waitForFunction(
    (id) => document.querySelector(`#arenas-finished [data-arena="${id}"] .arena-when`)?.textContent?.startsWith('Winner'),
    quick,
  );
  assert.equal(await row.locator('.arena-when').textContent(), `Winner: ${winner} (2)`);
  await shot(alice, 'list-finished-1366');
  await expectAccessible(alice, 'the list at 1366 px');
});

if (pageErrors.length) await check('no page errors', async () => assert.deepEqual(pageErrors, []));
await harness.finish();
