// End-to-end test of online play by link (issue 10): the real `evochess serve` and headless
// Debian Chromium (playwright-core) with three browser contexts, two players and a spectator,
// each with its own storage. Everything is done through the UI: the new-game dialog, the invite
// link, clicks on the board, the buttons. Saves screenshots at phone and desktop sizes into a
// temporary directory (printed) and two for the README (docs_screenshots.mjs).
//
//   node tests/e2e/online_play.mjs [--binary build/evochess] [--keep-screenshots]
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoardDriver, choosePromotion } from './board_driver.mjs';
import { QUIET_CHROMIUM_ARGS, watchPolicy } from './browser_harness.mjs';
import { startServer } from './evochess_server.mjs';
import { docsScreenshot } from './docs_screenshots.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binaryFlag = process.argv.indexOf('--binary');
const binary = path.resolve(binaryFlag > 0 ? process.argv[binaryFlag + 1] : path.join(repo, 'build/evochess'));
const webDir = path.join(repo, 'web/dist');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

for (const [file, hint] of [
  [binary, 'build evochess first (or pass --binary)'],
  [path.join(webDir, 'index.html'), 'run `npm ci && npm run build` in web/'],
  [path.join(repo, 'web/node_modules/playwright-core'), 'run `npm ci` in web/'],
  [chromiumPath, 'install Debian chromium (apt-get install chromium)'],
]) {
  if (!existsSync(file)) {
    console.error(`e2e: ${file} is missing: ${hint}`);
    process.exit(1);
  }
}
const { chromium } = createRequire(path.join(repo, 'web/package.json'))('playwright-core');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-online-screenshots-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'evochess-online-data-'));

const results = { passed: 0, failed: 0 };
const pages = {};
async function check(name, body) {
  try {
    await body();
    results.passed += 1;
    console.log(`ok - ${name}`);
  } catch (error) {
    results.failed += 1;
    console.log(`FAIL - ${name}\n${error.stack ?? error}`);
    for (const [who, page] of Object.entries(pages)) {
      const shown = await page
        .evaluate(() => ({ hash: location.hash, error: document.querySelector('#error-message:not([hidden])')?.textContent ?? null }))
        .catch(() => null);
      console.log(`  ${who}: ${JSON.stringify(shown)}`);
      await page.screenshot({ path: path.join(shotsDir, `failure-${who}.png`) }).catch(() => {});
    }
    throw error;
  }
}

// ---- helpers ---------------------------------------------------------------------------

const sans = (page) => page.locator('#move-list button.move').allTextContents();

async function waitForPlies(page, count, timeout = 10000) {
  await page.waitForFunction((n) => document.querySelectorAll('#move-list button.move').length === n, count, { timeout });
}

// Every page shows exactly these moves (waited for: a page may show a list of the same length
// a moment before, e.g. the move a takeback is about to replace).
async function expectMovesEverywhere(everyone, expected, timeout = 10000) {
  for (const page of everyone) {
    await page
      .waitForFunction(
        (want) => JSON.stringify([...document.querySelectorAll('#move-list button.move')].map((b) => b.textContent)) === want,
        JSON.stringify(expected),
        { timeout },
      )
      .catch(() => {});
    assert.deepEqual(await sans(page), expected, `${page.who} shows every move`);
  }
}

async function gameIdOf(page) {
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#game=\d+$/, `${page.who}'s address holds no secret: ${hash}`);
  return Number(/\d+/.exec(hash)[0]);
}

async function waitForText(page, selector, pattern, timeout = 10000) {
  const locator = page.locator(selector);
  const deadline = Date.now() + timeout;
  let seen = null;
  while (Date.now() < deadline) {
    seen = (await locator.count()) > 0 && (await locator.first().isVisible()) ? await locator.first().textContent() : null;
    if (seen !== null && pattern.test(seen)) return seen;
    await page.waitForTimeout(50);
  }
  throw new Error(`${page.who}: expected ${selector} to show ${pattern}, saw ${JSON.stringify(seen)}`);
}

