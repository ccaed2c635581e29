// Browser test of "Learn in the app" (issue 11): the first-visit screen, the rules page of
// each variant reached from the header and from the new-game dialog, every example's
// intended moves played on its board (the server judges them), no horizontal overflow at
// 360-1366 px, and the picker's line on declining. Saves the README's rules-desktop.png and
// rules-phone.png (docs_screenshots.mjs).
//
//   node tests/e2e/learn_rules.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { choosePromotion } from './board_driver.mjs';
import path from 'node:path';
import { openHarness } from './browser_harness.mjs';
import { docsScreenshot } from './docs_screenshots.mjs';

// The examples and their intended moves, as the rules pages define them.
const EXAMPLES = {
  evochess: {
    'evochess-minor': ['b2b4n'],
    'evochess-rook': ['c3d5r'],
    'evochess-kept': ['a2a3', 'h7h6', 'b2b3n'],
  },
  echess: {
    'echess-minor': ['b2b4n'],
    'echess-rook': ['c3d5r'],
    'echess-expires': ['a2a3', 'h7h6'],
    'echess-kept-evochess': ['a2a3', 'h7h6', 'b2b3n'],
    'echess-direct-rook': ['d4e5r'],
  },
  promoteking: {
    'promoteking-cthulhu-born': ['b7b8'],
    'promoteking-cthulhu-leap': ['d4f6'],
    'promoteking-no-passing-check': ['d1f3'],
    'promoteking-king-double-step': ['e2e4'],
    'promoteking-king-en-passant': ['e5d6'],
    'promoteking-king-follows': ['e2e3'],
    'promoteking-vertical-castling': ['e7e8r', 'a6a5', 'e1e3'],
    'promoteking-other-colour': ['b7b8~p'],
  },
};

const harness = await openHarness({ name: 'rules' });
const { server, check, newPage } = harness;
const openGame = (page, id) => harness.openGame(page, id);

async function squareOf(page, exampleId, square) {
  const box = await page.locator(`[data-example="${exampleId}"] cg-board`).boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  return { x: box.x + ((file + 0.5) * box.width) / 8, y: box.y + ((7 - rank + 0.5) * box.height) / 8 };
}

// Plays one UCI move on an example board; picks the choice in the picker when it opens.
async function playOnExample(page, exampleId, uci) {
  const example = page.locator(`[data-example="${exampleId}"]`);
  await example.scrollIntoViewIfNeeded();
  const before = await example.locator('.example-message').textContent();
  for (const square of [uci.slice(0, 2), uci.slice(2, 4)]) {
    const { x, y } = await squareOf(page, exampleId, square);
    await page.mouse.click(x, y);
  }
  const picker = page.locator('#promotion-dialog[open]');
  try {
    await picker.waitFor({ timeout: 700 });
    await choosePromotion(page, uci);
  } catch {
    // one move for this pair: played at once
  }
  await page.waitForFunction(
    ([id, text]) => document.querySelector(`[data-example="${id}"] .example-message`)?.textContent !== text,
    [exampleId, before],
    { timeout: 30000 },
  );
}

// Every example board of the page has its game (so that none is left behind when leaving).
// The first answers wait for the WebAssembly rules to load (1.5 MB with the built-in nets);
// under the suite's load the examples were once not all ready after 10 s in CI.
const examplesReady = (page) =>
  page.waitForFunction(
    () => {
      const messages = [...document.querySelectorAll('#rules-view .example-message')];
      return messages.length > 0 && messages.every((m) => m.dataset.state);
    },
    null,
    { timeout: 30000 },
  );

const gamesOnServer = async (page) => page.evaluate(async () => (await (await fetch('/api/games')).json()).length);
const overflow = (page) => page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);

