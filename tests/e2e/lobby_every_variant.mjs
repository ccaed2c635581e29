// Browser test of issue 49, item 6: quick and auto pairing offer every variant the server plays,
// the built-in ones (EvoChess, EChess, Promote King Chess, chess) and those of `serve --variants`
// (variants/lab.ini here), named as GET /api/info lists them, laid out to fit a phone. Two
// players quick-pair on EChess, Promote King Chess and a loaded variant, and auto-pair on a loaded
// one; the server makes each game in its variant. Ticking more than an entry may hold says so and
// keeps "Pair me" off. No horizontal overflow at 390 px; axe finds nothing serious; a page error
// or a Content-Security-Policy violation fails the run. Screenshots at 390 and 1366 px go into a
// temporary folder (printed).
//
//   node tests/e2e/lobby_every_variant.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHarness, repo } from './browser_harness.mjs';
import { expectAccessible, noHorizontalOverflow } from './page_checks.mjs';

const harness = await openHarness({
  name: 'lobby_every_variant',
  serverArgs: ['--variants', path.join(repo, 'variants/lab.ini')],
});
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-lobby-every-variant-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (target, name, fullPage = false) =>
  target.screenshot({ path: path.join(shotsDir, `${name}.png`), ...(fullPage ? { fullPage } : {}) });

const pageErrors = [];
async function openLobby(width, height) {
  const page = await harness.openLobby(width, height);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
  return page;
}

// The game the page goes to (other than `leaving`), once its board is shown.
async function gameIdOf(page, leaving = null) {
  await page.waitForFunction((old) => /^#game=\d+$/.test(location.hash) && location.hash !== `#game=${old}`, leaving, { timeout: 30000 });
  const id = Number((await page.evaluate(() => location.hash)).slice('#game='.length));
  await page.locator('#board piece').first().waitFor({ timeout: 30000 });
  return id;
}

async function backToLobby(page) {
  await page.evaluate(() => (location.hash = '#lobby'));
  await page.locator('#lobby-view').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.getElementById('lobby-connection')?.dataset.state === 'open');
}

const quickSection = (page) => page.locator('section.lobby-section', { has: page.locator('#quick-heading') });
const autoSection = (page) => page.locator('section.lobby-section', { has: page.locator('#auto-heading') });

const phone = await openLobby(390, 844);
const desktop = await openLobby(1366, 900);
const info = await phone.evaluate(async () => (await fetch('/api/info')).json());
const variants = info.variants.map((v) => ({ name: v.name, title: v.display_name || v.name, builtIn: v.built_in }));

await check("the server lists the built-in variants and the file's, and says which are built in", async () => {
  const names = variants.map((v) => v.name);
  for (const name of ['chess', 'evochess', 'echess', 'promoteking', 'evo-n2k1'])
    assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  assert.equal(variants.find((v) => v.name === 'echess').builtIn, true);
  assert.equal(variants.find((v) => v.name === 'evo-n2k1').builtIn, false);
});

await check("quick pairing has a row per variant of the server's registry, each with its three clocks, fitting a phone", async () => {
  for (const page of [phone, desktop]) {
    const rows = await page.locator('#quick-pairing .quick-row').evaluateAll((els) =>
      els.map((row) => ({
        title: row.querySelector('.quick-variant')?.textContent,
        pools: [...row.querySelectorAll('button.quick-pool')].map((b) => b.dataset.pool),
      })),
    );
    assert.deepEqual(
      rows.map((r) => r.title),
      variants.map((v) => v.title),
    );
    for (const [i, row] of rows.entries())
      assert.deepEqual(
        row.pools,
        ['3+2', '5+3', '10+5'].map((clock) => `${variants[i].name} ${clock}`),
      );
  }
  // On the phone every button is whole on screen and at least 40 px tall, the rows' clocks line up.
  const boxes = await phone.locator('#quick-pairing button.quick-pool').evaluateAll((els) =>
    els.map((b) => {
      const r = b.getBoundingClientRect();
      return { left: r.left, right: r.right, height: r.height };
    }),
  );
  for (const box of boxes) {
    assert.ok(box.left >= 0 && box.right <= 390, `a quick-pairing button is on screen: ${JSON.stringify(box)}`);
    assert.ok(box.height >= 40, `a quick-pairing button is big enough to tap: ${box.height} px`);
  }
  assert.deepEqual(
    boxes.slice(3, 6).map((b) => b.left),
    boxes.slice(0, 3).map((b) => b.left),
    'the clocks line up from row to row',
  );
  await noHorizontalOverflow(phone, 'the lobby at 390 px');
  await quickSection(phone).scrollIntoViewIfNeeded();
  await shot(quickSection(phone), 'quick-pairing-phone');
  await shot(desktop, 'lobby-desktop', true);
});