// A move on the board, clicked like a person; the board is scrolled into view first (phones).
async function play(page, from, to) {
  await page.locator('#board').scrollIntoViewIfNeeded();
  await page.driver.click(from, to);
}

// A move whose from-to pair has several legal choices: the picker shows exactly those.
async function playWithPicker(page, from, to, choice) {
  const id = await gameIdOf(page);
  const legal = await page.evaluate(async (game) => (await (await fetch(`/api/games/${game}`)).json()).legal, id);
  const expected = legal.map((move) => move.uci).filter((uci) => uci.startsWith(from + to));
  await play(page, from, to);
  await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
  const offered = await page
    .locator('#promotion-dialog button.promotion-choice')
    .evaluateAll((buttons) => buttons.map((b) => b.dataset.uci));
  assert.deepEqual([...offered].sort(), [...expected].sort(), 'the picker offers exactly the legal choices');
  await choosePromotion(page, choice);
  return offered;
}

async function openNewGameDialog(page) {
  const dialog = page.locator('#new-game-dialog');
  if (!(await dialog.evaluate((d) => d.open))) await page.click('#new-game-button');
  await page.locator('#new-game-dialog[open]').waitFor();
  return dialog;
}

// Creates an online game through the dialog; answers the invite link shown on the waiting screen.
async function createOnlineGame(page, { variant = 'evochess', clock, initialSeconds, incrementSeconds, colour }) {
  const dialog = await openNewGameDialog(page);
  await dialog.locator('select[name=variant]').selectOption(variant);
  await dialog.locator('select[name=side]').selectOption('online');
  await dialog.locator('input[name=fen]').fill('');
  await dialog.locator('textarea[name=pgn]').fill('');
  await dialog.locator('select[name=clock]').selectOption(clock);
  if (clock === 'custom') {
    await dialog.locator('input[name=clock_initial_s]').fill(String(initialSeconds));
    await dialog.locator('input[name=clock_increment_s]').fill(String(incrementSeconds));
  }
  await dialog.locator('select[name=colour]').selectOption(colour);
  await page.click('#start-game-button');
  await page.locator('#waiting-screen').waitFor({ state: 'visible' });
  const invite = await page.locator('#invite-link').inputValue();
  assert.match(invite, /#game=\d+&invite=[^&]+$/, 'the invite link');
  return invite;
}

// The page is no wider than its viewport (nothing overflows sideways).
async function expectNoHorizontalOverflow(page, label) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width, `${page.who} at ${width} px (${label}): the page is ${scroll} px wide`);
}

async function expectNoOverflowAtPhoneWidths(page, label) {
  const original = page.viewportSize();
  for (const width of [360, 390, 430]) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(100);
    await expectNoHorizontalOverflow(page, label);
  }
  await page.setViewportSize(original);
}

async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = path.join(shotsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

const orientation = (page) =>
  page
    .locator('#board .cg-wrap, #board.cg-wrap')
    .first()
    .evaluate((wrap) => (wrap.classList.contains('orientation-white') ? 'white' : 'black'));

// ---- the run ---------------------------------------------------------------------------

// A short claim wait keeps the claim-of-victory check quick (the default is 30 s).
const serverArgs = ['--claim-after', '5'];
let server = await startServer({ binary, dataDir, webDir, extraArgs: serverArgs });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: QUIET_CHROMIUM_ARGS,
});

// What every page sent and was refused (issue 17): the address of every request, the
// Authorization header of every event stream, the secrets the server handed out (seat and
// owner tokens, invite codes), and every breach of the Content-Security-Policy.
const requests = [];
const eventStreams = [];
const secrets = new Set();
const policyViolations = [];

