// Browser test of the account's API tokens page and of "BOT" beside a bot's name (issue 45).
// alice signs up in the browser, opens "API tokens" from her account dialog, makes a token
// with bot:play, sees it once (copied to the clipboard; gone once she says she copied it,
// and never listed), uses it against /api/account (200), revokes it after the page asks
// (then 401). Two bot accounts made with the API (a token with bot:play, then
// POST /api/bot/account/upgrade) play rated Chess games through the Bot API until their
// ratings settle: the leaderboard lists them apart from the people, under "Bots" with the BOT
// mark; a bot's page and its line in a game's chat show BOT. Screenshots at 390 and 1366 px
// go into a temporary folder (printed); the phone's pages must not overflow sideways; axe
// finds nothing serious or critical on them. A page error or a CSP breach fails the run.
//
//   node tests/e2e/api_tokens.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccountInDialog, openHarness } from './browser_harness.mjs';
import { expectAccessible, noHorizontalOverflow } from './page_checks.mjs';

// The bots' rated games come from one address in a moment: no rate limit in the way.
const harness = await openHarness({ name: 'api-tokens', serverArgs: ['--rate-limit', '0', '--games-per-minute-per-address', '0'] });
const { server, check } = harness;
const origin = server.address.replace(/\/$/, '');
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-api-tokens-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

const pageErrors = [];
async function newPage(width, height, options) {
  const page = await harness.newPage(width, height, options);
  page.on('pageerror', (error) => pageErrors.push(`${width} px: ${error.message}`));
  return page;
}

// ---- the API from here, as a program would call it -------------------------------------------

async function call(method, url, { session, token, body, form } = {}) {
  const headers = { Origin: origin };
  if (session) headers.Cookie = `evo_session=${session}`;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body) headers['Content-Type'] = 'application/json';
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(origin + url, { method, headers, body: body ? JSON.stringify(body) : form });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, cookies: response.headers.getSetCookie() };
}

const PASSWORD = 'correct horse battery';