try {
  await check('a first visit shows one screen; "Learn EvoChess" opens the EvoChess rules', async () => {
    const page = await newPage(390, 844, { firstVisit: true });
    await page.goto(server.address);
    await page.locator('#first-visit[open]').waitFor({ timeout: 30000 });
    assert.match(await page.locator('#first-visit').textContent(), /EvoChess/);
    const [scroll, inner] = await overflow(page);
    assert.ok(scroll <= inner, `first-visit screen at 390px: ${scroll} > ${inner}`);
    await page.click('#learn-button');
    await page.locator('#rules-view .rules-title').waitFor();
    assert.match(await page.locator('#rules-view .rules-title').textContent(), /EvoChess/);
    await examplesReady(page);
    await page.reload();
    await page.locator('#rules-view .rules-title').waitFor();
    assert.equal(await page.locator('#first-visit').count(), 0, 'the screen shows on the first visit only');
    await examplesReady(page);
    await page.context().close();
  });

  await check('a first visit\'s "Play the engine" starts a game against the engine', async () => {
    const page = await newPage(1366, 900, { firstVisit: true });
    await page.goto(server.address);
    await page.locator('#first-visit[open]').waitFor({ timeout: 30000 });
    await page.click('#play-engine-button');
    await page.waitForFunction(() => /^#game=\d+$/.test(location.hash));
    const id = Number(/\d+/.exec(await page.evaluate(() => location.hash))[0]);
    const game = await page.evaluate(async (n) => (await fetch(`/api/games/${n}`)).json(), id);
    assert.deepEqual(game.players, { w: 'human', b: 'engine' });
    assert.equal(game.variant, 'evochess');
    assert.equal(game.engine.level, 1, 'the first game is against the gentlest level');
    await page.context().close();
  });

  const page = await newPage();
  await check("the header's Rules button and the new-game dialog lead to the rules pages", async () => {
    await page.goto(server.address);
    await page.locator('#board piece').first().waitFor(); // the first visit's game opens
    await page.click('#new-game-button');
    await page.locator('#new-game-dialog select[name=variant]').selectOption('promoteking');
    await page.click('#new-game-dialog .dialog-rules-link');
    await page.locator('#rules-view .rules-title').waitFor();
    assert.match(await page.locator('#rules-view .rules-title').textContent(), /Promote King Chess/);
    assert.equal(await page.locator('#new-game-dialog[open]').count(), 0);
    await examplesReady(page);
    await page.click('#rules-view .rules-back');
    await page.locator('#board piece').first().waitFor();
    const before = await page.evaluate(() => location.hash);
    await page.click('#new-game-button');
    await page.click('#start-game-button');
    // The new game's address, not the one already shown (a race seen under load).
    await page.waitForFunction((old) => /^#game=\d+$/.test(location.hash) && location.hash !== old, before);
    await page.click('#rules-button');
    await page.locator('#rules-view .rules-title').waitFor();
    assert.match(await page.locator('#rules-view .rules-title').textContent(), /Promote King Chess/);
    assert.ok(await page.locator('#game-layout').isHidden());
    await examplesReady(page);
  });

  for (const [variant, examples] of Object.entries(EXAMPLES)) {
    await check(`the ${variant} rules page: every example's intended moves play out`, async () => {
      await page.goto(`${server.address}#rules=${variant}`);
      await page.locator('#rules-view .rules-title').waitFor();
      const ids = await page.locator('#rules-view [data-example]').evaluateAll((nodes) => nodes.map((n) => n.dataset.example));
      assert.deepEqual(ids, Object.keys(examples), 'the page has the examples this test plays');
      assert.doesNotMatch(await page.locator('body').innerText(), /RULES\s*\d|\(\d\.\d+\)/, 'no rule numbers in the UI');
      for (const [id, moves] of Object.entries(examples)) {
        await page.waitForFunction((n) => document.querySelector(`[data-example="${n}"] .example-message`)?.dataset.state === 'todo', id, {
          timeout: 30000,
        });
        for (const uci of moves) await playOnExample(page, id, uci);
        const message = page.locator(`[data-example="${id}"] .example-message`);
        assert.equal(await message.getAttribute('data-state'), 'done', `${id}: ${await message.textContent()}`);
      }
      if (variant === 'promoteking') {
        // Cthulhu on d1 is not offered g4: it would pass through check on e2.
        await page.click('[data-example="promoteking-no-passing-check"] .example-reset');
        await page.waitForFunction(
          () => document.querySelector('[data-example="promoteking-no-passing-check"] .example-message')?.dataset.state === 'todo',
        );
        await page.locator('[data-example="promoteking-no-passing-check"]').scrollIntoViewIfNeeded();
        const d1 = await squareOf(page, 'promoteking-no-passing-check', 'd1');
        await page.mouse.click(d1.x, d1.y);
        // chessground draws the destinations on its next animation frame: wait for it.
        const destsOf = () => page.locator('[data-example="promoteking-no-passing-check"] square.move-dest').count();
        await page
          .waitForFunction(
            () => document.querySelectorAll('[data-example="promoteking-no-passing-check"] square.move-dest').length > 0,
            null,
            { timeout: 30000 },
          )
          .catch(() => undefined);
        const dests = await destsOf();
        assert.equal(dests, 17);
        await page.mouse.click(d1.x, d1.y);
      }
    });
  }

  await check('no rule numbers on the game page either (its tooltips included)', async () => {
    const id = await page.evaluate(
      async () =>
        (
          await (
            await fetch('/api/games', {
              method: 'POST',
              body: JSON.stringify({
                variant: 'promoteking',
                fen: '4K3/8/8/8/8/8/8/4k3 b - - 0 1 w,0',
                players: { w: 'human', b: 'human' },
              }),
            })
          ).json()
        ).id,
    );
    const evo = await page.evaluate(
      async () =>
        (
          await (
            await fetch('/api/games', {
              method: 'POST',
              body: JSON.stringify({ variant: 'evochess', players: { w: 'human', b: 'human' } }),
            })
          ).json()
        ).id,
    );
    for (const game of [id, evo]) {
      await page.goto(`${server.address}#game=${game}`);
      await page.locator('#board piece').first().waitFor();
      await page.locator('#strip-bottom .chip').first().waitFor();
      const texts = await page.evaluate(() =>
        [document.body.innerText, ...[...document.querySelectorAll('[title]')].map((node) => node.getAttribute('title'))].join('\n'),
      );
      assert.doesNotMatch(texts, /RULES|\(\d\.\d+\)/, `game ${game}`);
    }
    for (const game of [id, evo]) await page.evaluate(async (n) => fetch(`/api/games/${n}`, { method: 'DELETE' }), game);
  });

  await check('a move the example does not ask for is said so, and "Start again" resets it', async () => {
    await page.goto(`${server.address}#rules=evochess`);
    await examplesReady(page);
    await playOnExample(page, 'evochess-minor', 'e1d1');
    assert.equal(await page.locator('[data-example="evochess-minor"] .example-message').getAttribute('data-state'), 'off');
    await page.click('[data-example="evochess-minor"] .example-reset');
    await page.waitForFunction(() => document.querySelector('[data-example="evochess-minor"] .example-message')?.dataset.state === 'todo');
  });

  await check('leaving the rules deletes the example games', async () => {
    await page.click('#rules-view .rules-back');
    await page.waitForFunction(() => /^#game=\d+$/.test(location.hash));
    await page.waitForTimeout(500);
    assert.equal(await gamesOnServer(page), 2, "the first visit's game and the one started here remain");
  });

  await check('no horizontal overflow on the rules pages at 360, 390, 430 and 1366 px; screenshots', async () => {
    for (const width of [360, 390, 430, 1366]) {
      const view = await newPage(width, width > 1000 ? 900 : 844);
      await view.goto(`${server.address}#rules=promoteking`);
      await view.waitForFunction(() => document.querySelectorAll('#rules-view .example-message[data-state="todo"]').length === 8, null, {
        timeout: 30000,
      });
      const [scroll, inner] = await overflow(view);
      assert.ok(scroll <= inner, `rules at ${width}px: ${scroll} > ${inner}`);
      if (width === 390 || width === 1366) {
        await view.goto(`${server.address}#rules=evochess`);
        await view.waitForFunction(() => document.querySelectorAll('#rules-view .example-message[data-state="todo"]').length === 3, null, {
          timeout: 30000,
        });
        await view.waitForTimeout(300);
        await view.screenshot({ path: docsScreenshot(width === 390 ? 'rules-phone.png' : 'rules-desktop.png') });
      }
      await view.context().close();
    }
  });
} finally {
  await harness.finish();
}
