// End-to-end test of the chat of an online game (issue 19, item 5): the real `evochess serve`
// and headless Debian Chromium (playwright-core) with three browser contexts: two players
// (one on a phone) and a spectator. The players exchange messages in their room, markup
// typed in shows as text, the spectator writes in the spectators' room, which the players
// do not see until the game is over; a player mutes the other (kept after a reload) and hides
// the chat. Saves desktop and phone screenshots into a temporary directory (printed).
//
//   node tests/e2e/game_chat.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUIET_CHROMIUM_ARGS, watchPolicy } from './browser_harness.mjs';
import { startServer } from './evochess_server.mjs';

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
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-chat-screenshots-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'evochess-chat-data-'));

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
    for (const [who, page] of Object.entries(pages))
      await page.screenshot({ path: path.join(shotsDir, `failure-${who}.png`) }).catch(() => {});
    throw error;
  }
}

// The texts of the messages the page's chat shows, in order.
const chatTexts = (page) => page.locator('#chat-messages .chat-text').allTextContents();

async function waitForChat(page, expected, timeout = 10000) {
  await page
    .waitForFunction(
      (want) => JSON.stringify([...document.querySelectorAll('#chat-messages .chat-text')].map((node) => node.textContent)) === want,
      JSON.stringify(expected),
      {
        timeout,
      },
    )
    .catch(() => {});
  assert.deepEqual(await chatTexts(page), expected, `${page.who}'s chat`);
}

async function say(page, text) {
  await page.locator('#chat-input').scrollIntoViewIfNeeded();
  await page.fill('#chat-input', text);
  await page.click('#chat-send-button');
  await page.waitForFunction(() => document.querySelector('#chat-input').value === '');
}

async function expectNoOverflowAtPhoneWidths(page) {
  const original = page.viewportSize();
  for (const width of [360, 390, 430]) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(100);
    const scroll = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    assert.ok(scroll <= width, `${page.who} at ${width} px: the page is ${scroll} px wide`);
  }
  await page.setViewportSize(original);
}

async function shot(page, name) {
  await page.locator('#game-chat').scrollIntoViewIfNeeded();
  const file = path.join(shotsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

const server = await startServer({ binary, dataDir, webDir });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: QUIET_CHROMIUM_ARGS,
});
const policyViolations = [];

async function openPage(who, viewport) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => localStorage.getItem('evochess.visited') || localStorage.setItem('evochess.visited', '1'));
  await watchPolicy(context, policyViolations);
  const page = await context.newPage();
  page.who = who;
  page.on('pageerror', (error) => console.log(`${who}: page error: ${error.message}`));
  pages[who] = page;
  return page;
}

