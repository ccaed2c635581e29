// Browser test of the player's board, round three (issue 49, the smaller bugs): each check
// failed before its fix. The welcome screen closes on Escape; an imported game is listed with
// its plies; #game=9999 leaves no other game
// highlighted; a paired game's PGN names its players; the chat box counts its characters and
// says, past 140, how many are too many (Send off) instead of cutting the text; after a reload
// one's own messages offer no "mute"; a declined challenge is told to the challenger with the
// reason; "The server cannot be reached" goes once the server is back. A page error or a
// Content-Security-Policy violation fails the run. Screenshots at 390 and 1366 px go into a
// temporary folder (printed).
//
//   node tests/e2e/board_round_three.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './evochess_server.mjs';
import { apiCall, createAccountInDialog, createGame, openHarness, repo } from './browser_harness.mjs';

const harness = await openHarness({ name: 'board_round_three' });
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-board-round-three-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (target, name) => target.screenshot({ path: path.join(shotsDir, `${name}.png`) });

const pageErrors = [];
const watch = (page) => {
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
};
const PASSWORD = 'correct horse battery';

const createAccount = (page, name) => createAccountInDialog(page, name, PASSWORD);

async function openLobby(width, height) {
  const page = watch(await harness.openLobby(width, height));
  await page.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
  return page;
}

