// Browser tests for "The player's board, round two" (issue 23), item 6 and the phone header:
// variants loaded from a file get a rules page and promotion-picker texts made from their own
// data (N and K of an EvoChess or EChess variant; the king powers, promotion choices and
// points of a Promote King Chess or chess variant), not the built-in game's page; and the
// board's header stays on one row at 390 px. Screenshots go into a temporary folder (printed).
//
//   node tests/e2e/loaded_variant_rules.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { createGame, openHarness, waitForAppStart } from './browser_harness.mjs';

const variantsFile = path.join(mkdtempSync(path.join(tmpdir(), 'evochess-loaded-rules-')), 'variants.ini');
writeFileSync(
  variantsFile,
  `[evo-n4k1:evochess]
display_name = EvoChess N4 K1
minor_right_pawn_moves = 4
rook_right_captures = 1

[echess-n2k3:echess]
display_name = EChess N2 K3
minor_right_pawn_moves = 2
rook_right_captures = 3

[pk-own:promoteking]
display_name = Promote King, own colour
promotion_either_color = false
scores_points = false
king_double_step = false

[pk-copy:promoteking]
display_name = Promote King copy

[chess-keep:chess]
display_name = Chess, pawn may stay
promotion_pieces = qrbnp
pawns_on_back_ranks = true
`,
);

const harness = await openHarness({ name: 'loaded-rules', serverArgs: ['--variants', variantsFile] });
const { check, newPage } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-loaded-rules-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name, fullPage = false) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
const HUMANS = { w: 'human', b: 'human' };
const SIZES = [
  ['desktop', 1366, 900],
  ['phone', 390, 844],
];

// The page's own text, without the tabs that name the other variants.
const rulesText = (page) =>
  page.locator('#rules-view').evaluate((view) =>
    [...view.children]
      .filter((child) => child.tagName !== 'NAV')
      .map((child) => child.innerText)
      .join(' ')
      .replace(/\s+/g, ' '),
  );
// The examples' messages once each board has its position from the server.
const examplesReady = (page) =>
  page.waitForFunction(
    () => {
      const messages = [...document.querySelectorAll('#rules-view .example-message')];
      return messages.length > 0 && messages.every((m) => m.dataset.state === 'todo');
    },
    null,
    { timeout: 30000 },
  );

// Plays a UCI move on an example board by clicks (white below); when the move is one of
// several for its squares, it is picked in the picker.
async function playOnExample(page, exampleId, uci) {
  const example = page.locator(`[data-example="${exampleId}"]`);
  await example.scrollIntoViewIfNeeded();
  const before = await example.locator('.example-message').textContent();
  const box = await example.locator('cg-board').boundingBox();
  for (const square of [uci.slice(0, 2), uci.slice(2, 4)]) {
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square[1]);
    await page.mouse.click(box.x + ((file + 0.5) * box.width) / 8, box.y + ((8 - rank + 0.5) * box.height) / 8);
  }
  const picker = page.locator('#promotion-dialog[open]');
  const opened = await picker.waitFor({ timeout: uci.length > 4 ? 5000 : 700 }).then(
    () => true,
    () => false,
  );
  if (opened) {
    const button = page.locator(`#promotion-dialog button[data-uci="${uci}"]`);
    if (!(await button.isVisible())) await page.click('#promotion-dialog .promotion-more');
    await button.click();
  }
  await page.waitForFunction(
    ([id, text]) => document.querySelector(`[data-example="${id}"] .example-message`)?.textContent !== text,
    [exampleId, before],
    { timeout: 30000 },
  );
}

// Each example's intended moves, by the end of its id (the rules pages name them
// `<variant>-<example>`); a move with a choice is picked in the picker.
const EXAMPLE_MOVES = {
  minor: ['b2b4n'],
  rook: ['c3d5r'],
  kept: ['a2a3', 'h7h6', 'b2b3n'],
  expires: ['a2a3', 'h7h6'],
  'direct-rook': ['d4e5r'],
  'cthulhu-born': ['b7b8'],
  'cthulhu-leap': ['d4f6'],
  'no-passing-check': ['d1f3'],
  'king-double-step': ['e2e4'],
  'king-en-passant': ['e5d6'],
  'king-follows': ['e2e3'],
  'vertical-castling': ['e7e8r', 'a6a5', 'e1e3'],
  'other-colour': ['b7b8~p'],
  promotion: ['b7b8q'],
};