function watchSecurity(page, who) {
  page.on('request', (request) => {
    requests.push({ who, url: request.url() });
    if (/\/api\/games\/\d+\/events/.test(request.url()))
      eventStreams.push(request.headerValue('authorization').then((value) => ({ who, authorization: value })));
  });
  page.on('response', async (response) => {
    if (!/^application\/json/.test(response.headers()['content-type'] ?? '')) return;
    const text = await response.text().catch(() => '');
    for (const [, token] of text.matchAll(/"token":"([^"]+)"/g)) secrets.add(token);
    for (const [, code] of text.matchAll(/[#&]invite=([^"&]+)/g)) secrets.add(code);
  });
}

async function openPage(who, viewport) {
  const context = await browser.newContext({ viewport });
  // Not a first visit: the welcome screen (learn_rules.mjs tests it) would cover the game.
  await context.addInitScript(() => localStorage.getItem('evochess.visited') || localStorage.setItem('evochess.visited', '1'));
  await watchPolicy(context, policyViolations);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.address).origin });
  const page = await context.newPage();
  page.who = who;
  page.driver = new BoardDriver(page);
  page.on('pageerror', (error) => console.log(`${who}: page error: ${error.message}`));
  watchSecurity(page, who);
  pages[who] = page;
  return page;
}

