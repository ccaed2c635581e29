// Browser test of "A place to meet" (issue 19), the web app's side: three browser contexts.
// alice and bob create accounts in the header's dialog; alice posts a rated seek in the lobby,
// bob sees it appear without reloading and accepts; both land on the board (alice by the lobby
// stream's "game" event), see each other's names and ratings in the side strips, play a move
// each, bob resigns and both see their new ratings; a correspondence challenge from alice:
// bob, in the lobby, is told when it becomes his turn (a notice with a link, the "My games"
// badge), finds the game first in "My games" and plays; alice, looking at the game, gets no
// notice. carol, anonymous, on a phone, watches the
// seek appear and go, cancels one of her own and plays bob by quick pairing. A challenge by
// name from bob, accepted in alice's banner; a wrong password shows the server's message;
// logging out, here and everywhere. Screenshots of the lobby at 390 and 1366 px go into a
// temporary folder (printed); the phone's page must not overflow sideways; axe finds nothing
// serious on the lobby and the account dialog.
//
//   node tests/e2e/lobby.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { createAccountInDialog, openHarness, waitForMoves } from './browser_harness.mjs';
import { expectAccessible, noHorizontalOverflow } from './page_checks.mjs';

const harness = await openHarness({ name: 'lobby' });
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-lobby-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

const PASSWORD = 'correct horse battery';

const openLobby = (width, height) => harness.openLobby(width, height);

const createAccount = (page, name) => createAccountInDialog(page, name, PASSWORD);

// The lobby stream is live on this page (its first event has come).
const streamLive = (page) => page.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');

const seekRows = (page) => page.locator('#seek-list li.seek');