// A bot account made as docs/bots.md says: an account, a token with bot:play, the upgrade.
async function makeBot(name) {
  const made = await call('POST', '/api/accounts', { body: { name, password: PASSWORD } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const session = /evo_session=([0-9a-f]+)/.exec(made.cookies.join('; '))?.[1];
  assert.ok(session, `a session cookie for ${name}`);
  const token = await call('POST', '/api/tokens', { session, body: { description: `${name}'s engine`, scopes: ['bot:play'] } });
  assert.equal(token.status, 201, JSON.stringify(token.body));
  const upgraded = await call('POST', '/api/bot/account/upgrade', { token: token.body.token });
  assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
  return { name, token: token.body.token };
}

// A rated Chess game between two bots through the Bot API that `winner` (White) wins: the
// challenge, its accept, a move each, the loser resigns. `beforeEnd` runs while it goes on.
async function playBotGame(winner, loser, beforeEnd = async () => {}) {
  const challenge = await call('POST', `/api/challenge/${loser.name}`, {
    token: winner.token,
    form: 'rated=true&clock.limit=180&clock.increment=2&color=white&variant=standard',
  });
  assert.equal(challenge.status, 200, JSON.stringify(challenge.body));
  const id = challenge.body.id;
  const accepted = await call('POST', `/api/challenge/${id}/accept`, { token: loser.token });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  for (const [bot, uci] of [
    [winner, 'e2e4'],
    [loser, 'e7e5'],
  ]) {
    const moved = await call('POST', `/api/bot/game/${id}/move/${uci}`, { token: bot.token });
    assert.equal(moved.status, 200, `${uci}: ${JSON.stringify(moved.body)}`);
  }
  await beforeEnd(id);
  const resigned = await call('POST', `/api/bot/game/${id}/resign`, { token: loser.token });
  assert.equal(resigned.status, 200, JSON.stringify(resigned.body));
  return id;
}

// ---- the pages ---------------------------------------------------------------------------------

async function signUp(page, name) {
  await page.goto(`${server.address}#lobby`);
  await page.locator('#lobby-view').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.getElementById('player-name')?.textContent !== '');
  await createAccountInDialog(page, name, PASSWORD);
}

// The tokens page from the account dialog, its list read.
async function openTokensPage(page) {
  await page.click('#account-button');
  const dialog = page.locator('#account-dialog[open]');
  await dialog.waitFor();
  await dialog.locator('#api-tokens-link').click();
  await page.waitForFunction(() => location.hash === '#api-tokens');
  assert.equal(await page.locator('#account-dialog[open]').count(), 0, 'the dialog closed');
  await page.locator('#tokens-view:not([aria-busy]) #token-form').waitFor({ state: 'visible' });
}

async function createToken(page, description, scopes) {
  await page.locator('#token-form input[name=description]').fill(description);
  for (const scope of scopes) await page.locator(`#token-form input[name=scope][value="${scope}"]`).check();
  await page.click('#token-create');
  await page.locator('#token-made').waitFor({ state: 'visible' });
  return page.locator('#token-secret').inputValue();
}

const alice = await newPage(1366, 900, { clipboard: true });
let secret = '';

await check('alice signs up and reaches "API tokens" from her account dialog: none yet, and the form', async () => {
  await signUp(alice, 'alice');
  await openTokensPage(alice);
  assert.equal(await alice.locator('#tokens-view h2').textContent(), 'API tokens');
  assert.equal(await alice.locator('#game-layout').isHidden(), true);
  assert.equal(await alice.locator('#token-count').textContent(), 'No tokens yet.');
  const scopes = await alice.locator('#token-form input[name=scope]').evaluateAll((boxes) => boxes.map((b) => b.value));
  assert.deepEqual(scopes, ['bot:play', 'board:play', 'challenge:read', 'challenge:write', 'tournament:write', 'preference:read']);
  // Nothing is sent without a scope: the form says why.
  await alice.locator('#token-form input[name=description]').fill('nothing');
  await alice.click('#token-create');
  await alice.locator('#token-form .error-message:not([hidden])').waitFor();
  assert.match(await alice.locator('#token-form .error-message').textContent(), /at least one scope/);
  assert.equal((await call('GET', '/api/tokens', { session: await sessionOf(alice) })).body.tokens.length, 0);
});

async function sessionOf(page) {
  const cookies = await page.context().cookies(origin);
  return cookies.find((c) => c.name === 'evo_session')?.value;
}

await check('she makes a bot:play token: shown once, with a copy button and a warning; listed without its secret', async () => {
  secret = await createToken(alice, 'my lichess-bot', ['bot:play']);
  assert.match(secret, /^evo_[0-9a-f]{32}$/);
  assert.match(await alice.locator('#token-made .token-warning').textContent(), /you will not see it again/);
  assert.equal(await alice.evaluate(() => document.activeElement?.id), 'token-secret');
  await alice.click('#token-copy');
  await alice.waitForFunction(() => document.querySelector('.token-copy-note')?.textContent === 'Copied to the clipboard.');
  assert.equal(await alice.evaluate(() => navigator.clipboard.readText()), secret);
  const rows = alice.locator('#token-list li.token-row');
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.first().locator('.token-description-text').textContent(), 'my lichess-bot');
  assert.equal(await rows.first().locator('.token-scopes-text').textContent(), 'bot:play');
  assert.match(await rows.first().locator('.token-created').textContent(), /^Made /);
  assert.equal(await rows.first().locator('.token-last-used').textContent(), 'Never used');
  assert.equal(await alice.locator('#token-count').textContent(), '1 token of at most 30.');
  await shot(alice, 'tokens-new-desktop');
  await expectAccessible(alice, 'the tokens page with a new token at 1366 px');
  // Once she says she copied it, the secret leaves the page; the list never had it.
  await alice.click('#token-done');
  await alice.locator('#token-made').waitFor({ state: 'hidden' });
  assert.equal(await alice.locator('#token-secret').inputValue(), '');
  assert.equal((await alice.content()).includes(secret), false, 'the secret is nowhere on the page');
  await alice.reload();
  await alice.locator('#tokens-view:not([aria-busy]) #token-list li.token-row').waitFor();
  assert.equal((await alice.content()).includes(secret), false, 'the secret is not listed after a reload');
  assert.equal(await alice.locator('#token-made').isHidden(), true);
});

