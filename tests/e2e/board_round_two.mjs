// Browser tests for "The player's board, round two" (issue 23), items 9-11: the promotion
// picker at the square, the settings, the analysis board's variation tree. Each check runs at
// 1366 and 390 px; screenshots go into a temporary folder (printed).
//
//   node tests/e2e/board_round_two.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { apiCall, createGame, openHarness, waitForAppStart, waitForMoves } from './browser_harness.mjs';

const harness = await openHarness({ name: 'board-two' });
const { check, newPage } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-board-two-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
const gameOf = async (page, id) => (await apiCall(page, 'GET', `/api/games/${id}`)).body;
const HUMANS = { w: 'human', b: 'human' };
const SIZES = [
  ['desktop', 1366, 900],
  ['phone', 390, 844],
];

// The board's box, and a square's box in it (white below unless `flipped`).
async function boxes(page, square) {
  const board = await page.locator('#board cg-board').boundingBox();
  const size = board.width / 8;
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  return { board, square: { x: board.x + file * size, y: board.y + (7 - rank) * size, size } };
}

const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 1.5, `${what}: ${a} is not ${b}`);
const inside = (inner, outer, what) => {
  assert.ok(inner.x >= outer.x - 1.5 && inner.x + inner.width <= outer.x + outer.width + 1.5, `${what}: within the board's width`);
  assert.ok(inner.y >= outer.y - 1.5 && inner.y + inner.height <= outer.y + outer.height + 1.5, `${what}: within the board's height`);
};
const visibleChoices = (page) =>
  page
    .locator('#promotion-dialog button.promotion-choice')
    .evaluateAll((buttons) => buttons.filter((b) => b.checkVisibility()).map((b) => b.dataset.uci));