// The game the page shows once it is at a game's address (other than `leaving`, the one it was at).
async function gameIdOf(page, leaving = null, timeout = 10000) {
  await page.waitForFunction((old) => /^#game=\d+$/.test(location.hash) && location.hash !== `#game=${old}`, leaving, { timeout });
  const id = Number((await page.evaluate(() => location.hash)).slice('#game='.length));
  await page.waitForFunction((n) => document.getElementById('game-title')?.textContent?.startsWith(`#${n} `), id);
  await page.locator('#board piece').first().waitFor();
  return id;
}

// axe-core on the page as it is (as accessibility.mjs does): no serious or critical finding.

const alice = await openLobby(1366, 900);
const bob = await openLobby(1366, 900);
const carol = await openLobby(390, 844);

await check('alice and bob create accounts in the header; carol stays anonymous', async () => {
  await createAccount(alice, 'alice');
  await createAccount(bob, 'bob');
  assert.match(await carol.locator('#player-name').textContent(), /^Anonymous [0-9A-F]{4}$/);
  assert.equal(await carol.locator('#account-button').textContent(), 'Sign in');
  assert.equal(await alice.locator('#account-button').textContent(), 'Account');
  // A rated game needs an account: carol's box is off.
  assert.equal(await carol.locator('#seek-form input[name=rated]').isDisabled(), true);
  assert.equal(await alice.locator('#seek-form input[name=rated]').isDisabled(), false);
});

let seekGame = 0;
await check('alice posts a seek; bob and carol see it appear without reloading', async () => {
  await Promise.all([alice, bob, carol].map(streamLive));
  await alice.locator('#seek-form select[name=variant]').selectOption('evochess');
  await alice.locator('#seek-form select[name=clock]').selectOption('5+3');
  await alice.locator('#seek-form select[name=colour]').selectOption('w');
  await alice.locator('#seek-form input[name=rated]').check();
  await alice.click('#post-seek-button');
  for (const page of [alice, bob, carol]) await seekRows(page).first().waitFor({ timeout: 30000 });
  const row = seekRows(carol).first();
  assert.match(await row.locator('.seek-name').textContent(), /^alice( \(\d+\??\))?$/);
  assert.equal(await row.locator('.seek-clock').textContent(), '5+3');
  assert.equal(await row.locator('.seek-rated').textContent(), 'rated');
  assert.equal(await row.locator('.seek-colour').textContent(), 'they play White');
  assert.equal(await seekRows(alice).first().locator('button').textContent(), 'Cancel', "alice's own seek can be cancelled");
  await shot(bob, 'lobby-desktop');
  await shot(carol, 'lobby-phone');
  await noHorizontalOverflow(carol, 'the lobby on a phone');
  await expectAccessible(carol, 'the lobby at 390 px');
  await expectAccessible(bob, 'the lobby at 1366 px');
});

await check('bob accepts: both land on the board of the new game, alice by the stream; carol sees the seek go', async () => {
  await seekRows(bob).first().locator('button.seek-accept').click();
  seekGame = await gameIdOf(bob);
  assert.equal(await gameIdOf(alice), seekGame, "alice's page follows the lobby stream's game event");
  await seekRows(carol).first().waitFor({ state: 'detached', timeout: 10000 });
  assert.equal(await carol.locator('#seek-list-empty').isVisible(), true);
});

await check('alice (White) and bob (Black) play a move each', async () => {
  const orientation = (page) =>
    page
      .locator('#board .cg-wrap, #board.cg-wrap')
      .first()
      .evaluate((wrap) => (wrap.classList.contains('orientation-white') ? 'white' : 'black'));
  assert.equal(await orientation(alice), 'white');
  assert.equal(await orientation(bob), 'black');
  await new BoardDriver(alice).click('e2', 'e4');
  await waitForMoves(bob, 1, { timeout: 30000, context: "alice's move on bob's page" });
  await new BoardDriver(bob).click('e7', 'e5');
  await waitForMoves(alice, 2, { timeout: 30000, context: "bob's move on alice's page" });
  await shot(alice, 'game-from-seek-desktop');
});

// "1500?" while provisional: a seat's rating in its strip.
const stripPlayer = async (page, strip) => ({
  name: await page.locator(`#${strip} .seat-player a`).textContent(),
  href: await page.locator(`#${strip} .seat-player a`).getAttribute('href'),
  rating: await page.locator(`#${strip} .seat-player .seat-rating`).textContent(),
});

await check('the side strips name both players, with ratings, linked to their pages; bob resigns; both see their new ratings', async () => {
  assert.deepEqual(await stripPlayer(alice, 'strip-bottom'), { name: 'alice', href: '#/@/alice', rating: '1500?' });
  assert.deepEqual(await stripPlayer(alice, 'strip-top'), { name: 'bob', href: '#/@/bob', rating: '1500?' });
  assert.deepEqual(await stripPlayer(bob, 'strip-bottom'), { name: 'bob', href: '#/@/bob', rating: '1500?' });
  await bob.click('#online-resign-button');
  await bob.click('#confirm-resign-button');
  for (const page of [alice, bob]) {
    const ratings = page.locator('#result-banner .result-ratings');
    await ratings.waitFor({ timeout: 30000 });
    const [, whiteBefore, whiteAfter, blackBefore, blackAfter] =
      (await ratings.textContent()).match(/^Ratings: White (\d+) → (\d+) \(\+\d+\), Black (\d+) → (\d+) \(−\d+\)$/) ?? [];
    assert.ok(whiteAfter, `the result banner shows both rating changes: ${await ratings.textContent()}`);
    assert.ok(Number(whiteAfter) > Number(whiteBefore) && Number(blackAfter) < Number(blackBefore));
  }
  await shot(bob, 'rated-result-desktop');
});

let challengeGame = 0;
await check("bob challenges alice by name; she accepts in the banner on the game's page; both are on the new game", async () => {
  await bob.goto(`${server.address}#lobby`);
  await bob.locator('#lobby-view').waitFor({ state: 'visible' });
  await streamLive(bob);
  await bob.locator('#seek-form select[name=variant]').selectOption('chess');
  await bob.locator('#seek-form select[name=clock]').selectOption('3+2');
  await bob.locator('#challenge-form input[name=to]').fill('alice');
  await bob.click('#challenge-button');
  await bob.locator('#outgoing-challenges li').first().waitFor({ timeout: 30000 });
  const banner = alice.locator('#challenge-banner .challenge');
  await banner.waitFor({ timeout: 30000 });
  assert.match(await banner.locator('.challenge-text').textContent(), /^bob challenges you: .*3\+2, casual/);
  await alice.locator('#challenge-banner').screenshot({ path: path.join(shotsDir, 'challenge-banner-desktop.png') });
  await banner.locator('button.challenge-accept').click();
  challengeGame = await gameIdOf(alice, seekGame);
  assert.notEqual(challengeGame, seekGame);
  assert.equal(await gameIdOf(bob, seekGame), challengeGame, "bob's page follows the lobby stream's game event");
  await alice.locator('#challenge-banner').waitFor({ state: 'hidden' });
});

// The games the server lists as bob's turn now ("My games").
const yourTurnIds = (page) =>
  page.evaluate(async () => (await (await fetch('/api/games?scope=mine')).json()).filter((g) => g.your_turn && !g.result).map((g) => g.id));
const badgeCount = (page) =>
  page.evaluate(() =>
    document.getElementById('my-games-badge').hidden ? 0 : Number(document.getElementById('my-games-badge').textContent),
  );

let correspondenceGame = 0;
await check(
  'alice challenges bob to a correspondence game; bob, in the lobby, is told when it becomes his turn, with a link, and his badge counts it',
  async () => {
    await alice.evaluate(() => (location.hash = '#lobby'));
    await alice.locator('#lobby-view').waitFor({ state: 'visible' });
    await alice.locator('#seek-form select[name=variant]').selectOption('chess');
    await alice.locator('#seek-form select[name=clock]').selectOption('d3');
    await alice.locator('#seek-form select[name=colour]').selectOption('w');
    await alice.locator('#seek-form input[name=rated]').uncheck();
    await alice.locator('#challenge-form input[name=to]').fill('bob');
    await alice.click('#challenge-button');
    const banner = bob.locator('#challenge-banner .challenge');
    await banner.waitFor({ timeout: 30000 });
    assert.match(await banner.locator('.challenge-text').textContent(), /^alice challenges you: Chess 3 days a move/);
    await banner.locator('button.challenge-accept').click();
    correspondenceGame = await gameIdOf(bob, challengeGame);
    assert.equal(await gameIdOf(alice, challengeGame), correspondenceGame);

    await bob.evaluate(() => (location.hash = '#lobby'));
    await bob.locator('#lobby-view').waitFor({ state: 'visible' });
    assert.ok(!(await yourTurnIds(bob)).includes(correspondenceGame), "before alice's move it is not bob's turn");
    await new BoardDriver(alice).click('e2', 'e4');
    // A correspondence move waits for its confirmation.
    await alice.locator('#move-confirm:not([hidden])').waitFor({ timeout: 30000 });
    await alice.click('#move-confirm-button');
    const notice = bob.locator('#turn-notice');
    await notice.waitFor({ state: 'visible', timeout: 30000 });
    assert.match(await notice.locator('.turn-notice-text').textContent(), /^Your turn against alice \(Chess, 2 d 23 h left\)\. $/);
    assert.equal(await notice.getAttribute('data-game'), String(correspondenceGame));
    assert.equal(await notice.locator('a.turn-notice-link').getAttribute('href'), `#game=${correspondenceGame}`);
    const waiting = await yourTurnIds(bob);
    assert.ok(waiting.includes(correspondenceGame));
    await bob.waitForFunction(
      (n) => Number(document.getElementById('my-games-badge')?.textContent) === n && !document.getElementById('my-games-badge').hidden,
      waiting.length,
    );
    assert.equal(await alice.locator('#turn-notice').isVisible(), false, 'alice moved: no notice for her');
    await shot(bob, 'your-turn-notice-desktop');
    await expectAccessible(bob, 'the lobby with the your-turn notice');
  },
);

await check(
  '"My games": your turn first, then the other live games, then the finished ones; the game opens from it; alice, looking at the game, gets no notice',
  async () => {
    await bob.click('#my-games-link');
    await bob.locator('#my-games-view').waitFor({ state: 'visible' });
    const row = bob.locator(`#my-games-list li.my-game[data-game="${correspondenceGame}"]`);
    await row.waitFor({ timeout: 30000 });
    const rows = await bob.locator('#my-games-list li.my-game').evaluateAll((items) =>
      items.map((item) => ({
        id: Number(item.dataset.game),
        rank: item.classList.contains('is-over') ? 2 : item.classList.contains('is-your-turn') ? 0 : 1,
      })),
    );
    assert.deepEqual(
      rows.map((r) => r.rank),
      [...rows.map((r) => r.rank)].sort(),
      `the order: ${JSON.stringify(rows)}`,
    );
    assert.equal(rows.find((r) => r.id === correspondenceGame)?.rank, 0);
    assert.equal(rows.find((r) => r.id === seekGame)?.rank, 2);
    assert.match(await row.locator('.my-game-opponent').textContent(), /^vs alice( 1500\?)?$/);
    assert.equal(await row.locator('.my-game-kind').textContent(), 'Chess 3 days a move');
    assert.equal(await row.locator('.my-game-status').textContent(), 'Your turn');
    assert.match(await row.locator('.my-game-time').textContent(), /^2 d 23 h left$/);
    // A finished rated game: the rating it left alice (not hers when it began) and bob's change.
    const finished = bob.locator(`#my-games-list li.my-game[data-game="${seekGame}"]`);
    assert.match(await finished.locator('.my-game-status').textContent(), /^You lost −\d+$/);
    const aliceAfter = Number(/^vs alice (\d+)\??$/.exec(await finished.locator('.my-game-opponent').textContent())?.[1]);
    assert.ok(aliceAfter > 1500, `alice won: her rating after the game, ${aliceAfter}`);
    await shot(bob, 'my-games-desktop');
    await expectAccessible(bob, '"My games" at 1366 px');

    await row.locator('a.my-game-open').click();
    await bob.waitForFunction((id) => location.hash === `#game=${id}`, correspondenceGame);
    await waitForMoves(bob, 1, { timeout: 30000, context: "the correspondence game on bob's page" });
    assert.equal(await bob.locator('#turn-notice').isVisible(), true, 'the notice stays until dismissed or followed');
    await bob.click('#turn-notice .turn-notice-dismiss');
    await new BoardDriver(bob).click('e7', 'e5');
    await bob.locator('#move-confirm:not([hidden])').waitFor({ timeout: 30000 });
    await bob.click('#move-confirm-button');
    await waitForMoves(alice, 2, { timeout: 30000, context: "bob's move on alice's page" });
    // A lobby event sent after the turn passed: once alice sees it, her notice would have come.
    await bob.evaluate(() =>
      fetch('/api/challenges', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ to: 'alice', variant: 'chess' }),
      }),
    );
    const challenge = alice.locator('#challenge-banner .challenge');
    await challenge.waitFor({ timeout: 30000 });
    assert.equal(await alice.locator('#turn-notice').isVisible(), false, 'alice is looking at the game: no notice');
    await alice.waitForFunction(() => Number(document.getElementById('my-games-badge')?.textContent) >= 1);
    await challenge.locator('button.challenge-decline').click();
    await challenge.locator('.decline-reasons button[data-reason="generic"]').click();
    await challenge.waitFor({ state: 'detached', timeout: 10000 });
  },
);