await check('the token works against /api/account, as a program sends it', async () => {
  const me = await call('GET', '/api/account', { token: secret });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.username, 'alice');
  const listed = await call('GET', '/api/tokens', { session: await sessionOf(alice) });
  assert.deepEqual(
    listed.body.tokens.map((t) => [t.description, t.scopes]),
    [['my lichess-bot', ['bot:play']]],
  );
  assert.equal(typeof listed.body.tokens[0].lastUsedAt, 'number', 'the use is noted');
  await alice.reload();
  const row = alice.locator('#tokens-view:not([aria-busy]) #token-list li.token-row').first();
  await row.waitFor();
  assert.match(await row.locator('.token-last-used').textContent(), /^Last used /);
});

await check('revoking asks first ("Keep it" keeps it); "Revoke it" revokes it at once: the token is then refused (401)', async () => {
  const row = alice.locator('#token-list li.token-row').first();
  await row.locator('.token-revoke').click();
  assert.match(await row.locator('.token-question').textContent(), /^Revoke "my lichess-bot"\?/);
  await shot(alice, 'tokens-revoke-desktop');
  await row.locator('.token-revoke-cancel').click();
  assert.equal(await row.locator('.token-revoke').isVisible(), true);
  assert.equal((await call('GET', '/api/account', { token: secret })).status, 200, 'kept');
  await row.locator('.token-revoke').click();
  await row.locator('.token-revoke-confirm').click();
  await alice.locator('#token-list li.token-row').first().waitFor({ state: 'detached' });
  assert.equal(await alice.locator('#token-count').textContent(), 'No tokens yet.');
  const refused = await call('GET', '/api/account', { token: secret });
  assert.equal(refused.status, 401, JSON.stringify(refused.body));
});

await check('on a phone: the page fits, makes a token and shows it once; axe finds nothing serious', async () => {
  const phone = await newPage(390, 844);
  await phone.context().addCookies([{ name: 'evo_session', value: await sessionOf(alice), url: origin }]);
  await phone.goto(`${server.address}#lobby`);
  await phone.waitForFunction(() => document.getElementById('player-name')?.textContent === 'alice');
  await openTokensPage(phone);
  await noHorizontalOverflow(phone, 'the empty tokens page on a phone');
  const phoneSecret = await createToken(phone, 'board app on my phone', ['board:play', 'challenge:read', 'challenge:write']);
  assert.match(phoneSecret, /^evo_[0-9a-f]{32}$/);
  assert.equal(
    await phone.locator('#token-list li.token-row .token-scopes-text').first().textContent(),
    'board:play, challenge:read, challenge:write',
  );
  await noHorizontalOverflow(phone, 'the tokens page with a new token on a phone');
  await shot(phone, 'tokens-new-phone');
  await expectAccessible(phone, 'the tokens page at 390 px');
  // Signed out, the page asks her to sign in and lists nothing.
  await phone.click('#account-button');
  await phone.locator('#account-dialog[open] #log-out-button').click();
  await phone.locator('.tokens-signed-out').waitFor({ state: 'visible' });
  assert.equal(await phone.locator('#token-form').isVisible(), false);
  await shot(phone, 'tokens-signed-out-phone');
  await phone.context().close();
});