try {
  for (const [label, width, height] of SIZES) {
    const page = await newPage(width, height);
    await page.goto(harness.server.address);
    // The checks make their own games: the dialog the app may have opened is closed for good.
    await waitForAppStart(page);
    await page.evaluate(() => document.getElementById('new-game-dialog').close());
    const board = new BoardDriver(page);
    const open = async (request, moves = []) => {
      const id = await createGame(page, request, moves);
      await harness.openGame(page, id);
      return id;
    };
    // The game's Rules button opens this variant's own page.
    const rulesOf = async (variant) => {
      await open({ variant, players: HUMANS });
      await page.click('#rules-button');
      await page.waitForFunction((v) => location.hash === `#rules=${v}`, variant, { timeout: 30000 });
      await page.locator('#rules-view .rules-title').waitFor();
      await examplesReady(page);
      return rulesText(page);
    };

    await check(`item 6 (${label}): an EvoChess variant with N = 4, K = 1 has a rules page with its N and K`, async () => {
      const text = await rulesOf('evo-n4k1');
      assert.match(await page.locator('#rules-view .rules-title').textContent(), /EvoChess N4 K1/);
      assert.match(text, /Every fourth pawn move earns a minor right/);
      assert.match(text, /Every capture of an enemy piece \(pawns do not count\) earns a rook right/);
      assert.match(text, /White has already made three pawn moves\. The fourth one earns a minor right/);
      assert.doesNotMatch(text, /third pawn move|second capture|two pawn moves|three pawn moves:/i);
      await shot(page, `rules-evo-n4k1-${label}`);
      // The example is judged by the variant's own rules: the fourth pawn move earns the right.
      await playOnExample(page, 'evo-n4k1-minor', 'b2b4n');
      await page.waitForFunction(
        () => document.querySelector('[data-example="evo-n4k1-minor"] .example-message')?.dataset.state === 'done',
        null,
        { timeout: 30000 },
      );
    });

    await check(`item 6 (${label}): an EChess variant with N = 2, K = 3 has its N and K, its expiry and direct rook`, async () => {
      const text = await rulesOf('echess-n2k3');
      assert.match(await page.locator('#rules-view .rules-title').textContent(), /EChess N2 K3/);
      assert.match(text, /the second pawn move earns a minor right/);
      assert.match(text, /the third capture of an enemy piece earns a rook right/);
      assert.match(text, /Use it or lose it/);
      assert.match(text, /it is your second pawn move and your third capture/);
      assert.doesNotMatch(text, /third pawn move|second capture/i);
      // Declined, the right is gone until N more pawn moves: the example says so once played.
      await playOnExample(page, 'echess-n2k3-expires', 'a2a3');
      await playOnExample(page, 'echess-n2k3-expires', 'h7h6');
      await page.waitForFunction(
        () => document.querySelector('[data-example="echess-n2k3-expires"] .example-message')?.dataset.state === 'done',
        null,
        { timeout: 30000 },
      );
      assert.match(
        await page.locator('[data-example="echess-n2k3-expires"] .example-message').textContent(),
        /until two more pawn moves are made/,
      );
      await shot(page, `rules-echess-n2k3-${label}`, true);
    });

    await check(`item 6 (${label}): a Promote King variant without other-colour promotion, points or king double step`, async () => {
      const text = await rulesOf('pk-own');
      assert.match(await page.locator('#rules-view .rules-title').textContent(), /Promote King, own colour/);
      assert.match(text, /Cthulhu/);
      assert.match(text, /capture en passant/);
      assert.match(text, /Vertical castling/);
      assert.doesNotMatch(text, /either colour|other colour|points|two squares straight forward/i);
      assert.equal(await page.locator('[data-example="pk-own-king-double-step"]').count(), 0, 'no double-step example');
      assert.equal(await page.locator('[data-example="pk-own-other-colour"]').count(), 0, 'no other-colour example');
      assert.ok((await page.locator('[data-example^="pk-own-"]').count()) >= 5, 'its own examples');
      await shot(page, `rules-pk-own-${label}`);
    });

    await check(`item 6 (${label}): a copy of Promote King Chess gets the whole Promote King page under its name`, async () => {
      const text = await rulesOf('pk-copy');
      assert.match(await page.locator('#rules-view .rules-title').textContent(), /Promote King copy/);
      assert.match(text, /either colour/);
      assert.match(text, /two squares straight forward/);
      assert.match(text, /scores 1 point plus one for every promotion into the other colour/);
      assert.equal(await page.locator('#rules-view [data-example]').count(), 8);
    });

    await check(`item 6 (${label}): a chess variant has a page of its own rules`, async () => {
      const text = await rulesOf('chess-keep');
      assert.match(await page.locator('#rules-view .rules-title').textContent(), /Chess, pawn may stay/);
      assert.match(text, /as in chess/i);
      assert.match(text, /queen, rook, bishop or knight, or stay a pawn/);
      assert.doesNotMatch(text, /EvoChess|Cthulhu/);
      await shot(page, `rules-chess-keep-${label}`);
    });

    await check(`item 6 (${label}): the pickers' notes follow the loaded variants' rules`, async () => {
      // EvoChess with N = 4: the fourth pawn move's picker says declining keeps the right.
      await open({ variant: 'evo-n4k1', players: HUMANS }, ['a2a3', 'a7a6', 'a3a4', 'a6a5', 'h2h3', 'h7h6']);
      await board.click('b2', 'b4');
      await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
      await page.click('#promotion-dialog .promotion-more');
      assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /keep your rights/);
      await shot(page, `picker-evo-n4k1-${label}`);
      await page.click('#promotion-dialog .promotion-cancel');

      // Promote King without other colours: keeping the pawn is explained, no other colour offered.
      await open({ variant: 'pk-own', fen: '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 -,0', players: HUMANS });
      await board.click('b7', 'b8');
      await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
      await page.click('#promotion-dialog .promotion-more');
      assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /Keeping the pawn leaves it on the last rank/);
      assert.equal(await page.locator('#promotion-dialog .other-colour-note').count(), 0);
      await page.click('#promotion-dialog .promotion-cancel');

      // A copy of Promote King: the other colour's pieces, and what they are worth.
      await open({ variant: 'pk-copy', fen: '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 -,0', players: HUMANS });
      await board.click('b7', 'b8');
      await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
      await page.click('#promotion-dialog .promotion-more');
      assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /Keeping the pawn/);
      assert.match(await page.locator('#promotion-dialog .other-colour-note').textContent(), /point/);
      await shot(page, `picker-pk-copy-${label}`);
      await page.click('#promotion-dialog .promotion-cancel');

      // Chess where a pawn may stay: keeping it is explained.
      await open({ variant: 'chess-keep', fen: '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', players: HUMANS });
      await board.click('b7', 'b8');
      await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
      await page.click('#promotion-dialog .promotion-more');
      assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /Keeping the pawn leaves it on the last rank/);
      await page.click('#promotion-dialog .promotion-cancel');
    });

    await check(`header (${label}): the name and title on one row, every header button on one row`, async () => {
      await open({ variant: 'evochess', players: HUMANS });
      const header = await page.locator('header.top-bar').boundingBox();
      const boxesOf = (selector) =>
        page
          .locator(selector)
          .evaluateAll((nodes) =>
            nodes.filter((n) => n.checkVisibility()).map((n) => ({ id: n.id || n.tagName, ...n.getBoundingClientRect().toJSON() })),
          );
      const titles = await boxesOf('header.top-bar h1, header.top-bar #game-title');
      const buttons = await boxesOf('header.top-bar nav button');
      assert.equal(titles.length, 2, 'the name and the game title are shown');
      assert.equal(buttons.length, 5, `every button is shown: ${buttons.map((b) => b.id).join(', ')}`);
      // One row: every box overlaps every other vertically.
      const oneRow = (parts, what) => {
        const top = Math.max(...parts.map((p) => p.top));
        const bottom = Math.min(...parts.map((p) => p.bottom));
        assert.ok(top < bottom, `${what} on one row: ${JSON.stringify(parts.map((p) => [p.id, Math.round(p.top), Math.round(p.bottom)]))}`);
      };
      oneRow(buttons, 'the buttons');
      oneRow(titles, 'the name and the title');
      // At most two rows in all: the buttons' row is the titles' row or the one under it.
      const titlesBottom = Math.max(...titles.map((p) => p.bottom));
      const buttonsTop = Math.min(...buttons.map((p) => p.top));
      if (label === 'desktop') oneRow([...titles, ...buttons], 'the whole header');
      else assert.ok(buttonsTop >= titlesBottom - 1, 'on a phone the buttons have the row under the titles');
      for (const part of [...titles, ...buttons]) {
        assert.ok(part.left >= header.x - 0.5 && part.right <= header.x + header.width + 0.5, `${part.id} within the header`);
        assert.ok(part.width > 0 && part.height > 0, `${part.id} is shown`);
      }
      // Each button's label fits in it (nothing cut).
      const cut = await page
        .locator('header.top-bar nav button')
        .evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.id));
      assert.deepEqual(cut, [], 'no label is cut');
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(scroll <= 0, `no horizontal overflow: ${scroll}`);
      await page.locator('header.top-bar').screenshot({ path: path.join(shotsDir, `header-${label}.png`) });
      await shot(page, `game-${label}`);
    });
    if (label === 'desktop') {
      await check("item 6: every example on the loaded variants' rules pages plays out by the variant's own rules", async () => {
        for (const variant of ['evo-n4k1', 'echess-n2k3', 'pk-own', 'pk-copy', 'chess-keep']) {
          await page.goto(`${harness.server.address}#rules=${variant}`);
          await page.locator('#rules-view .rules-title').waitFor();
          await examplesReady(page);
          const ids = await page.locator('#rules-view [data-example]').evaluateAll((nodes) => nodes.map((n) => n.dataset.example));
          for (const id of ids) {
            const moves = EXAMPLE_MOVES[id.slice(variant.length + 1)];
            assert.ok(moves, `the moves of ${id}`);
            for (const uci of moves) await playOnExample(page, id, uci);
            const state = await page.locator(`[data-example="${id}"] .example-message`).getAttribute('data-state');
            assert.equal(state, 'done', `${id} is done: ${await page.locator(`[data-example="${id}"] .example-message`).textContent()}`);
          }
          await page.goto(`${harness.server.address}#`);
        }
      });
    }
    await page.context().close();
  }
} finally {
  await harness.finish();
}