await check('carol posts a seek and cancels it; then quick pairing: carol posts EvoChess 3+2, bob takes it from his button', async () => {
  await bob.evaluate(() => (location.hash = '#lobby'));
  await bob.locator('#lobby-view').waitFor({ state: 'visible' });
  await carol.locator('#seek-form select[name=clock]').selectOption('10+5');
  await carol.click('#post-seek-button');
  await seekRows(bob)
    .first()
    .waitFor({ timeout: 10000 })
    .catch(() => {});
  const mine = seekRows(carol).first();
  await mine.waitFor({ timeout: 30000 });
  await mine.locator('button.seek-cancel').click();
  await mine.waitFor({ state: 'detached', timeout: 10000 });

  const pool = (page) => page.locator('#quick-pairing button[data-pool="evochess 3+2"]');
  await pool(carol).click();
  await seekRows(carol).first().waitFor({ timeout: 30000 });
  assert.match(await seekRows(carol).first().locator('.seek-name').textContent(), /^Anonymous /);
  await seekRows(bob).first().waitFor({ timeout: 30000 });
  await pool(bob).click();
  const game = await gameIdOf(bob);
  assert.equal(await gameIdOf(carol), game, "carol's page follows the lobby stream's game event");

  // On her phone, "My games" lists it, anonymous as she is.
  await carol.click('#my-games-link');
  await carol.locator(`#my-games-list li.my-game[data-game="${game}"]`).waitFor({ timeout: 30000 });
  assert.match(await carol.locator(`#my-games-list li.my-game[data-game="${game}"] .my-game-opponent`).textContent(), /^vs bob( \d+\??)?$/);
  await shot(carol, 'my-games-phone');
  await noHorizontalOverflow(carol, '"My games" on a phone');
  await expectAccessible(carol, '"My games" at 390 px');
});

