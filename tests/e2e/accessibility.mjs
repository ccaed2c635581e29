// Automated accessibility check (issue 11, "Phone and accessibility"): axe-core, from npm,
// run in Chromium on the game page, the new-game dialog, the settings, the promotion picker, the analysis
// board, a game's review and a rules page, at desktop and phone width. No serious or critical
// finding may remain.
//
//   node tests/e2e/accessibility.mjs [--binary build/evochess]
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoardDriver } from './board_driver.mjs';
import { waitForMoves } from './browser_harness.mjs';
import { startServer } from './evochess_server.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binaryFlag = process.argv.indexOf('--binary');
const binary = path.resolve(binaryFlag > 0 ? process.argv[binaryFlag + 1] : path.join(repo, 'build/evochess'));
const webDir = process.env.EVOCHESS_WEB_DIR ?? path.join(repo, 'web/dist');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const webRequire = createRequire(path.join(repo, 'web/package.json'));
const axePath = webRequire.resolve('axe-core/axe.min.js');
for (const file of [binary, path.join(webDir, 'index.html'), chromiumPath, axePath]) {
  if (!existsSync(file)) {
    console.error(`e2e: ${file} is missing`);
    process.exit(1);
  }
}
const { chromium } = webRequire('playwright-core');
const axeSource = readFileSync(axePath, 'utf8');

const server = await startServer({ binary, dataDir: mkdtempSync(path.join(tmpdir(), 'evochess-a11y-data-')), webDir });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

let failed = 0;
// Runs axe on the page as it is; reports every finding, fails on serious and critical ones.
async function audit(page, name) {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy admits no
  // script tag that is not the app's own.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const blocking = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of result)
    console.log(`  ${blocking.includes(v) ? 'BLOCKING' : 'note'} ${v.impact} ${v.id}: ${v.help} (${v.nodes.join(', ')})`);
  if (blocking.length) {
    failed += 1;
    console.log(`FAIL - ${name}: ${blocking.length} serious or critical finding(s)`);
  } else console.log(`ok - ${name}`);
}

try {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => localStorage.getItem('evochess.visited') || localStorage.setItem('evochess.visited', '1'));
    const page = await context.newPage();
    const label = `${viewport.width}px`;
    await page.goto(server.address);
    await page.locator('#new-game-dialog[open], #board piece').first().waitFor();
    if (!(await page.locator('#new-game-dialog').evaluate((d) => d.open))) await page.click('#new-game-button');
    await page.locator('#new-game-dialog[open]').waitFor();
    await page.locator('#new-game-dialog select[name=variant]').selectOption('evochess');
    await page.locator('#new-game-dialog select[name=side]').selectOption('both');
    await audit(page, `the new-game dialog (${label})`);
    await page.click('#start-game-button');
    await page.waitForFunction(() => /^#game=\d+$/.test(location.hash));
    await page.locator('#board piece').first().waitFor();
    const board = new BoardDriver(page);
    // Each move is answered before the next is made (a click while one is in flight is not
    // taken: the board is busy until the server answers).
    for (const [ply, [from, to]] of [
      ['a2', 'a3'],
      ['a7', 'a6'],
      ['a3', 'a4'],
      ['a6', 'a5'],
    ].entries()) {
      await board.click(from, to);
      await waitForMoves(page, ply + 1, { timeout: 30000, context: `${from}-${to} at ${label}` });
    }
    await audit(page, `the game page (${label})`);
    await page.click('#settings-button');
    await page.locator('#settings-dialog[open]').waitFor();
    await audit(page, `the settings dialog (${label})`);
    await page.click('#settings-done-button');
    await board.click('b2', 'b4');
    await page.locator('#promotion-dialog[open]').waitFor();
    await audit(page, `the promotion picker (${label})`);
    await page.keyboard.press('Escape');
    // The analysis board with the engine's three lines, then the review of the game, resigned.
    const gameAddress = new URL(page.url()).hash;
    await page.click('#analyse-button');
    await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, { timeout: 30000 });
    await audit(page, `the analysis board (${label})`);
    await page.evaluate(async (hash) => {
      const id = /game=(\d+)/.exec(hash)[1];
      await fetch(`/api/games/${id}/resign`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"side":"w"}' });
    }, gameAddress);
    await page.click('#analysis-back-button');
    await page.locator('#review-button').click();
    await page.waitForFunction(() => document.querySelectorAll('#review-summary .review-summary-line').length === 2, null, {
      timeout: 30000,
    });
    await audit(page, `the review of a game (${label})`);
    await page.goto(`${server.address}#rules=evochess`);
    await page.waitForFunction(() => document.querySelectorAll('#rules-view .example-message[data-state="todo"]').length === 3);
    await audit(page, `the EvoChess rules page (${label})`);
    await page.goto(`${server.address}#rules=promoteking`);
    await page.waitForFunction(() => document.querySelectorAll('#rules-view .example-message[data-state="todo"]').length === 8);
    await audit(page, `the Promote King Chess rules page (${label})`);
    await context.close();
  }
  const first = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await first.newPage();
  await page.goto(server.address);
  await page.locator('#first-visit[open]').waitFor();
  await audit(page, 'the first-visit screen');
  await first.close();
} finally {
  await browser.close();
  await server.stop();
}
if (failed) {
  console.log(`${failed} failed`);
  process.exit(1);
}
console.log('all passed');