try {
  const alice = await openPage('alice', DESKTOP);
  const bob = await openPage('bob', PHONE);
  const carol = await openPage('carol', DESKTOP);
  let gameId;

  await check('two players meet in an online game and both see the players room', async () => {
    await alice.goto(server.address);
    const dialog = alice.locator('#new-game-dialog');
    if (!(await dialog.evaluate((d) => d.open))) await alice.click('#new-game-button');
    await alice.locator('#new-game-dialog[open]').waitFor();
    await dialog.locator('select[name=variant]').selectOption('chess');
    await dialog.locator('select[name=side]').selectOption('online');
    await dialog.locator('select[name=colour]').selectOption('w');
    await alice.click('#start-game-button');
    await alice.locator('#waiting-screen').waitFor({ state: 'visible' });
    const invite = await alice.locator('#invite-link').inputValue();
    gameId = Number(/#game=(\d+)/.exec(invite)[1]);
    await bob.goto(invite);
    await alice.locator('#waiting-screen').waitFor({ state: 'hidden' });
    for (const page of [alice, bob]) {
      await page.locator('#game-chat').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#game-chat .chat-tab[aria-pressed=true]').textContent(), 'Players');
      // The limit is told by a counter (issue 49), not a maxlength that cut the text silently.
      assert.equal(await page.locator('#chat-counter').textContent(), '0/140');
    }
  });

  await check('the players exchange messages; markup typed in shows as text', async () => {
    await say(alice, '<b>x</b> good luck');
    await waitForChat(bob, ['<b>x</b> good luck']);
    assert.equal(await bob.locator('#chat-messages b').count(), 0, 'no element made of the text');
    await say(bob, 'thanks, you too');
    await waitForChat(alice, ['<b>x</b> good luck', 'thanks, you too']);
    await waitForChat(bob, ['<b>x</b> good luck', 'thanks, you too']);
    assert.deepEqual(await alice.locator('#chat-messages .chat-author').allTextContents(), ['White player', 'Black player']);
  });

  await check('a spectator writes in the spectators room, which the players do not see', async () => {
    await carol.goto(new URL(`#game=${gameId}`, server.address).href);
    await carol.locator('#game-chat').waitFor({ state: 'visible' });
    assert.equal(await carol.locator('#game-chat .chat-tab[aria-pressed=true]').textContent(), 'Spectators');
    await waitForChat(carol, []);
    await say(carol, 'watching from the rail');
    await waitForChat(carol, ['watching from the rail']);
    await say(alice, 'still just us?');
    await waitForChat(bob, ['<b>x</b> good luck', 'thanks, you too', 'still just us?']);
    assert.equal(await bob.locator('#game-chat .chat-tab').count(), 1, 'no spectators tab while the game goes on');
    await waitForChat(carol, ['watching from the rail']);
  });

  await check('screenshots of the chat at desktop and phone size, nothing overflows on phones', async () => {
    console.log(`screenshot: ${await shot(alice, 'desktop-players-chat')}`);
    console.log(`screenshot: ${await shot(bob, 'phone-players-chat')}`);
    console.log(`screenshot: ${await shot(carol, 'desktop-spectators-chat')}`);
    await expectNoOverflowAtPhoneWidths(bob);
  });

  await check('a player mutes the other (kept after a reload) and hides the chat', async () => {
    await bob.locator('#chat-messages .chat-mute[aria-label="Mute White player"]').first().click();
    await waitForChat(bob, ['(muted)', 'thanks, you too', '(muted)']);
    await bob.reload();
    await waitForChat(bob, ['(muted)', 'thanks, you too', '(muted)']);
    await bob.locator('#chat-messages .chat-mute[aria-label="Unmute White player"]').first().click();
    await waitForChat(bob, ['<b>x</b> good luck', 'thanks, you too', 'still just us?']);
    await bob.click('#chat-hide-button');
    assert.ok(await bob.locator('#chat-messages').isHidden(), 'the chat is hidden');
    await bob.reload();
    await bob.locator('#game-chat').waitFor({ state: 'visible' });
    assert.ok(await bob.locator('#chat-messages').isHidden(), 'and stays hidden');
    await bob.click('#chat-hide-button');
    await waitForChat(bob, ['<b>x</b> good luck', 'thanks, you too', 'still just us?']);
  });

  await check('once the game is over the players read the spectators room too', async () => {
    const resigned = await alice.evaluate(async (id) => {
      const seat = JSON.parse(localStorage.getItem(`evochess.seat.${id}`));
      const answer = await fetch(`/api/games/${id}/resign`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seat.token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      return answer.status;
    }, gameId);
    assert.equal(resigned, 200);
    await alice.locator('#game-chat .chat-tab[data-room=spectators]').waitFor({ timeout: 30000 });
    await alice.click('#game-chat .chat-tab[data-room=spectators]');
    await waitForChat(alice, ['watching from the rail']);
    await say(carol, 'well played');
    await waitForChat(alice, ['watching from the rail', 'well played']);
    assert.ok(await alice.locator('.chat-form').isHidden(), 'players do not write in the spectators room');
    console.log(`screenshot: ${await shot(alice, 'desktop-spectators-room-after-the-game')}`);
  });

  await check('no breach of the Content-Security-Policy', async () => {
    assert.deepEqual(policyViolations, []);
  });
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
