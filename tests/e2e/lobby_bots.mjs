// Browser test of the house bots (issue 45): a server started with `--house-bots 1`. In the
// lobby the bots online are listed with lichess's BOT mark and their rating in the variant
// chosen; alice, with an account, challenges EvoBot-Beginner to a rated EvoChess game with
// one click, lands on the board when the bot accepts (its strip marked BOT) (the lobby stream's "game" event),
// plays a move and the bot answers it; the bot counts as present (never "away", no claim). An anonymous visitor on a phone sees the list too.
// bob's seek that nobody takes becomes, in one click, a rated game against the house bot.
// Screenshots of the lobby at 390 and 1366 px and of the game go into a temporary folder
// (printed); the phone's page must not overflow sideways.
//
//   node tests/e2e/lobby_bots.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { openHarness, waitForMoves } from './browser_harness.mjs';

const harness = await openHarness({ name: 'lobby-bots', serverArgs: ['--house-bots', '1'] });
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-lobby-bots-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

const openLobby = (width, height) => harness.openLobby(width, height);

const botRow = (page, name) => page.locator(`#bot-list li.online-bot[data-bot="${name}"]`);

const alice = await openLobby(1366, 900);
const visitor = await openLobby(390, 844);

await check('the lobby lists the house bot online, marked BOT, with its rating in the variant chosen', async () => {
  for (const page of [alice, visitor]) {
    const row = botRow(page, 'EvoBot-Beginner');
    await row.waitFor({ timeout: 30000 });
    assert.equal(await row.locator('.bot-title').textContent(), 'BOT');
    assert.match(await row.locator('.seek-name').textContent(), /^BOT EvoBot-Beginner \(1500\?\)$/);
    assert.equal(await page.locator('#bot-list-empty').isHidden(), true);
  }
  await visitor.locator('#seek-form select[name=variant]').selectOption('echess');
  assert.match(await botRow(visitor, 'EvoBot-Beginner').locator('.seek-name').textContent(), /\(1500\?\)$/);
  await shot(visitor, 'lobby-bots-phone');
  const { scroll, width } = await visitor.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width, `the lobby on a phone overflows sideways: ${scroll} > ${width}`);
});

await check('alice challenges the bot with one click; it accepts, she is on the board and it answers her move', async () => {
  await alice.click('#account-button');
  const dialog = alice.locator('#account-dialog[open]');
  await dialog.waitFor();
  await dialog.locator('input[name=name]').fill('alice');
  await dialog.locator('input[name=password]').fill('correct horse battery');
  await dialog.locator('#create-account-submit').click();
  await alice.waitForFunction(() => document.getElementById('player-name')?.textContent === 'alice');
  await dialog.waitFor({ state: 'detached' }).catch(() => {});
  await alice.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
  await alice.locator('#seek-form select[name=variant]').selectOption('evochess');
  await alice.locator('#seek-form select[name=clock]').selectOption('5+3');
  await alice.locator('#seek-form select[name=colour]').selectOption('w');
  await alice.locator('#seek-form input[name=rated]').check();
  await shot(alice, 'lobby-bots-desktop');
  await botRow(alice, 'EvoBot-Beginner').locator('button.bot-challenge').click();
  await alice.waitForFunction(() => /^#game=\d+$/.test(location.hash), null, { timeout: 30000 });
  await alice.locator('#board piece').first().waitFor();
  await new BoardDriver(alice).click('e2', 'e4');
  await waitForMoves(alice, 2, { timeout: 30000, context: "the bot's answer on alice's page" });
  await shot(alice, 'game-against-bot-desktop');
  const strips = await alice.locator('.seat-player').allTextContents();
  assert.ok(
    strips.some((text) => /^BOT EvoBot-Beginner 1500\?$/.test(text)),
    `the bot's strip shows BOT: ${JSON.stringify(strips)}`,
  );
  assert.ok(
    strips.some((text) => /^alice 1500\?$/.test(text)),
    `alice's strip shows no BOT: ${JSON.stringify(strips)}`,
  );
  const game = await alice.evaluate(async () => {
    const id = location.hash.slice('#game='.length);
    return (await fetch(`/api/games/${id}`)).json();
  });
  assert.equal(game.history.length, 2);
  assert.equal(game.history[0].uci, 'e2e4');
  // The bot is there while its Bot API stream is open: never "away", nothing to claim.
  assert.equal(game.away?.b ?? null, null, `the bot counts as away: ${JSON.stringify(game.away)}`);
  // The page learns it by the next presence event (they are coalesced to one a second).
  await alice.locator('text=You can claim victory').waitFor({ state: 'hidden', timeout: 10000 });
  // My games names the opponent as the board does: BOT before a bot's name.
  await alice.click('#my-games-link');
  const row = alice.locator('#my-games-list li.my-game').first();
  await row.waitFor();
  assert.match(await row.locator('.my-game-opponent').textContent(), /^vs BOT EvoBot-Beginner 1500\?$/);
  await shot(alice, 'my-games-bot-desktop');
});

await check("bob's seek nobody takes becomes, in one click, a rated game against the house bot nearest his rating", async () => {
  // The page's clock is Playwright's, moved on past the wait, not waited for.
  const bob = await harness.newPage(1366, 900);
  await bob.clock.install();
  await bob.goto(`${server.address}#lobby`);
  await bob.locator('#lobby-view').waitFor({ state: 'visible' });
  await bob.waitForFunction(() => document.getElementById('player-name')?.textContent !== '');
  await bob.click('#account-button');
  const dialog = bob.locator('#account-dialog[open]');
  await dialog.waitFor();
  await dialog.locator('input[name=name]').fill('bob');
  await dialog.locator('input[name=password]').fill('correct horse battery');
  await dialog.locator('#create-account-submit').click();
  await bob.waitForFunction(() => document.getElementById('player-name')?.textContent === 'bob');
  await bob.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
  await botRow(bob, 'EvoBot-Beginner').waitFor({ timeout: 30000 });
  await bob.locator('#seek-form select[name=variant]').selectOption('evochess');
  await bob.locator('#seek-form select[name=clock]').selectOption('5+3');
  await bob.locator('#seek-form select[name=engine_wait]').selectOption('30');
  await bob.click('#post-seek-button');
  await bob.locator('#seek-list li.seek').first().waitFor({ timeout: 30000 });
  await bob.clock.runFor(31_000);
  await bob.locator('#engine-offer').waitFor({ state: 'visible' });
  assert.equal(await bob.locator('#engine-offer-button').textContent(), 'Play EvoBot-Beginner');
  assert.match(
    await bob.locator('#engine-offer-text').textContent(),
    /the bot EvoBot-Beginner .*\(1500\).*your rating, 1500: rated EvoChess/,
  );
  await shot(bob, 'house-bot-offer-desktop');
  await bob.click('#engine-offer-button');
  await bob.waitForFunction(() => /^#game=\d+$/.test(location.hash), null, { timeout: 30000 });
  const game = await bob.evaluate(async () => (await fetch(`/api/games/${location.hash.slice('#game='.length)}`)).json());
  assert.equal(game.rated, true, 'the game against the bot is rated');
  assert.equal(game.variant, 'evochess');
  const names = Object.values(game.seat_players ?? {}).map((player) => player?.name);
  assert.ok(names.includes('EvoBot-Beginner') && names.includes('bob'), JSON.stringify(game.seat_players));
  // The seek was withdrawn.
  const seeks = await bob.evaluate(async () => (await fetch('/api/seeks')).json());
  assert.equal(JSON.stringify(seeks).includes('"bob"'), false, JSON.stringify(seeks));
});

await harness.finish();