async function gameIdOf(page) {
  await page.waitForFunction(() => /^#game=\d+$/.test(location.hash), null, { timeout: 30000 });
  const id = Number((await page.evaluate(() => location.hash)).slice('#game='.length));
  await page.waitForFunction((n) => document.getElementById('game-title')?.textContent?.startsWith(`#${n} `), id, { timeout: 30000 });
  return id;
}

await check('the welcome screen of a first visit closes on Escape, and the new-game dialog follows', async () => {
  const page = watch(await harness.newPage(390, 844, { firstVisit: true }));
  await page.goto(server.address);
  const welcome = page.locator('#first-visit');
  await welcome.waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await welcome.waitFor({ state: 'detached', timeout: 5000 });
  await page.locator('#new-game-dialog[open]').waitFor({ timeout: 10000 });
  await shot(page, 'after-welcome-escape-phone');
  await page.context().close();
});

await check('an imported game is listed with its plies, not "0 plies", and keeps its moves', async () => {
  const page = watch(await harness.newPage(390, 844));
  await page.goto(server.address);
  const id = await createGame(page, { pgn: '[Variant "chess"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n' });
  await harness.openGame(page, id);
  const entry = page.locator(`#saved-games li.saved-game[data-game-id="${id}"]`);
  await entry.waitFor({ timeout: 10000 });
  assert.match(await entry.textContent(), /Chess · human v human · 6 plies · in progress/);
  await page.context().close();
});

await check('#game=9999 (no such game) leaves no saved game highlighted', async () => {
  const page = watch(await harness.newPage(1366, 900));
  await page.goto(server.address);
  const first = await createGame(page, { variant: 'chess' }, ['e2e4']);
  await createGame(page, { variant: 'evochess' });
  await harness.openGame(page, first);
  await page.locator(`#saved-games li.saved-game.current[data-game-id="${first}"]`).waitFor({ timeout: 10000 });
  await page.evaluate(() => (location.hash = '#game=9999'));
  await page.waitForFunction(() => document.getElementById('game-title')?.textContent === '', null, { timeout: 10000 });
  assert.equal(await page.locator('#saved-games li.saved-game.current').count(), 0, 'no game is marked as the one shown');
  await shot(page, 'no-such-game-desktop');
  await page.context().close();
});

const white = await openLobby(390, 844);
const black = await openLobby(1366, 900);
let gameId = 0;

await check('a paired game\'s PGN names its players, not "White player"', async () => {
  await white.locator('#quick-pairing button[data-pool="chess 5+3"]').click();
  await black.locator('#seek-list li.seek').first().waitFor({ timeout: 30000 });
  await black.locator('#quick-pairing button[data-pool="chess 5+3"]').click();
  gameId = await gameIdOf(black);
  assert.equal(await gameIdOf(white), gameId);
  const pgn = await white.evaluate(async (n) => (await fetch(`/api/games/${n}/pgn`)).text(), gameId);
  const names = await white.evaluate(async (n) => (await (await fetch(`/api/games/${n}`)).json()).seat_players, gameId);
  assert.match(pgn, new RegExp(`\\[White "${names.w.name}"\\]`), pgn);
  assert.match(pgn, new RegExp(`\\[Black "${names.b.name}"\\]`), pgn);
  assert.doesNotMatch(pgn, /player"\]/);
});

await check('the chat box counts characters; past 140 it says how many are too many and Send is off', async () => {
  const input = white.locator('#chat-input');
  await input.waitFor({ timeout: 30000 });
  await input.fill('x'.repeat(150));
  assert.equal(await input.inputValue(), 'x'.repeat(150), 'the text is not cut');
  assert.equal(await white.locator('#chat-counter').textContent(), '150/140');
  assert.match(
    await white.locator('#chat-length-problem').textContent(),
    /^10 characters too many: a message is at most 140 characters\.$/,
  );
  assert.equal(await white.locator('#chat-send-button').isDisabled(), true);
  await white.locator('#game-chat').scrollIntoViewIfNeeded();
  await shot(white.locator('#game-chat'), 'chat-too-long-phone');
  await input.fill('good luck, have fun');
  assert.equal(await white.locator('#chat-counter').textContent(), '19/140');
  assert.equal(await white.locator('#chat-length-problem').isVisible(), false);
  await white.click('#chat-send-button');
  await black.locator('#chat-messages .chat-message .chat-text', { hasText: 'good luck, have fun' }).waitFor({ timeout: 30000 });
  // Mine at once too, whether the stream or the answer brought it first.
  const own = white.locator('#chat-messages li.chat-message', { hasText: 'good luck, have fun' });
  await own.waitFor({ timeout: 30000 });
  await white.waitForFunction(() => document.getElementById('chat-input')?.value === '');
  assert.equal(await own.locator('.chat-mute').count(), 0, 'no mute beside my own message');
});

await check('after a reload, my own chat message offers no "mute"; the opponent still may mute it', async () => {
  await black.locator('#chat-input').fill('thanks, you too');
  await black.click('#chat-send-button');
  await white.locator('#chat-messages .chat-text', { hasText: 'thanks, you too' }).waitFor({ timeout: 30000 });
  await white.reload();
  await white.locator('#chat-messages .chat-text', { hasText: 'thanks, you too' }).waitFor({ timeout: 30000 });
  const rows = await white
    .locator('#chat-messages li.chat-message')
    .evaluateAll((items) =>
      items.map((item) => ({ text: item.querySelector('.chat-text')?.textContent, mute: !!item.querySelector('.chat-mute') })),
    );
  assert.deepEqual(rows, [
    { text: 'good luck, have fun', mute: false },
    { text: 'thanks, you too', mute: true },
  ]);
  await white.locator('#game-chat').scrollIntoViewIfNeeded();
  await shot(white.locator('#game-chat'), 'chat-after-reload-phone');
});

await check('a declined challenge is told to the challenger, with who, the game and the reason', async () => {
  await white.evaluate(() => (location.hash = '#lobby'));
  await black.evaluate(() => (location.hash = '#lobby'));
  await createAccount(white, 'rita');
  await createAccount(black, 'sam');
  await white.locator('#lobby-view').waitFor({ state: 'visible' });
  await white.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
  await white.locator('#challenge-form input[name=to]').fill('sam');
  await white.click('#challenge-button');
  await white.locator('#outgoing-challenges li').first().waitFor({ timeout: 30000 });
  const banner = black.locator('#challenge-banner .challenge');
  await banner.first().waitFor({ timeout: 30000 });
  // Decline asks why: lichess's reasons, "rated instead" for this casual challenge; Escape
  // closes the list and gives the focus back to Decline.
  await banner.locator('button.challenge-decline').click();
  const reasons = banner.locator('.decline-reasons');
  await reasons.waitFor();
  assert.equal(await banner.locator('button.challenge-decline').getAttribute('aria-expanded'), 'true');
  assert.ok(await reasons.locator('button[data-reason="rated"]').isVisible());
  assert.equal(await reasons.locator('button[data-reason="casual"]').count(), 0);
  assert.ok(await reasons.locator('button[data-reason="generic"]').evaluate((b) => b === document.activeElement));
  await shot(black, 'challenge-decline-reasons-desktop');
  await black.setViewportSize({ width: 390, height: 844 });
  await shot(black, 'challenge-decline-reasons-phone');
  await black.setViewportSize({ width: 1366, height: 900 });
  await black.keyboard.press('Escape');
  await reasons.waitFor({ state: 'detached' });
  assert.ok(await banner.locator('button.challenge-decline').evaluate((b) => b === document.activeElement));
  await banner.locator('button.challenge-decline').click();
  await reasons.locator('button[data-reason="later"]').click();
  const told = white.locator('#challenge-banner .challenge-declined');
  await told.waitFor({ timeout: 30000 });
  assert.match(
    await told.textContent(),
    /^sam declined your challenge \(.+, casual\): "This is not the right time for me, please ask again later\."/,
  );
  assert.equal(await white.locator('#outgoing-challenges li').count(), 0);
  await shot(white, 'challenge-declined-phone');
  await white.locator('#challenge-banner button.challenge-dismiss').click();
  await told.waitFor({ state: 'detached' });
  // A reason given through the API is told in lichess's words.
  const sent = await apiCall(white, 'POST', '/api/challenges', { to: 'sam', variant: 'chess' });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  const declined = await apiCall(black, 'POST', `/api/challenges/${sent.body.id}/decline`, { reason: 'tooFast' });
  assert.equal(declined.status, 200, JSON.stringify(declined.body));
  await told.waitFor({ timeout: 30000 });
  assert.match(await told.textContent(), /too fast for me/);
  await shot(white.locator('#challenge-banner'), 'challenge-declined-reason-phone');
});

await check('"The server cannot be reached" goes once the server is back and the lobby is live again', async () => {
  const port = Number(new URL(server.address).port);
  await server.stop();
  await white.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state !== 'open', null, { timeout: 30000 });
  await white.locator('#quick-pairing button[data-pool="chess 3+2"]').click();
  const message = white.locator('#lobby-message');
  await message.waitFor({ state: 'visible' });
  assert.match(await message.textContent(), /cannot be reached/);
  await shot(white, 'server-unreachable-phone');
  const binaryFlag = process.argv.indexOf('--binary');
  const again = await startServer({
    binary: path.resolve(binaryFlag > 0 ? process.argv[binaryFlag + 1] : path.join(repo, 'build/evochess')),
    dataDir: mkdtempSync(path.join(tmpdir(), 'evochess-board-round-three-again-')),
    webDir: process.env.EVOCHESS_WEB_DIR ?? path.join(repo, 'web/dist'),
    port,
  });
  try {
    await white.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open', null, { timeout: 60000 });
    await message.waitFor({ state: 'hidden', timeout: 5000 });
  } finally {
    await again.stop();
  }
});

await check('no page error', async () => assert.deepEqual(pageErrors, []));

await harness.finish();
