// Browser test of the player pages and the leaderboard (issue 19, items 3 and 6), the web
// app's side. alice and bob make accounts and play rated Chess games through the API from
// this script (their session cookies, the maker's seat from a lobby stream read here); then
// alice's page (`#/@/alice`) shows her rating ("?" while provisional), her record, a graph and
// the game, whose link opens it; an unknown name says so; names in the header, the lobby's
// seeks and the challenge banner lead to the pages; the leaderboard is empty with the reason
// until the ratings settle, then ranks both. Screenshots at 390 and 1366 px go into a
// temporary folder (printed); the phone's pages must not overflow sideways; axe finds nothing
// serious on them.
//
//   node tests/e2e/players.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHarness } from './browser_harness.mjs';
import { expectAccessible, noHorizontalOverflow } from './page_checks.mjs';

// Many rated games come from one address in a moment: no rate limit in the way.
const harness = await openHarness({ name: 'players', serverArgs: ['--rate-limit', '0', '--games-per-minute-per-address', '0'] });
const { server, check } = harness;
const origin = server.address.replace(/\/$/, '');
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-players-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

// ---- the API from here, as a player's browser would call it ------------------------------

async function call(method, url, { session, token, body } = {}) {
  const headers = { Origin: origin };
  if (session) headers.Cookie = `evo_session=${session}`;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(origin + url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, cookies: response.headers.getSetCookie() };
}

// The lobby stream of one player (docs/api.md): the seats of their games as they begin.
function openLobbyStream(session) {
  const seats = new Map();
  const waiting = new Map();
  const controller = new AbortController();
  let opened;
  const ready = new Promise((resolve) => (opened = resolve));
  void (async () => {
    const response = await fetch(`${origin}/api/lobby/events`, {
      headers: { Cookie: `evo_session=${session}` },
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of message.split('\n')) {
          if (!line.startsWith('data: ')) continue;
          const event = JSON.parse(line.slice('data: '.length));
          opened();
          if (event.type !== 'game') continue;
          seats.set(event.id, event.seat);
          waiting.get(event.id)?.(event.seat);
        }
      }
    }
  })().catch((error) => {
    if (error.name !== 'AbortError') console.log(`lobby stream: ${error}`);
  });
  return {
    ready,
    seat: (id) => seats.get(id) ?? new Promise((resolve) => waiting.set(id, resolve)),
    close: () => controller.abort(),
  };
}

const PASSWORD = 'correct horse battery';

