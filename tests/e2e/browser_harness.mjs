// What the browser tests of the game page share: their inputs (the binary, the built UI,
// Debian's Chromium), checks that run on and are reported together at the end, one server
// and one Chromium, pages that skip the first-visit screen, and API calls made from a page.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './evochess_server.mjs';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Chromium's switches, for the harness and the tests that launch it themselves: headless, and
// quiet (no updates, sync or background traffic of its own beside the page's).
export const QUIET_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Starts `evochess serve` (--binary, else build/evochess; `serverArgs` added) on the built UI
// and Chromium.
export async function openHarness({ name, chromiumArgs = [], serverArgs = [] }) {
  const binaryFlag = process.argv.indexOf('--binary');
  const binary = path.resolve(binaryFlag > 0 ? process.argv[binaryFlag + 1] : path.join(repo, 'build/evochess'));
  const webDir = process.env.EVOCHESS_WEB_DIR ?? path.join(repo, 'web/dist');
  const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
  for (const file of [binary, path.join(webDir, 'index.html'), chromiumPath]) {
    if (!existsSync(file)) {
      console.error(`e2e: ${file} is missing`);
      process.exit(1);
    }
  }
  const { chromium } = createRequire(path.join(repo, 'web/package.json'))('playwright-core');
  const server = await startServer({
    binary,
    dataDir: mkdtempSync(path.join(tmpdir(), `evochess-${name}-data-`)),
    webDir,
    extraArgs: serverArgs,
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...QUIET_CHROMIUM_ARGS, ...chromiumArgs],
  });
  const failures = [];
  const policyViolations = [];
  return {
    server,
    browser,
    // Runs one check; a failure is told at once and counted, and the next check runs.
    async check(checkName, body) {
      const started = Date.now();
      const took = () => `(${((Date.now() - started) / 1000).toFixed(1)} s)`;
      try {
        await body();
        console.log(`ok - ${checkName} ${took()}`);
      } catch (error) {
        failures.push(checkName);
        console.log(`FAIL - ${checkName} ${took()}\n${error.stack ?? error}`);
      }
    },
    // A page in a context of its own; no first-visit screen unless asked for.
    async newPage(width = 1366, height = 900, { firstVisit = false, clipboard = false, downloads = false } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: downloads });
      if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.address.replace(/\/$/, '') });
      if (!firstVisit) {
        await context.addInitScript(() => {
          if (!localStorage.getItem('evochess.visited')) localStorage.setItem('evochess.visited', '1');
        });
      }
      await watchPolicy(context, policyViolations);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      return page;
    },
    // A new page on the lobby, once it knows who the player is.
    async openLobby(width, height) {
      const page = await this.newPage(width, height);
      await page.goto(`${server.address}#lobby`);
      await page.locator('#lobby-view').waitFor({ state: 'visible' });
      await page.waitForFunction(() => document.getElementById('player-name')?.textContent !== '');
      return page;
    },
    async openGame(page, id) {
      await page.goto(`${server.address}#game=${id}`);
      try {
        await page.waitForFunction((n) => document.getElementById('game-title')?.textContent?.startsWith(`#${n} `), id);
      } catch (error) {
        // What the page shows instead, so that a failure says more than "timed out".
        const shown = await page.evaluate(() => `${location.hash} "${document.getElementById('game-title')?.textContent ?? ''}"`);
        throw new Error(`game #${id} was not shown (the page is at ${shown}): ${error.message}`);
      }
      await page.locator('#board piece').first().waitFor();
    },
    // Closes Chromium and the server, reports the failures, and exits 1 if there were any.
    async finish() {
      await browser.close();
      await server.stop();
      if (policyViolations.length) {
        failures.push('the pages kept to the Content-Security-Policy');
        console.log(`FAIL - the pages kept to the Content-Security-Policy:\n  ${policyViolations.join('\n  ')}`);
      }
      if (failures.length) {
        console.log(`${failures.length} failed: ${failures.join('; ')}`);
        process.exit(1);
      }
      console.log('all passed');
    },
  };
}

// The server's Content-Security-Policy (issue 17) is in force on every page: each breach (an
// inline script or style, a foreign address) is collected in `violations`, and fails the run.
export async function watchPolicy(context, violations) {
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content-Security-Policy violation: ${event.violatedDirective} (${event.blockedURI || 'inline'}) at ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
}

// Waits for what must appear are 30 s throughout: a wait ends as soon as the page shows it,
// so the bound costs nothing when the check passes, and CI's two cores are shared with
// servers, engines and other tests. Only waits for what must NOT happen stay short.

// Waits until the move list holds `count` moves. If it does not within `timeout` ms, fails
// with what the page shows instead (the moves, the error box, the typed move's message, the
// status line, the scroll position) and `context`, so that a failure says why.
export async function waitForMoves(page, count, { timeout = 30000, context = '' } = {}) {
  await page
    .waitForFunction((n) => document.querySelectorAll('#move-list button.move').length === n, count, { timeout })
    .catch(async (error) => {
      const shown = await page.evaluate(() => {
        const text = (selector) => document.querySelector(selector)?.textContent?.trim().replace(/\s+/g, ' ') ?? '-';
        const moves = [...document.querySelectorAll('#move-list button.move')].map((b) => b.textContent).join(' ');
        return `moves [${moves}], error "${text('#error-message')}", typed move "${text('.move-input-message')}", status "${text('#status')}", scrollY ${window.scrollY}`;
      });
      throw new Error(`${count} moves expected${context ? ` (${context})` : ''}; the page shows ${shown}\n${error.message}`);
    });
}

// Waits until the app has started on a freshly loaded page: it opened the newest game (the
// title names it) or, with none saved, the new-game dialog. Before that a click on "New game"
// can be lost (its handler is not attached yet) and a dialog closed can open again.
export async function waitForAppStart(page) {
  await page.waitForFunction(
    () => document.getElementById('new-game-dialog').open || /^#\d/.test(document.getElementById('game-title')?.textContent ?? ''),
    null,
    { timeout: 30000 },
  );
}

// A JSON request made by the page itself (same origin, the page's own cookies and storage).
// The password the browser tests' accounts are made with.
export const TEST_PASSWORD = 'correct horse battery';

// Makes an account from the header's account dialog of a page that shows the app, and waits
// until the header names it and the dialog has closed.
export async function createAccountInDialog(page, name, password = TEST_PASSWORD) {
  await page.click('#account-button');
  const dialog = page.locator('#account-dialog[open]');
  await dialog.waitFor();
  await dialog.locator('input[name=name]').fill(name);
  await dialog.locator('input[name=password]').fill(password);
  await dialog.locator('#create-account-submit').click();
  await page.waitForFunction((n) => document.getElementById('player-name')?.textContent === n, name);
  await dialog.waitFor({ state: 'detached' }).catch(() => {});
}

export const apiCall = (page, method, url, body) =>
  page.evaluate(
    async ([m, u, b]) => {
      const response = await fetch(u, {
        method: m,
        headers: b ? { 'Content-Type': 'application/json' } : {},
        body: b ? JSON.stringify(b) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    [method, url, body],
  );

// A local game made through the API, with these UCI moves played; answers its id.
export async function createGame(page, request, moves = []) {
  const created = await apiCall(page, 'POST', '/api/games', request);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  for (const uci of moves) {
    const played = await apiCall(page, 'POST', `/api/games/${created.body.id}/moves`, { uci });
    assert.equal(played.status, 200, `${uci}: ${JSON.stringify(played.body)}`);
  }
  return created.body.id;
}
