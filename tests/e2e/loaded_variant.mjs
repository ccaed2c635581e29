// End-to-end test of a variant read from a file (issue 12): `evochess serve --variants
// variants/lab.ini` lists the loaded variants in the New-game dialog with their description,
// and one of them (EvoChess with N = 2, K = 1) is played through the UI by its own rules:
// after two pawn moves the third may become a knight (RULES 2.2 with N = 2), and the counter
// chips count to the variant's N and K.
//
//   node tests/e2e/loaded_variant.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './evochess_server.mjs';
import { waitForMoves } from './browser_harness.mjs';
import { BoardDriver } from './board_driver.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binaryFlag = process.argv.indexOf('--binary');
const binary = path.resolve(binaryFlag > 0 ? process.argv[binaryFlag + 1] : path.join(repo, 'build/evochess'));
const { chromium } = createRequire(path.join(repo, 'web/package.json'))('playwright-core');

const dataDir = mkdtempSync(path.join(tmpdir(), 'evochess-loaded-variant-'));
const server = await startServer({
  binary,
  dataDir,
  webDir: path.join(repo, 'web/dist'),
  extraArgs: ['--variants', path.join(repo, 'variants/lab.ini')],
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
let failed = 0;
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(() => localStorage.getItem('evochess.visited') || localStorage.setItem('evochess.visited', '1'));
  const page = await context.newPage();
  await page.goto(server.address);
  const dialog = page.locator('#new-game-dialog');
  await dialog.waitFor({ state: 'visible' });
  const names = await dialog.locator('select[name=variant] option').allTextContents();
  assert.ok(names.includes('EvoChess N2 K1'), `the loaded variants are offered: ${names.join(', ')}`);
  await dialog.locator('select[name=variant]').selectOption('evo-n2k1');
  await dialog.locator('select[name=side]').selectOption('both');
  assert.match(await page.locator('.variant-description').textContent(), /a minor right every 2 pawn moves/);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const input = page.getByLabel('Type a move');
  for (const [ply, san] of ['e4', 'e5', 'd4', 'd5', 'c4=N'].entries()) {
    await input.fill(san);
    await input.press('Enter');
    await waitForMoves(page, ply + 1, { timeout: 30000, context: `${san} typed` });
  }
  assert.deepEqual(await page.locator('#move-list button.move').allTextContents(), ['e4', 'e5', 'd4', 'd5', 'c4=N']);
  assert.match(await page.locator('#strip-bottom').textContent(), /pawn moves\s*1\/2/);
  assert.match(await page.locator('#strip-bottom').textContent(), /piece captures\s*0\/1/);
  const pgn = await page.evaluate(async () => {
    const [game] = await (await fetch('/api/games')).json();
    return (await fetch(`/api/games/${game.id}/pgn`)).text();
  });
  assert.match(pgn, /\[Variant "evo-n2k1"\]/);
  console.log('ok - a variant loaded from a file is listed, described and played in the browser by its own N and K');

  // Texts follow the variant's rights, not its name: an EChess-like variant's Rules lead to
  // its own page told as EChess's (issue 23, item 6), an EvoChess-like one's promotion picker
  // says what declining keeps.
  const make = (variant, moves) =>
    page.evaluate(
      async ([v, ms]) => {
        const post = (url, body) =>
          fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
        const game = await post('/api/games', { variant: v, players: { w: 'human', b: 'human' } });
        for (const uci of ms) await post(`/api/games/${game.id}/moves`, { uci });
        return game.id;
      },
      [variant, moves],
    );
  const open = async (id) => {
    await page.goto(`${server.address}#game=${id}`);
    await page.waitForFunction((n) => document.getElementById('game-title')?.textContent?.startsWith(`#${n} `), id);
  };
  await open(await make('echess-n2k1', []));
  await page.click('#rules-button');
  await page.waitForFunction(() => location.hash === '#rules=echess-n2k1', null, { timeout: 30000 });
  await page.locator('#rules-view .rules-title').waitFor();
  assert.match(await page.locator('#rules-view').textContent(), /Use it or lose it/);
  await open(await make('evo-n2k1', ['a2a3', 'a7a6', 'a3a4', 'a6a5']));
  const board = new BoardDriver(page);
  await board.click('b2', 'b4');
  await page.locator('#promotion-dialog[open]').waitFor({ timeout: 30000 });
  assert.match(await page.locator('#promotion-dialog .decline-note').textContent(), /keep/i);
  console.log("ok - a loaded variant's rules page and promotion note follow its rights");
} catch (error) {
  failed = 1;
  console.log(`FAIL - a variant loaded from a file in the browser\n${error.stack ?? error}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${1 - failed} passed, ${failed} failed`);
process.exit(failed);