try {
  const alice = await openPage('alice', DESKTOP); // creates the games
  const bob = await openPage('bob', PHONE); // opens the invite on a phone
  const carol = await openPage('carol', DESKTOP); // watches
  const players = [alice, bob];
  const everyone = [alice, bob, carol];
  let firstGame;
  let invite;

  await check('a player creates an online EvoChess game on a 1+1 clock and gets an invite link to copy', async () => {
    await alice.goto(server.address);
    invite = await createOnlineGame(alice, { clock: 'custom', initialSeconds: 60, incrementSeconds: 1, colour: 'w' });
    firstGame = await gameIdOf(alice);
    await waitForText(alice, '#waiting-heading', /Waiting for your opponent/);
    await waitForText(alice, '#seat-note', /You play White/);
    await waitForText(alice, '#clock-kind', /^1\+1$/);
    await waitForText(alice, '.clock[data-side="w"]', /^1:00$/);
    await alice.click('#copy-invite-button');
    await waitForText(alice, '#copy-invite-feedback', /Copied/);
    assert.equal(await alice.evaluate(() => navigator.clipboard.readText()), invite, 'the clipboard holds the invite link');
    assert.equal(await orientation(alice), 'white');
    await shot(alice, 'desktop-waiting-for-opponent');
    await expectNoOverflowAtPhoneWidths(alice, 'waiting screen');
  });

  await check('the second player opens the invite link and takes Black; the secret leaves the address', async () => {
    await bob.goto(invite);
    await waitForText(bob, '#seat-note', /You play Black/);
    assert.equal(await gameIdOf(bob), firstGame);
    assert.equal(await orientation(bob), 'black', 'the board is turned to the player');
    const stored = await bob.evaluate((id) => localStorage.getItem(`evochess.seat.${id}`), firstGame);
    assert.match(stored, /"colour":"b"/, 'the seat token is kept in localStorage');
    await alice.locator('#waiting-screen').waitFor({ state: 'hidden' });
    await waitForText(bob, '#connection-state', /^online$/);
    await waitForText(alice, '#connection-state', /^online$/);
    // The seat link for another device.
    await bob.click('#seat-link-box summary');
    assert.match(await bob.locator('#seat-link').inputValue(), new RegExp(`#game=${firstGame}&seat=.+`));
    await bob.click('#seat-link-box summary');
  });

  await check('a late visitor of the invite link watches, cannot move, and is counted on every page', async () => {
    await carol.goto(invite);
    await waitForText(carol, '#seat-note', /You are watching/);
    await waitForText(carol, '#online-notice', /Both seats of this game are taken: you are watching/);
    assert.equal(await gameIdOf(carol), firstGame);
    for (const page of everyone) await waitForText(page, '#spectator-count', /^1 watching$/);
    const a2 = await carol.driver.squareCenter('a2');
    await carol.mouse.click(a2.x, a2.y);
    await carol.waitForTimeout(200);
    assert.equal(await carol.locator('#board square.move-dest').count(), 0, 'no legal-move dots for a spectator');
    await carol.mouse.click(a2.x, a2.y);
  });

  await check('the game is played on the board and every move reaches all three pages, with an evolution promotion', async () => {
    const moves = [];
    const step = async (page, from, to, san, choice) => {
      if (choice) await playWithPicker(page, from, to, choice);
      else await play(page, from, to);
      moves.push(san);
      await expectMovesEverywhere(everyone, moves);
    };
    // Black may not move on White's turn: a move then is a premove (issue 11), which a right
    // click takes back.
    await play(bob, 'a7', 'a6');
    await bob.waitForTimeout(300);
    assert.deepEqual(await sans(bob), [], 'a move out of turn is not made');
    await waitForText(bob, '#status', /premove a7-a6/);
    const emptySquare = await bob.driver.squareCenter('h4');
    await bob.mouse.click(emptySquare.x, emptySquare.y, { button: 'right' });
    await waitForText(bob, '#status', /^(?!.*premove)/);
    await step(alice, 'a2', 'a3', 'a3');
    await waitForText(alice, '.clock[data-side="b"]', /./);
    assert.ok(await bob.locator('.clock.running[data-side="b"]').isVisible(), "Black's clock runs after White's move");
    await step(bob, 'a7', 'a6', 'a6');
    // A premove kept: played as soon as White has moved.
    await play(bob, 'a6', 'a5');
    await waitForText(bob, '#status', /premove a6-a5/);
    await play(alice, 'a3', 'a4');
    moves.push('a4', 'a5');
    await expectMovesEverywhere(everyone, moves);
    // The third pawn move earns a minor right: the picker offers it (RULES 2.4).
    await step(alice, 'b2', 'b4', 'b4=N', 'b2b4n');
    await alice.driver.expectPiece('b4', /white.*n-piece/);
    await carol.driver.expectPiece('b4', /white.*n-piece/);
    await step(bob, 'h7', 'h6', 'h6', 'h7h6');
    await bob.locator('#board').scrollIntoViewIfNeeded();
    await shot(alice, 'desktop-game');
    await shot(bob, 'phone-game');
    await shot(carol, 'desktop-spectator');
    copyFileSync(path.join(shotsDir, 'desktop-game.png'), docsScreenshot('online-desktop.png'));
    copyFileSync(path.join(shotsDir, 'phone-game.png'), docsScreenshot('online-phone.png'));
    await expectNoHorizontalOverflow(alice, 'game');
    await expectNoOverflowAtPhoneWidths(bob, 'game');
  });

  await check('a player reloads mid-game and carries on', async () => {
    await bob.reload();
    await waitForText(bob, '#seat-note', /You play Black/);
    await expectMovesEverywhere(everyone, ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6']);
    await waitForText(bob, '#connection-state', /^online$/);
    await play(alice, 'b4', 'c6');
    await expectMovesEverywhere(everyone, ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6', 'Nc6']);
    await playWithPicker(bob, 'b7', 'c6', 'b7c6'); // Black keeps its minor right (earned with h6)
    await expectMovesEverywhere(everyone, ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6', 'Nc6', 'bxc6']);
  });

  await check('the server restarts mid-game: the pages say reconnecting, then carry on', async () => {
    const port = Number(new URL(server.address).port);
    assert.equal(await server.stop(), 0, 'the server stops cleanly on SIGTERM');
    for (const page of everyone) await waitForText(page, '#connection-state', /reconnecting…|offline|connecting…/);
    server = await startServer({ binary, dataDir, webDir, port, extraArgs: serverArgs });
    for (const page of everyone) await waitForText(page, '#connection-state', /^online$/, 20000);
    await play(alice, 'e2', 'e3');
    await expectMovesEverywhere(everyone, ['a3', 'a6', 'a4', 'a5', 'b4=N', 'h6', 'Nc6', 'bxc6', 'e3']);
    for (const page of everyone) await waitForText(page, '#spectator-count', /^1 watching$/);
  });

  await check('resignation asks for a confirmation, then ends the game on all three pages', async () => {
    await alice.click('#online-resign-button');
    await alice.locator('#resign-confirm').waitFor({ state: 'visible' });
    await alice.click('#cancel-resign-button');
    await alice.locator('#resign-confirm').waitFor({ state: 'hidden' });
    assert.ok(await alice.locator('#result-banner').isHidden(), 'cancelled: the game goes on');
    await alice.click('#online-resign-button');
    await alice.click('#confirm-resign-button');
    for (const page of everyone) {
      await waitForText(page, '#result-banner', /0-1.*Black wins by resignation/);
    }
    await shot(bob, 'phone-result');
  });

  let rematchGame;
  await check('a rematch takes both players to a new game with the colours swapped; the spectator follows', async () => {
    await alice.click('#rematch-button');
    await waitForText(alice, '#rematch-button', /Rematch offered/);
    await waitForText(bob, '#rematch-button', /Accept the rematch/);
    await bob.click('#rematch-button');
    for (const page of players) {
      await page.waitForFunction((old) => location.hash !== `#game=${old}`, firstGame);
    }
    rematchGame = await gameIdOf(alice);
    assert.notEqual(rematchGame, firstGame);
    assert.equal(await gameIdOf(bob), rematchGame);
    await waitForText(alice, '#seat-note', /You play Black/);
    await waitForText(bob, '#seat-note', /You play White/);
    assert.equal(await orientation(alice), 'black');
    assert.equal(await orientation(bob), 'white');
    await waitForText(carol, '#watch-rematch-button', /Watch the rematch/);
    await carol.click('#watch-rematch-button');
    await carol.waitForFunction((id) => location.hash === `#game=${id}`, rematchGame);
    await waitForText(carol, '#seat-note', /You are watching/);
    for (const page of everyone) await waitForPlies(page, 0);
    const boardTop = async () => (await bob.locator('#board cg-board').boundingBox()).y;
    const boardTopWhileThere = await boardTop();
    // The finished game opened again stays on screen; its button leads to the rematch.
    await alice.click(`#saved-games li[data-game-id="${firstGame}"] .saved-game-open`);
    await waitForText(alice, '#rematch-button', /Go to the rematch/);
    await alice.waitForTimeout(500);
    assert.equal(await gameIdOf(alice), firstGame, 'no jump away from a finished game opened on purpose');
    // Bob's phone says Alice is away, and his board stays where it was: a strip that grew a line
    // moved the board under his finger (his e2-e4 landed on e3 as she came back).
    await waitForText(bob, '.presence[data-side="b"]', /away/);
    assert.equal(await boardTop(), boardTopWhileThere, "the opponent's absence does not move the board");
    await alice.click('#rematch-button');
    await alice.waitForFunction((id) => location.hash === `#game=${id}`, rematchGame);
    await waitForText(alice, '#seat-note', /You play Black/);
    await bob.locator('.presence[data-side="b"].is-away').waitFor({ state: 'detached' });
    assert.equal(await boardTop(), boardTopWhileThere, "the opponent's return does not move the board");
  });

  await check('a takeback, then a draw by agreement', async () => {
    await play(bob, 'e2', 'e4');
    await expectMovesEverywhere(everyone, ['e4']);
    await play(alice, 'e7', 'e5');
    await expectMovesEverywhere(everyone, ['e4', 'e5']);
    await play(bob, 'd2', 'd3');
    await expectMovesEverywhere(everyone, ['e4', 'e5', 'd3']);
    await bob.click('#takeback-button');
    await waitForText(alice, '#takeback-offer-text', /White asks to take back/);
    await alice.click('#accept-takeback-button');
    await expectMovesEverywhere(everyone, ['e4', 'e5']);
    await bob.click('#offer-draw-button');
    await waitForText(bob, '#offer-draw-button', /Draw offered/);
    await waitForText(alice, '#draw-offer-text', /White offers a draw/);
    await alice.click('#accept-draw-button');
    for (const page of everyone) await waitForText(page, '#result-banner', /1\/2-1\/2.*Draw by agreement/);
  });

  await check('a game lost on time: the flag falls while the player waits', async () => {
    const shortInvite = await createOnlineGame(alice, { clock: 'custom', initialSeconds: 4, incrementSeconds: 0, colour: 'w' });
    const game = await gameIdOf(alice);
    await bob.goto(shortInvite);
    await waitForText(bob, '#seat-note', /You play White|You play Black/);
    await alice.locator('#waiting-screen').waitFor({ state: 'hidden' });
    await waitForText(bob, '#connection-state', /^online$/);
    assert.equal(await gameIdOf(bob), game);
    await play(alice, 'a2', 'a3');
    await waitForPlies(bob, 1);
    await play(bob, 'a7', 'a6');
    await waitForPlies(alice, 2);
    await play(alice, 'a3', 'a4');
    await waitForPlies(bob, 3);
    // Black does not move: its 4 s run out.
    await bob.locator('.clock.running.low[data-side="b"]').waitFor({ timeout: 30000 });
    for (const page of players) await waitForText(page, '#result-banner', /1-0.*White wins by time forfeit/, 15000);
    await shot(bob, 'phone-time-forfeit');
    assert.match(await bob.locator('.clock[data-side="b"]').textContent(), /^0:00\.0$/);
  });

  await check('a player whose opponent left is told so; by invite link there is no claim (lichess rule)', async () => {
    const untimedInvite = await createOnlineGame(alice, { clock: 'untimed', colour: 'w' });
    await bob.goto(untimedInvite);
    await waitForText(bob, '#seat-note', /You play Black/);
    await alice.locator('#waiting-screen').waitFor({ state: 'hidden' });
    await waitForText(alice, '#clock-kind', /untimed/);
    assert.ok(await alice.locator('.clock[data-side="w"]').isHidden(), 'no clock in an untimed game');
    await play(alice, 'a2', 'a3');
    await waitForPlies(bob, 1);
    await play(bob, 'a7', 'a6');
    await waitForPlies(alice, 2);
    await bob.goto('about:blank'); // Black closes the page on White's turn
    await waitForText(alice, '#opponent-away-text', /^Your opponent left [^.]+ ago\. $/);
    await waitForText(alice, '.presence[data-side="b"]', /away/);
    const { claim_after_ms: claimAfter } = await alice.evaluate(
      async (id) => (await fetch(`/api/games/${id}`)).json(),
      await gameIdOf(alice),
    );
    assert.equal(claimAfter, null, 'an untimed game by invite link has no claim');
    await play(alice, 'b2', 'b3'); // Black's turn now: still no claim
    await waitForText(alice, '#opponent-away-text', /^Your opponent left [^.]+ ago\. $/);
    assert.equal(await alice.locator('#claim-victory-button').isHidden(), true);
    await shot(alice, 'desktop-opponent-left');
  });

  await check('a correspondence game: days on its clocks, a seat link on another device, aborted before both sides moved', async () => {
    const correspondenceInvite = await createOnlineGame(alice, { clock: 'd3', colour: 'b' });
    await waitForText(alice, '#clock-kind', /^3 days a move$/);
    await waitForText(alice, '.clock[data-side="w"]', /^3 d 0 h$/);
    await bob.goto(correspondenceInvite);
    await waitForText(bob, '#seat-note', /You play White/);
    await alice.locator('#waiting-screen').waitFor({ state: 'hidden' });
    // Bob's seat link opened on another device (Carol's browser) plays White there.
    const seatLink = await bob.locator('#seat-link').inputValue();
    await carol.goto(seatLink);
    await waitForText(carol, '#seat-note', /You play White/);
    assert.equal(await gameIdOf(carol), await gameIdOf(bob), 'the seat token leaves the address');
    await play(carol, 'e2', 'e4');
    // A correspondence move waits for "Confirm" (issue 23's setting, on unless turned off).
    await carol.click('#move-confirm-button');
    for (const page of [alice, bob, carol]) await waitForPlies(page, 1);
    await alice.click('#abort-button');
    for (const page of players) await waitForText(page, '#result-banner', /\*.*Game aborted/);
  });

  await check(
    'no request carried a secret in its address; the event streams sent the seat in a header; nothing broke the page policy',
    async () => {
      assert.ok(secrets.size >= 8, `the seats, tokens and invites handed out were seen (${secrets.size})`);
      const leaks = requests
        .map(({ who, url }) => ({ who, url: url.replace(/#.*$/, '') })) // a fragment never leaves the browser
        .filter(({ url }) => /[?&](token|seat|invite)=/.test(url) || [...secrets].some((secret) => url.includes(secret)));
      assert.deepEqual(leaks, [], 'addresses with a secret');
      const streams = await Promise.all(eventStreams);
      for (const player of ['alice', 'bob']) {
        const seated = streams.filter(
          ({ who, authorization }) => who === player && /^Bearer (.+)$/.test(authorization ?? '') && secrets.has(authorization.slice(7)),
        );
        assert.ok(seated.length > 0, `${player}'s event streams carry the seat in the Authorization header`);
      }
      assert.ok(
        streams.some(({ who, authorization }) => who === 'carol' && !authorization),
        "a spectator's stream carries no token",
      );
      assert.deepEqual(policyViolations, [], 'Content-Security-Policy violations');
    },
  );

  await check('another site cannot frame the game page (frame-ancestors), and every answer says so', async () => {
    const policy = await alice.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
    assert.match(policy ?? '', /frame-ancestors 'none'/);
    const context = await browser.newContext();
    const framer = await context.newPage();
    await framer.setContent(`<iframe id="framed" src="${server.address}#game=${firstGame}" width="800" height="600"></iframe>`);
    const frame = framer.frames().find((f) => f !== framer.mainFrame());
    assert.ok(frame, 'the frame exists');
    assert.equal(await frame.locator('#board').count(), 0, `the game page was shown inside another page (${frame.url()})`);
    await context.close();
  });

  const { engine } = await alice.evaluate(async () => (await fetch('/api/info')).json());
  if (!engine) console.log('skip - a local game against the engine on a clock: this build has no engine');
  else {
    await check('a local game against the engine on a clock: both clocks show and the engine answers', async () => {
      const dialog = await openNewGameDialog(alice);
      await dialog.locator('select[name=variant]').selectOption('evochess');
      await dialog.locator('select[name=side]').selectOption('w');
      await dialog.locator('select[name=level]').selectOption({ index: 0 });
      await dialog.locator('select[name=clock]').selectOption('3+2');
      await dialog.locator('input[name=fen]').fill('');
      await dialog.locator('textarea[name=pgn]').fill('');
      const before = await alice.evaluate(() => location.hash);
      await alice.click('#start-game-button');
      await alice.waitForFunction((previous) => location.hash !== previous, before);
      assert.ok(await alice.locator('#online-panel').isHidden(), 'no online panel for a local game');
      await waitForText(alice, '.clock[data-side="w"]', /^3:00$/);
      await waitForText(alice, '.clock[data-side="b"]', /^3:00$/);
      await play(alice, 'e2', 'e4');
      await waitForPlies(alice, 2, 20000);
      await alice.locator('.clock.running[data-side="w"]').waitFor({ timeout: 30000 });
      const black = await alice.locator('.clock[data-side="b"]').textContent();
      assert.match(black, /^[23]:\d\d$/, `the engine's clock after its move: ${black}`);
    });
  }
} catch {
  // reported by check()
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`screenshots: ${shotsDir}`);
}

console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 && results.passed > 0 ? 0 : 1);