const allChoices = (page) =>
  page.locator('#promotion-dialog button.promotion-choice').evaluateAll((buttons) => buttons.map((b) => b.dataset.uci));

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

    await check(`item 9 (${label}): a chess promotion's choices stand on the square's file, queen first`, async () => {
      const id = await open({ variant: 'chess', fen: '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', players: HUMANS });
      await board.click('b7', 'b8');
      await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
      assert.deepEqual(await visibleChoices(page), ['b7b8q', 'b7b8n', 'b7b8r', 'b7b8b']);
      assert.equal(await page.locator('#promotion-dialog .promotion-more').isVisible(), false, 'nothing more to show');
      const { board: boardBox, square } = await boxes(page, 'b8');
      const picker = await page.locator('#promotion-dialog').boundingBox();
      near(picker.x, square.x, 'the column is on the b file');
      near(picker.y, square.y, 'the column hangs from b8');
      near(picker.width, square.size, 'one square wide');
      inside(picker, boardBox, 'the column');
      await shot(page, `picker-chess-${label}`);
      await page.click('#promotion-dialog button[data-uci="b7b8n"]');
      await waitForMoves(page, 1);
      assert.equal((await gameOf(page, id)).history[0].uci, 'b7b8n');
    });

    await check(`item 9 (${label}): Black's promotion at the bottom of the board rises from the square`, async () => {
      await open({ variant: 'chess', fen: '4k3/8/8/8/8/8/1p6/4K3 b - - 0 1', players: HUMANS });
      await board.click('b2', 'b1');
      await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
      assert.deepEqual(await visibleChoices(page), ['b2b1q', 'b2b1n', 'b2b1r', 'b2b1b']);
      const { board: boardBox, square } = await boxes(page, 'b1');
      const picker = await page.locator('#promotion-dialog').boundingBox();
      near(picker.y + picker.height, square.y + square.size, 'the column stands on b1');
      inside(picker, boardBox, 'the column');
      // The queen is nearest the square, as on lichess: the column reads upwards.
      const queen = await page.locator('#promotion-dialog button[data-uci="b2b1q"]').boundingBox();
      near(queen.y, square.y, 'the queen on b1');
      await page.keyboard.press('Escape');
      await page
        .locator('#promotion-dialog[open]')
        .waitFor({ state: 'detached', timeout: 3000 })
        .catch(() => undefined);
      assert.equal(await page.locator('#promotion-dialog').evaluate((d) => d.open), false, 'Escape closes the picker');
    });

    await check(
      `item 9 (${label}): Promote King Chess's ten choices: four on the file, the rest under "more", never the whole board`,
      async () => {
        const id = await open({ variant: 'promoteking', fen: '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', players: HUMANS });
        const legal = (await gameOf(page, id)).legal.map((m) => m.uci).filter((uci) => uci.startsWith('b7b8'));
        assert.equal(legal.length, 10);
        await board.click('b7', 'b8');
        await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
        assert.deepEqual(await visibleChoices(page), ['b7b8q', 'b7b8n', 'b7b8r', 'b7b8b']);
        assert.deepEqual((await allChoices(page)).sort(), [...legal].sort(), 'every legal choice is in the picker');
        const { board: boardBox } = await boxes(page, 'b8');
        inside(await page.locator('#promotion-dialog').boundingBox(), boardBox, 'the column');
        await page.click('#promotion-dialog .promotion-more');
        const shown = await visibleChoices(page);
        assert.deepEqual([...shown].sort(), [...legal].sort(), 'after "more" every choice is one tap away');
        assert.equal(shown.at(-1), 'b7b8p', 'keeping the pawn comes last');
        const panel = await page.locator('#promotion-dialog').boundingBox();
        inside(panel, boardBox, 'the expanded picker');
        assert.ok(
          panel.height <= boardBox.height * 0.76,
          `the expanded picker leaves a quarter of the board (${panel.height} of ${boardBox.height})`,
        );
        assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /never move forward/);
        await shot(page, `picker-promoteking-more-${label}`);
        await page.locator('#promotion-dialog button[data-uci="b7b8~q"]').scrollIntoViewIfNeeded();
        await page.click('#promotion-dialog button[data-uci="b7b8~q"]');
        await waitForMoves(page, 1);
        assert.equal((await gameOf(page, id)).history[0].uci, 'b7b8~q');
      },
    );

    await check(
      `item 9 (${label}): an EvoChess evolution in mid-board: the column stays on the board, declining under "more"`,
      async () => {
        const id = await open({ variant: 'evochess', players: HUMANS }, ['a2a3', 'a7a6', 'a3a4', 'a6a5']);
        await board.click('b2', 'b4');
        await page
          .locator('#promotion-dialog[open]')
          .waitFor({ timeout: 5000 })
          .catch(async (error) => {
            await shot(page, `picker-evochess-missing-${label}`);
            throw error;
          });
        assert.deepEqual(await visibleChoices(page), ['b2b4n', 'b2b4b']);
        const { board: boardBox } = await boxes(page, 'b4');
        inside(await page.locator('#promotion-dialog').boundingBox(), boardBox, 'the column');
        assert.equal(await page.locator('#promotion-dialog .decline-note').isVisible(), false, 'the note waits under "more"');
        await shot(page, `picker-evochess-${label}`);
        // A press on the board around the picker cancels it, and plays nothing.
        const { board: b } = await boxes(page, 'h1');
        await page.mouse.click(b.x + b.width - 10, b.y + 10);
        await page.waitForFunction(() => !document.getElementById('promotion-dialog').open, null, { timeout: 30000 });
        assert.equal((await gameOf(page, id)).history.length, 4, 'a press outside plays nothing');
        await board.click('b2', 'b4');
        await page
          .locator('#promotion-dialog[open]')
          .waitFor({ timeout: 5000 })
          .catch(async (error) => {
            await shot(page, `picker-evochess-missing2-${label}`);
            throw error;
          });
        await page.click('#promotion-dialog .promotion-more');
        assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /keep/i);
        assert.ok(await page.locator('#promotion-dialog .decline-note').isVisible());
        await page.click('#promotion-dialog button[data-uci="b2b4"]');
        await waitForMoves(page, 5);
        assert.equal((await gameOf(page, id)).history[4].uci, 'b2b4');
      },
    );

    await check(`item 11 (${label}): settings: board colours, letter pieces, quiet sounds, zen mode, kept after a reload`, async () => {
      const id = await open({ variant: 'evochess', players: HUMANS });
      await page.click('#settings-button');
      const dialog = page.locator('#settings-dialog[open]');
      await dialog.waitFor({ timeout: 30000 });
      await dialog.locator('select[name=board]').selectOption('green');
      await dialog.locator('select[name=pieces]').selectOption('letters');
      await dialog.locator('select[name=sound]').selectOption('quiet');
      const look = () =>
        page.evaluate(() => {
          const board = getComputedStyle(document.querySelector('#board cg-board')).backgroundImage;
          const king = [...document.querySelectorAll('#board piece')].find(
            (p) => p.classList.contains('k-piece') && p.classList.contains('white'),
          );
          return { board, kingLetter: getComputedStyle(king, '::before').content, kingImage: getComputedStyle(king).backgroundImage };
        });
      let seen = await look();
      assert.match(seen.board, /green/, 'the green squares');
      assert.equal(seen.kingLetter, '"K"', 'the king drawn as a letter');
      assert.equal(seen.kingImage, 'none', 'no figure behind the letter');
      await shot(page, `settings-dialog-${label}`);
      await page.click('#settings-done-button');
      const soundsBefore = await page.evaluate(() => Number(document.documentElement.dataset.soundCount ?? 0));
      await board.click('e2', 'e4');
      await waitForMoves(page, 1);
      await page.waitForFunction((n) => Number(document.documentElement.dataset.soundCount) === n + 1, soundsBefore);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.lastSoundVolume), '0.25', 'played quietly');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.lastSoundPlayed), 'true');
      await shot(page, `settings-green-letters-${label}`);
      // The header's switch mutes, and turns the sounds back on at the quiet level.
      await page.click('#sound-button');
      assert.equal(await page.getAttribute('#sound-button', 'aria-pressed'), 'true');
      await page.click('#sound-button');
      await board.click('e7', 'e5');
      await waitForMoves(page, 2);
      await page.waitForFunction((n) => Number(document.documentElement.dataset.soundCount) === n + 2, soundsBefore);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.lastSoundVolume), '0.25', 'back at the quiet level');

      await page.click('#settings-button');
      await page.locator('#settings-dialog input[name=zen]').check();
      await page.click('#settings-done-button');
      assert.equal(await page.locator('.top-bar').isVisible(), false, 'zen: no header');
      assert.equal(await page.locator('#move-list').isVisible(), false, 'zen: no move list');
      assert.equal(await page.locator('#saved-games').isVisible(), false, 'zen: no saved games');
      assert.ok(await page.locator('#board cg-board').isVisible(), 'zen: the board');
      assert.ok(await page.locator('#zen-exit-button').isVisible(), 'zen: a way back');
      await shot(page, `settings-zen-${label}`);
      await board.click('d2', 'd4');
      await waitForMoves(page, 3);

      await page.reload();
      await page.locator('#board piece').first().waitFor();
      assert.ok(await page.evaluate(() => document.body.classList.contains('zen')), 'zen is kept');
      seen = await look();
      assert.match(seen.board, /green/, 'the colours are kept');
      assert.equal(seen.kingLetter, '"K"', 'the pieces are kept');
      await page.click('#zen-exit-button');
      assert.ok(await page.locator('.top-bar').isVisible(), 'out of zen: the header is back');
      await page.click('#settings-button');
      assert.equal(await page.locator('#settings-dialog select[name=sound]').inputValue(), 'quiet');
      assert.equal(await page.locator('#settings-dialog input[name=zen]').isChecked(), false);
      await page.locator('#settings-dialog select[name=board]').selectOption('blue');
      await page.locator('#settings-dialog select[name=pieces]').selectOption('cburnett');
      assert.match((await look()).board, /blue/);
      assert.match((await look()).kingImage, /wK/, 'the figures are back');
      await page.click('#settings-done-button');
      assert.equal((await gameOf(page, id)).history.length, 3);
    });

    await check(
      `item 10 (${label}): the analysis board's moves make a variation tree, with comments, exported as PGN with variations`,
      async () => {
        await page.goto(`${harness.server.address}#analysis=chess&moves=e2e4,e7e5,g1f3,b8c6&ply=4`);
        await page.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 4);
        await page.uncheck('#analysis-engine-toggle');
        const moves = (selector) => page.locator(`#move-list ${selector}`).allTextContents();
        // Back to 1... e5, then 2. d4 instead of 2. Nf3: a variation, the main line kept.
        await page.click('#move-list button.move[data-uci="e7e5"]');
        await page.waitForFunction(() => /ply=2$/.test(location.hash));
        await board.click('d2', 'd4');
        await page.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 5);
        assert.deepEqual(await moves('.variation-tree > button.move'), ['e4', 'e5', 'Nf3', 'Nc6'], 'the main line is kept');
        assert.deepEqual(await moves('.variation button.move'), ['d4']);
        assert.match(new URL(page.url()).hash, /moves=e2e4%2Ce7e5%2Cd2d4&ply=3/);
        await board.click('e5', 'd4');
        await page.waitForFunction(() => document.querySelectorAll('#move-list .variation button.move').length === 2);
        assert.deepEqual(await moves('.variation button.move'), ['d4', 'exd4']);
        // A click on any move goes there: the main line's, then the variation's.
        await page.click('#move-list .variation-tree > button.move[data-uci="b8c6"]');
        await page.waitForFunction(() => /moves=e2e4%2Ce7e5%2Cg1f3%2Cb8c6&ply=4$/.test(location.hash));
        assert.equal(await page.locator('#move-list button.move.selected').textContent(), 'Nc6');
        await page.click('#move-list .variation button.move[data-uci="d2d4"]');
        await page.waitForFunction(() => /moves=e2e4%2Ce7e5%2Cd2d4%2Ce5d4&ply=3$/.test(location.hash));
        await page.locator('#analysis-comment').fill('the centre game');
        await page.locator('#move-list .move-comment').waitFor();
        // A second variation at the same ply, from the main line's position.
        await page.click('#move-list button.move[data-uci="e7e5"]');
        await board.click('f1', 'c4');
        await page.waitForFunction(() => document.querySelectorAll('#move-list .variation').length === 2);
        await shot(page, `analysis-tree-${label}`);
        const pgn = await page.locator('#analysis-pgn').inputValue();
        const movetext = '1. e4 e5 2. Nf3 (2. d4 {the centre game} 2... exd4) (2. Bc4) 2... Nc6 *';
        assert.ok(pgn.includes(movetext), `the PGN has the variations:\n${pgn}`);
        // The core's PGN reader takes it back: the main line, variations and comments skipped.
        const imported = await apiCall(page, 'POST', '/api/games', { pgn, players: HUMANS });
        assert.equal(imported.status, 201, JSON.stringify(imported.body));
        assert.deepEqual(
          imported.body.history.map((m) => m.san),
          ['e4', 'e5', 'Nf3', 'Nc6'],
        );
        // A reload (issue 49) finds the tree and its comment again, kept in the browser.
        await page.reload();
        await page.waitForFunction(() => document.querySelectorAll('#move-list .variation').length === 2, null, { timeout: 30000 });
        assert.match(await page.locator('#move-list .move-comment').textContent(), /the centre game/);
        assert.ok((await page.locator('#analysis-pgn').inputValue()).includes(movetext), 'the same PGN after a reload');
        await page.click('#move-list .variation button.move[data-uci="d2d4"]');
        await page.waitForFunction(() => document.getElementById('analysis-comment').value === 'the centre game');
        await page.check('#analysis-engine-toggle');
      },
    );
    await page.context().close();
  }

  await check('item 11: a correspondence move waits for "Confirm"; "Cancel" plays nothing', async () => {
    const alice = await newPage(390, 844);
    const bob = await newPage(1366, 900);
    await alice.goto(harness.server.address);
    await alice.waitForFunction(() => document.querySelectorAll('#new-game-dialog select[name=variant] option').length > 0);
    const dialog = alice.locator('#new-game-dialog');
    if (!(await dialog.evaluate((d) => d.open))) await alice.click('#new-game-button');
    await dialog.locator('select[name=variant]').selectOption('chess');
    await dialog.locator('select[name=side]').selectOption('online');
    await dialog.locator('select[name=clock]').selectOption('d3');
    await dialog.locator('select[name=colour]').selectOption('w');
    await alice.click('#start-game-button');
    await alice.locator('#waiting-screen').waitFor({ state: 'visible' });
    const invite = await alice.locator('#invite-link').inputValue();
    const id = Number(/#game=(\d+)/.exec(invite)[1]);
    await bob.goto(invite);
    await bob.locator('#board piece').first().waitFor();
    await alice.locator('#waiting-screen').waitFor({ state: 'hidden', timeout: 30000 });
    const board = new BoardDriver(alice);
    await board.click('e2', 'e4');
    await alice.locator('#move-confirm:not([hidden])').waitFor({ timeout: 30000 });
    assert.match(await alice.locator('#move-confirm').textContent(), /Play e4\?/);
    await shot(alice, 'confirm-correspondence-phone');
    assert.equal((await gameOf(alice, id)).history.length, 0, 'nothing is sent before "Confirm"');
    await alice.click('#move-cancel-button');
    await board.expectPiece('e2', /white.*p-piece/);
    assert.equal((await gameOf(alice, id)).history.length, 0, '"Cancel" plays nothing');
    await board.click('d2', 'd4');
    await alice.locator('#move-confirm:not([hidden])').waitFor({ timeout: 30000 });
    await alice.click('#move-confirm-button');
    await waitForMoves(alice, 1);
    assert.equal((await gameOf(alice, id)).history[0].uci, 'd2d4');
    await waitForMoves(bob, 1);
    await alice.context().close();
    await bob.context().close();
  });
} finally {
  await harness.finish();
}