await check('bots made with the API rank apart from people: a "Bots" list with BOT, and BOT on their pages and chat lines', async () => {
  const one = await makeBot('botone');
  const two = await makeBot('bottwo');
  let board = (await call('GET', '/api/leaderboard/chess')).body;
  let games = 0;
  let chatGame = null;
  while (board.bots.length < 2 && games < 60) {
    const [winner, loser] = games % 3 === 2 ? [two, one] : [one, two];
    await playBotGame(winner, loser, async (id) => {
      if (games > 0) return;
      // lichess-bot greets the spectators: that line is marked BOT on the site.
      const said = await call('POST', `/api/bot/game/${id}/chat`, { token: winner.token, form: 'room=spectator&text=Good+luck%21' });
      assert.equal(said.status, 200, JSON.stringify(said.body));
    });
    // The site's number of the first game (its chat has the bot's line): the newest on its page.
    if (games === 0) chatGame = (await call('GET', '/api/players/botone')).body.recent_games[0].id;
    games++;
    board = (await call('GET', '/api/leaderboard/chess')).body;
  }
  console.log(`  ${games} rated bot games until both are on the bots' board`);
  assert.deepEqual(board.bots.map((b) => [b.name, b.bot]).sort(), [
    ['botone', true],
    ['bottwo', true],
  ]);
  assert.equal(board.players.length, 0, `no bot among the people: ${JSON.stringify(board.players)}`);

  const visitor = await newPage(390, 844);
  await visitor.goto(`${server.address}#leaderboard=chess`);
  await visitor.locator('#players-view:not([aria-busy]) table.bot-leaderboard').waitFor({ timeout: 30000 });
  const rows = await visitor
    .locator('.leaderboard-bots table.bot-leaderboard tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(
    rows,
    board.bots.map((b) => [String(b.rank), `BOT ${b.name}`, String(Math.round(b.rating)), String(b.games)]),
  );
  assert.equal(await visitor.locator('.leaderboard-bots h3').textContent(), 'Bots');
  // The people's board is empty (nobody has a settled rating) and says why.
  assert.match(await visitor.locator('.leaderboard-empty').textContent(), /no longer provisional/);
  assert.equal(await visitor.locator('table.leaderboard:not(.bot-leaderboard)').count(), 0);
  await noHorizontalOverflow(visitor, 'the leaderboard with bots on a phone');
  await shot(visitor, 'leaderboard-bots-phone');
  await expectAccessible(visitor, 'the leaderboard with bots at 390 px');

  await visitor.locator('.bot-leaderboard a', { hasText: 'botone' }).click();
  await visitor.waitForFunction(() => location.hash === '#/@/botone');
  await visitor.locator('#players-view:not([aria-busy]) h2').waitFor();
  await visitor.waitForFunction(() => document.querySelector('#players-view h2')?.textContent === 'BOT botone');
  assert.equal(await visitor.locator('#players-view h2 .bot-title').textContent(), 'BOT');
  assert.match(await visitor.locator('#players-view .players-note').first().textContent(), /^A bot/);
  // Its games' opponent is a bot too.
  assert.match(await visitor.locator('.recent-game-what').first().textContent(), /against BOT bottwo$/);
  await noHorizontalOverflow(visitor, "a bot's page on a phone");
  await shot(visitor, 'bot-player-page-phone');
  await expectAccessible(visitor, "a bot's page at 390 px");

  const desk = await newPage(1366, 900);
  await desk.goto(`${server.address}#leaderboard=chess`);
  await desk.locator('#players-view:not([aria-busy]) table.bot-leaderboard').waitFor({ timeout: 30000 });
  await shot(desk, 'leaderboard-bots-desktop');
  // The first game's chat, as a spectator reads it: the bot's line has BOT beside its name.
  await desk.goto(`${server.address}#game=${chatGame}`);
  await desk.locator('#board piece').first().waitFor();
  const line = desk.locator('.chat-message', { hasText: 'Good luck!' });
  await line.waitFor({ timeout: 30000 });
  assert.equal(await line.locator('.chat-author').textContent(), 'BOT botone');
  assert.equal(await line.locator('.chat-author .bot-title').textContent(), 'BOT');
  await shot(desk, 'bot-chat-desktop');
  await desk.locator('#players-view').waitFor({ state: 'hidden' });
  await visitor.context().close();
  await desk.context().close();
});

await check('a bot signed in on the site has BOT beside its name in the header', async () => {
  const page = await newPage(390, 844);
  await page.goto(`${server.address}#lobby`);
  await page.waitForFunction(() => document.getElementById('player-name')?.textContent !== '');
  await page.click('#account-button');
  const dialog = page.locator('#account-dialog[open]');
  await dialog.waitFor();
  await dialog.locator('input[name=name]').fill('botone');
  await dialog.locator('input[name=password]').fill(PASSWORD);
  await dialog.locator('#sign-in-submit').click();
  await page.waitForFunction(() => document.getElementById('player-name')?.textContent === 'BOT botone');
  assert.equal(await page.locator('#player-name .bot-title').textContent(), 'BOT');
  assert.equal(await page.locator('#player-name a.own-name').textContent(), 'botone');
  await dialog.waitFor({ state: 'detached' }).catch(() => {});
  await noHorizontalOverflow(page, 'the header of a bot signed in on a phone');
  await shot(page, 'bot-signed-in-phone');
  await page.context().close();
});

await check('no page error on any page', async () => {
  assert.deepEqual(pageErrors, []);
});

await harness.finish();
