// The engine's playing levels in the browser (issue 11, "Levels that fit"): every level of
// /api/info, picked in the new-game dialog, answers a legal move within its time; the level
// changes during a game; the dialog fits at phone and desktop width.
//
//   node tests/e2e/levels.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, openHarness, waitForAppStart } from './browser_harness.mjs';

const harness = await openHarness({ name: 'levels' });
const { server, check, newPage } = harness;

const VARIANTS = ['chess', 'evochess', 'echess', 'promoteking'];
// A level game thinks at most its movetime (1000 ms unless set); the rest is the page, the
// server and a busy machine.
const SLACK_MS = 4000;

const plies = (page) => page.locator('#move-list button.move').count();
const gameOf = async (page, id) => (await apiCall(page, 'GET', `/api/games/${id}`)).body;

// Starts a game from the dialog with the engine as White at `level`; answers its id and the
// ms from the game's appearance to the engine's first move on the board.
async function playLevel(page, variant, level) {
  const previous = await page.evaluate(() => location.hash);
  const dialog = page.locator('#new-game-dialog');
  if (!(await dialog.evaluate((d) => d.open))) await page.click('#new-game-button');
  await dialog.locator('select[name=variant]').selectOption(variant);
  await dialog.locator('select[name=side]').selectOption('b');
  await dialog.locator('select[name=level]').selectOption(String(level));
  await page.click('#start-game-button');
  await page.waitForFunction((p) => /^#game=\d+$/.test(location.hash) && location.hash !== p, previous);
  const started = Date.now();
  await page.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 1, null, { timeout: 30000 });
  const elapsed = Date.now() - started;
  return { id: Number(/\d+/.exec(await page.evaluate(() => location.hash))[0]), elapsed };
}

try {
  const page = await newPage();
  await page.goto(server.address);
  await page.locator('#new-game-dialog[open]').waitFor();
  const info = (await apiCall(page, 'GET', '/api/info')).body;
  if (!info.engine) {
    console.log('skip - levels: this build has no engine');
  } else {
    await check('the dialog offers every level of /api/info, by name, with a description', async () => {
      const options = await page.locator('#new-game-dialog select[name=level] option').allTextContents();
      assert.equal(options.length, info.levels.length);
      assert.ok(info.levels.length >= 6, `${info.levels.length} levels`);
      info.levels.forEach((l, i) => assert.ok(options[i].includes(l.name), `${options[i]} names ${l.name}`));
      await page.locator('#new-game-dialog select[name=level]').selectOption('1');
      assert.equal(await page.locator('#new-game-dialog .level-description').textContent(), info.levels[0].description);
    });

    for (const level of info.levels) {
      const variant = VARIANTS[(level.number - 1) % VARIANTS.length];
      await check(`level ${level.number} (${level.name}) answers a legal ${variant} move within its time`, async () => {
        const start = (await apiCall(page, 'POST', '/api/games', { variant })).body; // its legal moves
        const { id, elapsed } = await playLevel(page, variant, level.number);
        const game = await gameOf(page, id);
        assert.equal(game.engine.level, level.number);
        assert.equal(game.history.length, 1);
        const played = game.history[0];
        assert.ok(
          start.legal.some((m) => m.uci === played.uci),
          `${played.uci} is legal at the start`,
        );
        assert.equal((await page.locator('#move-list button.move').first().textContent()).trim(), played.san);
        assert.equal(await page.inputValue('#fen-output'), played.fen, 'the board shows the position after it');
        const bound = (game.engine.movetime_ms ?? 1000) + SLACK_MS;
        assert.ok(elapsed <= bound, `answered in ${elapsed} ms, more than ${bound} ms`);
        await apiCall(page, 'DELETE', `/api/games/${start.id}`);
      });
    }

    await check('the level changes during a game, and the engine answers at the new one', async () => {
      const { id } = await playLevel(page, 'chess', 2);
      const control = page.locator('#level-control');
      assert.ok(await control.isVisible(), 'the level menu shows in a game against the engine');
      assert.equal(await page.inputValue('#level-select'), '2');
      await page.selectOption('#level-select', '6');
      await page.waitForFunction(async (n) => (await (await fetch(`/api/games/${n}`)).json()).engine.level === 6, id);
      await page.fill('#move-input-field', 'e5');
      await page.press('#move-input-field', 'Enter');
      await page.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 3, null, { timeout: 30000 });
      const game = await gameOf(page, id);
      assert.equal(game.engine.level, 6);
      assert.equal(await page.inputValue('#level-select'), '6');
      assert.equal(await plies(page), 3);
    });

    await check('the new-game dialog with the level menu fits at 390 and 1366 px (screenshots)', async () => {
      for (const width of [390, 1366]) {
        const view = await newPage(width, width > 1000 ? 900 : 844);
        await view.goto(server.address);
        await waitForAppStart(view);
        const dialog = view.locator('#new-game-dialog[open]');
        if (!(await dialog.count())) await view.click('#new-game-button');
        await dialog.waitFor();
        await view.locator('#new-game-dialog select[name=level]').selectOption(String(info.levels.length));
        const [scroll, inner] = await view.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        assert.ok(scroll <= inner, `dialog at ${width}px: scrollWidth ${scroll} > ${inner}`);
        const box = await view.locator('#new-game-dialog').boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= inner, `the dialog fits at ${width}px`);
        const select = await view.locator('#new-game-dialog select[name=level]').boundingBox();
        assert.ok(
          select.x >= box.x && select.x + select.width <= box.x + box.width + 0.5,
          `the level menu fits in the dialog at ${width}px`,
        );
        await view.screenshot({ path: path.join(tmpdir(), `evochess-levels-dialog-${width}.png`) });
        await view.context().close();
      }
    });
  }
} finally {
  await harness.finish();
}
