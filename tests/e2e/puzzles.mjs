// Browser test of the puzzle trainer (issue 22): `evochess serve --puzzles DIR` over a small
// puzzle file written here (legal lines, not the shipped set). On a desktop and a phone size:
// the opponent's setting move is played, a wrong move is shown and taken back with "Try
// again", the right line is found (the opponent's reply played for the player) and the rating
// moves; a hint highlights the unit to move; a move typed in the field; the theme filter
// gives a puzzle of that theme; the daily puzzle is today's; "Analyse" opens the analysis
// board at the puzzle. Screenshots go into a temporary folder (printed); the phone's page
// must not overflow sideways.
//
//   node tests/e2e/puzzles.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHarness } from './browser_harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const puzzlesDir = mkdtempSync(path.join(tmpdir(), 'evochess-puzzles-'));
const puzzles = [
  // The fool's mate: after 1. f3 the solver (Black) plays e5, White g4, Black Qh4#.
  { id: 'fool', variant: 'chess', fen: START, moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'], rating: 1000, themes: ['mate', 'mateIn2', 'short'] },
  // The scholar's mate: Black's Nf6 lets White mate on f7.
  {
    id: 'scholar',
    variant: 'chess',
    fen: 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3',
    moves: ['g8f6', 'h5f7'],
    rating: 1100,
    themes: ['mate', 'mateIn1', 'oneMove'],
  },
];
writeFileSync(path.join(puzzlesDir, 'chess.jsonl'), puzzles.map((p) => JSON.stringify(p)).join('\n') + '\n{"id": "broken"}\n');

const harness = await openHarness({ name: 'puzzles', serverArgs: ['--puzzles', puzzlesDir] });
const { server, check } = harness;
const shotsDir = mkdtempSync(path.join(tmpdir(), 'evochess-puzzles-screenshots-'));
console.log(`screenshots in ${shotsDir}`);
const shot = (page, name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function squareCenter(page, square) {
  const board = page.locator('.puzzle-board cg-board');
  await board.scrollIntoViewIfNeeded();
  const box = await board.boundingBox();
  const white = await page
    .locator('.puzzle-board.cg-wrap, .puzzle-board .cg-wrap')
    .first()
    .evaluate((e) => e.classList.contains('orientation-white'));
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const column = white ? file : 7 - file;
  const row = white ? 7 - rank : rank;
  return { x: box.x + ((column + 0.5) * box.width) / 8, y: box.y + ((row + 0.5) * box.height) / 8 };
}

async function clickMove(page, from, to) {
  for (const square of [from, to]) {
    const { x, y } = await squareCenter(page, square);
    await page.mouse.click(x, y);
  }
}

const statusOf = (page) => page.locator('.puzzle-status');
const waitForState = (page, state, timeout = 10000) =>
  page.waitForFunction((s) => document.querySelector('.puzzle-status')?.dataset.state === s, state, { timeout });
const ratingOf = (page) => page.locator('.puzzle-rating').evaluate((e) => Number(e.dataset.rating));

async function noHorizontalOverflow(page, what) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll} px wide at ${width} px`);
}

for (const [size, width, height] of [
  ['desktop', 1366, 900],
  ['phone', 390, 844],
]) {
  const page = await harness.newPage(width, height);

  await check(`${size}: a wrong move is taken back, then the line is solved and the rating moves`, async () => {
    await page.goto(`${server.address}#puzzles=chess&id=fool`);
    await page.locator('#puzzles-view').waitFor({ state: 'visible' });
    await waitForState(page, 'solving');
    // The board is turned to the solver, and the setting move (f3) has been played.
    assert.equal(
      await page
        .locator('.puzzle-board .cg-wrap, .puzzle-board.cg-wrap')
        .first()
        .evaluate((e) => e.classList.contains('orientation-black')),
      true,
    );
    assert.match(await statusOf(page).textContent(), /Black to move/);
    assert.match(await page.locator('.puzzle-rating').textContent(), /1500\?.*kept in this browser/);
    await shot(page, `${size}-1-start`);

    await clickMove(page, 'a7', 'a6');
    await waitForState(page, 'wrong');
    assert.match(await statusOf(page).textContent(), /a6 is not the move/);
    await page.waitForFunction(() => Number(document.querySelector('.puzzle-rating')?.dataset.rating) < 1500);
    const afterFailure = await ratingOf(page);
    await shot(page, `${size}-2-wrong`);
    await page.click('.puzzle-retry');
    await waitForState(page, 'solving');

    await clickMove(page, 'e7', 'e5');
    // The opponent's reply (g4) comes by itself; then the mate.
    await page.waitForFunction(() => /Keep going/.test(document.querySelector('.puzzle-status')?.textContent ?? ''));
    await clickMove(page, 'd8', 'h4');
    await waitForState(page, 'solved');
    assert.match(await statusOf(page).textContent(), /Solved, after a wrong try/);
    // Only the first result counts: the rating is the one after the failure.
    assert.equal(await ratingOf(page), afterFailure);
    await shot(page, `${size}-3-solved`);
    if (size === 'phone') await noHorizontalOverflow(page, 'the trainer on a phone');
  });

  await check(`${size}: a hint highlights the unit to move; a typed move solves; the rating rises`, async () => {
    await page.evaluate(() => (location.hash = '#puzzles=chess&id=scholar'));
    await waitForState(page, 'solving');
    assert.equal(
      await page
        .locator('.puzzle-board .cg-wrap, .puzzle-board.cg-wrap')
        .first()
        .evaluate((e) => e.classList.contains('orientation-white')),
      true,
    );
    const before = await ratingOf(page);
    await page.click('.puzzle-hint');
    await page.locator('.puzzle-board svg circle, .puzzle-board .cg-shapes circle').first().waitFor();
    await shot(page, `${size}-4-hint`);
    // A move that is not legal is refused under the field, and the puzzle goes on.
    await page.fill('#puzzle-move-field', 'Qxa8');
    await page.press('#puzzle-move-field', 'Enter');
    await page.locator('.puzzle-move-message', { hasText: '"Qxa8" is not a legal move here.' }).waitFor();
    assert.equal(await statusOf(page).evaluate((e) => e.dataset.state), 'solving');
    await shot(page, `${size}-4-refused`);
    await page.fill('#puzzle-move-field', 'Qxf7#');
    await page.press('#puzzle-move-field', 'Enter');
    await waitForState(page, 'solved');
    assert.equal(await statusOf(page).textContent(), 'Solved!');
    await page.waitForFunction((b) => Number(document.querySelector('.puzzle-rating')?.dataset.rating) > b, before);
    assert.match(await page.locator('.puzzle-rating').textContent(), /\+\d+/);
  });

  await check(`${size}: the theme filter gives a puzzle of that theme`, async () => {
    const themes = await page.locator('.puzzle-theme option').allTextContents();
    assert.ok(themes.includes('Mate in 1 (1)') && themes.includes('Mate in 2 (1)'), themes.join(', '));
    await page.selectOption('.puzzle-theme', 'mateIn2');
    await page.locator('.puzzle-info', { hasText: /Puzzle fool .*Mate in 2/ }).waitFor({ timeout: 10000 });
    await waitForState(page, 'solving');
    assert.match(await page.evaluate(() => location.hash), /theme=mateIn2/);
    await page.selectOption('.puzzle-theme', 'mateIn1');
    await page.locator('.puzzle-info', { hasText: /Puzzle scholar .*Mate in 1/ }).waitFor({ timeout: 10000 });
    await waitForState(page, 'solving');
  });

  await check(`${size}: the daily puzzle is today's, and "Analyse" opens the analysis board there`, async () => {
    await page.click('.puzzle-daily');
    // The page was already solving the previous puzzle: wait for the daily one itself.
    const today = new Date().toISOString().slice(0, 10);
    await page.locator('.puzzle-info', { hasText: `Daily puzzle of ${today}` }).waitFor({ timeout: 10000 });
    await waitForState(page, 'solving');
    await shot(page, `${size}-5-daily`);
    await page.click('.puzzle-analyse');
    await page.waitForFunction(() => location.hash.startsWith('#analysis=chess'));
    await page.locator('#puzzles-view').waitFor({ state: 'hidden' });
    await page.locator('#analysis-panel').waitFor({ state: 'visible' });
  });

  await page.context().close();
}

await check('the header links to the puzzles', async () => {
  const page = await harness.newPage(1366, 900);
  await page.goto(`${server.address}#lobby`);
  await page.locator('#lobby-view').waitFor({ state: 'visible' });
  await page.click('#puzzles-link');
  await page.locator('#puzzles-view').waitFor({ state: 'visible' });
  assert.match(await page.evaluate(() => location.hash), /^#puzzles=/);
  await page.context().close();
});

await check('a rules page links to the puzzles of its rule', async () => {
  const page = await harness.newPage(1366, 900);
  await page.goto(`${server.address}#rules=evochess`);
  const link = page.locator('.rules-puzzles-link', { hasText: 'Rook right' });
  await link.click();
  await page.locator('#puzzles-view').waitFor({ state: 'visible' });
  assert.match(await page.evaluate(() => location.hash), /^#puzzles=evochess&theme=rookRight/);
  // This server has no EvoChess puzzles: the page says so instead of a board to solve.
  await waitForState(page, 'error');
  assert.match(await statusOf(page).textContent(), /No puzzle here/);
  await page.context().close();
});

await harness.finish();