async function makeAccount(name) {
  const made = await call('POST', '/api/accounts', { body: { name, password: PASSWORD } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const session = /evo_session=([0-9a-f]+)/.exec(made.cookies.join('; '))?.[1];
  assert.ok(session, `a session cookie for ${name}`);
  const stream = openLobbyStream(session);
  await stream.ready;
  return { name, session, stream };
}

const BLITZ = { initial_ms: 180000, increment_ms: 2000 };

// A rated game that `winner` wins: the loser's seek (Black), the winner's accept (White), a
// move each (a game ended before both have moved rates nobody), the loser resigns.
async function playRatedGame(winner, loser, variant = 'chess') {
  const seek = await call('POST', '/api/seeks', { session: loser.session, body: { variant, clock: BLITZ, rated: true, colour: 'b' } });
  assert.equal(seek.status, 201, JSON.stringify(seek.body));
  const accepted = await call('POST', `/api/seeks/${seek.body.id}/accept`, { session: winner.session });
  assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
  const id = accepted.body.id;
  assert.equal(accepted.body.seat.colour, 'w');
  const black = await loser.stream.seat(id);
  for (const [token, uci] of [
    [accepted.body.seat.token, 'e2e4'],
    [black.token, 'e7e5'],
  ]) {
    const moved = await call('POST', `/api/games/${id}/moves`, { token, body: { uci } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
  }
  const resigned = await call('POST', `/api/games/${id}/resign`, { token: black.token });
  assert.equal(resigned.body.result, '1-0');
  return id;
}

// ---- the pages ---------------------------------------------------------------------------

async function openAs(player, width, height, hash) {
  const page = await harness.newPage(width, height);
  if (player) await page.context().addCookies([{ name: 'evo_session', value: player.session, url: origin }]);
  await page.goto(`${server.address}${hash}`);
  await page.waitForFunction(() => document.getElementById('player-name')?.textContent !== '');
  return page;
}

// The player page or leaderboard once its answer is shown.
async function pageShown(page) {
  await page.locator('#players-view:not([aria-busy])').waitFor({ timeout: 30000 });
  await page.locator('#players-view h2').waitFor();
}

const alice = await makeAccount('alice');
const bob = await makeAccount('bob');
const firstGame = await playRatedGame(alice, bob);
const aliceDesk = await openAs(alice, 1366, 900, '#lobby');
const carol = await openAs(null, 390, 844, '#/@/alice');

await check("alice's page: her Chess rating with '?', one game won, a graph of two points, the game to review", async () => {
  const profile = (await call('GET', '/api/players/alice')).body;
  const chess = profile.ratings.chess;
  assert.equal(chess.provisional, true);
  for (const page of [carol, aliceDesk]) {
    if (page === aliceDesk) await page.evaluate(() => (location.hash = '#/@/alice'));
    await pageShown(page);
    assert.equal(await page.locator('#players-view h2').first().textContent(), 'alice');
    const card = page.locator('.rating-card[data-variant=chess]');
    assert.equal(await card.locator('.rating-value').textContent(), `${Math.round(chess.rating)}?`);
    assert.ok(chess.rating > 1500, 'a win raises the rating');
    assert.equal(await card.locator('.rating-record').textContent(), '1 game: 1 won, 0 drawn, 0 lost');
    assert.equal(await card.locator('svg.rating-graph circle').count(), 2, 'the start and the rating after the game');
    const row = page.locator(`.recent-game[data-game="${firstGame}"]`);
    assert.match(await row.locator('.recent-game-outcome').textContent(), /^won by resignation, /);
    assert.match(await row.locator('.recent-game-what').textContent(), /^Chess, rated, White against bob$/);
    assert.equal(await row.locator('.recent-game-what a').getAttribute('href'), '#/@/bob');
    assert.equal(await page.locator('#players-view nav a', { hasText: 'Leaderboard' }).getAttribute('href'), '#leaderboard');
  }
  await shot(carol, 'player-page-phone');
  await shot(aliceDesk, 'player-page-desktop');
  await noHorizontalOverflow(carol, "alice's page on a phone");
  await expectAccessible(carol, 'a player page at 390 px');
  await expectAccessible(aliceDesk, 'a player page at 1366 px');
});

await check("the recent game's link opens the game at #game=ID", async () => {
  await carol.locator(`.recent-game[data-game="${firstGame}"] a.recent-game-open`).click();
  await carol.waitForFunction((n) => document.getElementById('game-title')?.textContent?.startsWith(`#${n} `), firstGame);
  assert.equal(await carol.evaluate(() => location.hash), `#game=${firstGame}`);
  assert.equal(await carol.locator('#players-view').isHidden(), true);
  assert.equal(await carol.locator('#game-layout').isVisible(), true);
  assert.equal(await carol.locator('#move-list button.move').count(), 2);
});

await check('an unknown name says there is no such player; a name in another case finds the account', async () => {
  await carol.evaluate(() => (location.hash = '#/@/nobody_here'));
  await carol.locator('.players-missing').waitFor({ timeout: 30000 });
  assert.match(await carol.locator('.players-missing').textContent(), /^No such player: nobody here has the name "nobody_here"\.$/);
  assert.equal(await carol.locator('.rating-card').count(), 0);
  await shot(carol, 'no-such-player-phone');
  await carol.evaluate(() => (location.hash = '#/@/ALICE'));
  await carol.locator('.rating-card').first().waitFor({ timeout: 30000 });
  assert.equal(await carol.locator('#players-view h2').first().textContent(), 'alice');
});

await check("the header's own name, a seek's maker and a challenger lead to their pages", async () => {
  const own = aliceDesk.locator('#player-name a');
  assert.equal(await own.getAttribute('href'), '#/@/alice');
  assert.equal(await carol.locator('#player-name a').count(), 0, 'an anonymous visitor has no page');

  await aliceDesk.evaluate(() => (location.hash = '#lobby'));
  await aliceDesk.locator('#lobby-view').waitFor({ state: 'visible' });
  const seek = await call('POST', '/api/seeks', {
    session: bob.session,
    body: { variant: 'evochess', clock: BLITZ, rated: false, colour: 'random' },
  });
  assert.equal(seek.status, 201);
  const maker = aliceDesk.locator(`#seek-list li[data-seek="${seek.body.id}"] .seek-name`);
  await maker.waitFor({ timeout: 30000 });
  assert.match(await maker.textContent(), /^bob \(\d+\?\)$/);
  assert.equal(await maker.locator('a').getAttribute('href'), '#/@/bob');

  const challenge = await call('POST', '/api/challenges', {
    session: bob.session,
    body: { to: 'alice', variant: 'chess', clock: BLITZ, rated: false, colour: 'random' },
  });
  assert.equal(challenge.status, 201, JSON.stringify(challenge.body));
  const challenger = aliceDesk.locator('#challenge-banner .challenge-text a');
  await challenger.waitFor({ timeout: 30000 });
  assert.match(await aliceDesk.locator('#challenge-banner .challenge-text').textContent(), /^bob challenges you: /);
  await challenger.click();
  await pageShown(aliceDesk);
  assert.equal(await aliceDesk.locator('#players-view h2').first().textContent(), 'bob');
  assert.equal(await aliceDesk.locator('.rating-card[data-variant=chess] .rating-record').textContent(), '1 game: 0 won, 0 drawn, 1 lost');
  assert.equal(await aliceDesk.locator('#lobby-view').isHidden(), true);

  await own.click();
  await aliceDesk.waitForFunction(() => document.querySelector('#players-view h2')?.textContent === 'alice');
  assert.equal((await call('POST', `/api/challenges/${challenge.body.id}/decline`, { session: alice.session })).status, 200);
  assert.equal((await call('DELETE', `/api/seeks/${seek.body.id}`, { session: bob.session })).status, 200);
});

await check('the leaderboard, from the lobby: a tab per built-in variant; empty boards say why', async () => {
  await aliceDesk.evaluate(() => (location.hash = '#lobby'));
  await aliceDesk.click('#leaderboard-link');
  await pageShown(aliceDesk);
  assert.equal(await aliceDesk.evaluate(() => location.hash), '#leaderboard');
  assert.equal(await aliceDesk.locator('#players-view h2').textContent(), 'Leaderboard: EvoChess');
  const tabs = aliceDesk.locator('#players-view nav a[href^="#leaderboard="]');
  assert.deepEqual(await tabs.allTextContents(), ['EvoChess', 'EChess', 'Promote King Chess', 'Chess']);
  assert.equal(await aliceDesk.locator('nav a[aria-current=page]').textContent(), 'EvoChess');
  assert.match(await aliceDesk.locator('.leaderboard-empty').textContent(), /no longer provisional/);
  await aliceDesk.locator('nav a[href="#leaderboard=chess"]').click();
  await aliceDesk.waitForFunction(() => document.querySelector('#players-view h2')?.textContent === 'Leaderboard: Chess');
  // Two provisional players only: still empty, and saying why.
  await aliceDesk.locator('.leaderboard-empty').waitFor();
  assert.match(await aliceDesk.locator('.leaderboard-empty').textContent(), /deviation at most 110.*365 days/);
  await shot(aliceDesk, 'leaderboard-empty-desktop');
});

await check('once their ratings settle, the Chess leaderboard ranks alice and bob, names linked', async () => {
  let games = 1;
  let board = (await call('GET', '/api/leaderboard/chess')).body;
  // alice wins two of three: her rating stays above bob's.
  let lastGame = firstGame;
  while (board.players.length < 2 && games < 60) {
    lastGame = await playRatedGame(games % 3 === 2 ? bob : alice, games % 3 === 2 ? alice : bob);
    games++;
    board = (await call('GET', '/api/leaderboard/chess')).body;
  }
  console.log(`  ${games} rated games until both are on the board`);
  // alice's lobby stream tells her page of each of her games, and the page follows each to
  // its board, the last one perhaps after the API calls above have returned. Once it is at
  // the last one no game can take it away from the page it is sent to below.
  await aliceDesk
    .waitForFunction((id) => location.hash === `#game=${id}`, lastGame, { timeout: 30000 })
    .catch(async (error) => {
      const shown = await aliceDesk.evaluate(() => location.hash);
      throw new Error(`alice's page is at ${shown}, not at the last game #game=${lastGame}\n${error.message}`);
    });
  assert.deepEqual(
    board.players.map((p) => p.name),
    ['alice', 'bob'],
  );
  for (const page of [carol, aliceDesk]) {
    // alice's page is still on the (then empty) Chess board, which is not live: going there
    // again from the lobby reads it afresh, as a player would.
    await page.evaluate(() => (location.hash = '#lobby'));
    await page.locator('#lobby-view').waitFor();
    await page.evaluate(() => (location.hash = '#leaderboard=chess'));
    await pageShown(page);
    await page
      .locator('table.leaderboard tbody tr')
      .nth(1)
      .waitFor({ timeout: 30000 })
      .catch(async (error) => {
        const shown = await page.evaluate(() => `${location.hash}: ${document.getElementById('players-view')?.innerText.slice(0, 300)}`);
        throw new Error(`${page.who ?? 'page'} shows no two rows: ${shown}\n${error.message}`);
      });
    const rows = await page
      .locator('table.leaderboard tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
    assert.deepEqual(
      rows,
      board.players.map((p) => [String(p.rank), p.name, String(Math.round(p.rating)), String(p.games)]),
    );
  }
  await shot(carol, 'leaderboard-phone');
  await shot(aliceDesk, 'leaderboard-desktop');
  await noHorizontalOverflow(carol, 'the leaderboard on a phone');
  await expectAccessible(carol, 'the leaderboard at 390 px');
  await carol.locator('table.leaderboard a', { hasText: 'bob' }).click();
  await carol.waitForFunction(() => document.querySelector('#players-view h2')?.textContent === 'bob');
  await carol.locator('.rating-card[data-variant=chess] svg.rating-graph').waitFor();
  assert.equal(await carol.locator('.rating-card[data-variant=chess] svg.rating-graph circle').count(), games + 1);
  await shot(carol, 'player-page-settled-phone');
  await noHorizontalOverflow(carol, "bob's page on a phone, with many games");
  await aliceDesk.evaluate(() => (location.hash = '#/@/alice'));
  await aliceDesk.waitForFunction(() =>
    /^\d+$/.test(document.querySelector('.rating-card[data-variant=chess] .rating-value')?.textContent ?? ''),
  );
  await shot(aliceDesk, 'player-page-settled-desktop');
});

alice.stream.close();
bob.stream.close();
await harness.finish();