await check('the auto-pairing grid is every variant x the three clocks', async () => {
  const rows = await phone.locator('#auto-grid tbody th[scope=row]').allTextContents();
  assert.deepEqual(
    rows,
    variants.map((v) => v.title),
  );
  assert.equal(await phone.locator('#auto-grid input[name=combination]').count(), variants.length * 3);
  await noHorizontalOverflow(phone, 'the auto-pairing grid at 390 px');
  await expectAccessible(phone, 'the lobby at 390 px');
  await expectAccessible(desktop, 'the lobby at 1366 px');
});

for (const variant of ['echess', 'promoteking', 'evo-n2k1']) {
  await check(`quick pairing ${variant} 3+2: the second player's click makes the game, in ${variant}`, async () => {
    const pool = (page) => page.locator(`#quick-pairing button[data-pool="${variant} 3+2"]`);
    await pool(phone).click();
    await desktop.locator('#seek-list li.seek', { hasText: variants.find((v) => v.name === variant).title }).waitFor({ timeout: 30000 });
    await pool(desktop).click();
    const id = await gameIdOf(desktop);
    assert.equal(await gameIdOf(phone), id, 'both players go to one game');
    const game = await phone.evaluate(async (n) => (await fetch(`/api/games/${n}`)).json(), id);
    assert.equal(game.variant, variant);
    assert.equal(game.clock.initial_ms, 180000);
    assert.deepEqual(game.seats, { w: true, b: true });
    if (variant === 'promoteking') await shot(phone, 'promoteking-game-phone');
    await backToLobby(phone);
    await backToLobby(desktop);
  });
}

await check('more boxes than an entry may hold: the page says so and keeps "Pair me" off', async () => {
  const boxes = phone.locator('#auto-grid input[name=combination]');
  for (let i = 0; i < 25; i++) await boxes.nth(i).check();
  const note = phone.locator('#auto-problem');
  await note.waitFor({ state: 'visible' });
  assert.match(await note.textContent(), /25 games: one entry may hold at most 24\. Untick 1\./);
  assert.equal(await phone.locator('#auto-pair-button').isDisabled(), true);
  await autoSection(phone).scrollIntoViewIfNeeded();
  await shot(autoSection(phone), 'auto-pairing-phone-too-many');
  for (let i = 0; i < 25; i++) await boxes.nth(i).uncheck();
  assert.equal(await note.isVisible(), false);
});

await check('auto pairing on a loaded variant and Promote King Chess: both go to the loaded variant they share', async () => {
  const tick = (page, key) => page.locator(`#auto-grid input[name=combination][value="${key}"]`).check();
  await tick(phone, 'promoteking 5+3');
  await tick(phone, 'evo-n2k1 10+5');
  await phone.click('#auto-pair-button');
  await phone.locator('#auto-waiting').waitFor({ state: 'visible' });
  assert.match(await phone.locator('#auto-waiting-text').textContent(), /Promote King Chess 5\+3, EvoChess N2 K1 10\+5/);
  await autoSection(phone).scrollIntoViewIfNeeded();
  await shot(autoSection(phone), 'auto-pairing-phone-waiting');
  await desktop.waitForFunction(() => document.querySelectorAll('#seek-list li.seek .seek-auto').length === 2);
  await tick(desktop, 'evo-n2k1 10+5');
  await tick(desktop, 'echess 3+2');
  await desktop.click('#auto-pair-button');
  const id = await gameIdOf(desktop);
  assert.equal(await gameIdOf(phone), id);
  const game = await phone.evaluate(async (n) => (await fetch(`/api/games/${n}`)).json(), id);
  assert.equal(game.variant, 'evo-n2k1');
  assert.equal(game.clock.initial_ms, 600000);
});

await check('no page error', async () => assert.deepEqual(pageErrors, []));

await harness.finish();