await check("a wrong password gets the server's message; log out makes alice anonymous again", async () => {
  await carol.click('#account-button');
  const dialog = carol.locator('#account-dialog[open]');
  await dialog.locator('input[name=name]').fill('alice');
  await dialog.locator('input[name=password]').fill('not her password');
  await dialog.locator('#sign-in-submit').click();
  await carol.locator('#account-dialog .account-message').waitFor({ state: 'visible' });
  assert.equal(await carol.locator('#account-dialog .account-message').textContent(), 'wrong name or password');
  await expectAccessible(carol, 'the account dialog at 390 px, with its message');
  await dialog.locator('input[name=password]').fill('short');
  await dialog.locator('#create-account-submit').click();
  assert.match(await carol.locator('#account-dialog .account-message').textContent(), /at least 8/);
  await carol.click('#account-cancel');

  await alice.click('#account-button');
  await alice.locator('#account-dialog[open] #log-out-button').click();
  await alice.waitForFunction(() => /^Anonymous /.test(document.getElementById('player-name')?.textContent ?? ''));
  assert.equal(await alice.locator('#account-button').textContent(), 'Sign in');

  // "Log out everywhere" ends bob's session on the server: his page is anonymous, and the
  // session cookie it had no longer names him.
  await bob.click('#account-button');
  await bob.locator('#account-dialog[open] #log-out-everywhere-button').click();
  await bob.waitForFunction(() => /^Anonymous /.test(document.getElementById('player-name')?.textContent ?? ''));
  const me = await bob.evaluate(async () => (await (await fetch('/api/me')).json()).anonymous);
  assert.equal(me, true);
});

await check('"New game" in the header, from the lobby, shows the new game instead of the lobby', async () => {
  await alice.evaluate(() => (location.hash = '#lobby'));
  await alice.locator('#lobby-view').waitFor({ state: 'visible' });
  await alice.click('#new-game-button');
  const dialog = alice.locator('#new-game-dialog[open]');
  await dialog.locator('select[name=variant]').selectOption('chess');
  await dialog.locator('select[name=side]').selectOption('both');
  await alice.click('#start-game-button');
  await alice.locator('#lobby-view').waitFor({ state: 'hidden' });
  await gameIdOf(alice);
  assert.match(await alice.locator('#game-title').textContent(), /Chess$/);
});

await harness.finish();
