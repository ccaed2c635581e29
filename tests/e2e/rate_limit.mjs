// The app under the server's rate limit (docs/api.md: 429 with Retry-After): a burst of the
// page's own requests slows down and gets through, never a move lost to "too many requests".
// The server here allows 2 requests a second (bursts of 8); each move the page plays sends
// three requests (the move, the PGN, the saved games), so ten quick moves go over the limit.
//
//   node tests/e2e/rate_limit.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { openHarness, waitForMoves } from './browser_harness.mjs';

const harness = await openHarness({ name: 'rate-limit', serverArgs: ['--rate-limit', '2'] });
try {
  await harness.check('ten quick typed moves all land although the server turns some requests away', async () => {
    const page = await harness.newPage(1366, 900);
    await page.goto(harness.server.address);
    const dialog = page.locator('#new-game-dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('select[name=variant]').selectOption('chess');
    await dialog.locator('select[name=side]').selectOption('both');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const input = page.getByLabel('Type a move');
    const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'c3', 'Nf6', 'd4', 'exd4'];
    const turnedAway = [];
    page.on('response', (response) => response.status() === 429 && turnedAway.push(response.url()));
    // Empty the page's allowance first: on a busy machine the typed moves alone may come too
    // slowly to meet the limit, and then the check below would prove nothing.
    await page.evaluate(() => Promise.all(Array.from({ length: 30 }, () => fetch('/api/info'))));
    assert.ok(turnedAway.length > 0, 'the burst of 30 requests met no limit');
    turnedAway.length = 0;
    for (const [ply, san] of moves.entries()) {
      await input.fill(san);
      await input.press('Enter');
      await waitForMoves(page, ply + 1, { timeout: 30000, context: `${san} typed; turned away: ${turnedAway.join(', ')}` });
    }
    assert.deepEqual(await page.locator('#move-list button.move').allTextContents(), moves);
    assert.equal(await page.locator('#error-message').isVisible(), false, await page.locator('#error-message').textContent());
    // The check means something only if the limit was met.
    assert.ok(turnedAway.length > 0, 'no request was turned away: the burst did not reach the limit');
  });
} finally {
  await harness.finish();
}
