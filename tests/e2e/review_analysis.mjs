// Browser tests for review and analysis (issue 11, part 3, and part 4's premove and board by
// keyboard): stepping through a recorded EvoChess game with the counters of every ply checked
// against the server's, links to a ply, the analysis board (three lines, arrows, the eval bar
// turning with the board, the game untouched), the review's graph (one point per move, marks),
// a premove, a move made by keyboard only, no horizontal overflow; screenshots.
//
//   node tests/e2e/review_analysis.mjs [--binary build/evochess]
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardDriver } from './board_driver.mjs';
import { apiCall, createGame, openHarness, waitForMoves } from './browser_harness.mjs';
import { docsScreenshot } from './docs_screenshots.mjs';

const harness = await openHarness({ name: 'review' });
const { server } = harness;
// EVOCHESS_E2E_ONLY=<words>: run only the checks whose names hold them (while working on one).
const only = process.env.EVOCHESS_E2E_ONLY;
const check = (name, body) => (only && !name.includes(only) ? Promise.resolve() : harness.check(name, body));
const HUMANS = { w: 'human', b: 'human' };

const gameOf = async (page, id) => (await apiCall(page, 'GET', `/api/games/${id}`)).body;
const waitForPlies = (page, n) => waitForMoves(page, n, { timeout: 30000 });

// A game played by a fixed rule from the server's legal moves: first pawn moves (they earn
// minor rights), then a capture if there is one, else an evolution (a pawn that becomes a
// knight or bishop), else a move picked by the ply: the counters all move within a few moves.
async function recordedEvoChessGame(page, plies) {
  const created = await apiCall(page, 'POST', '/api/games', { variant: 'evochess', players: HUMANS });
  assert.equal(created.status, 201);
  let state = created.body;
  for (let ply = 0; ply < plies && !state.result; ply++) {
    const legal = state.legal;
    const pawnMoves = legal.filter((m) => /^[a-h][1-8]$/.test(m.san));
    const move =
      (ply < 10 && pawnMoves.length ? pawnMoves[(ply * 3) % pawnMoves.length] : null) ??
      legal.find((m) => m.san.includes('x')) ??
      legal.find((m) => /=[NB]/.test(m.san)) ??
      legal[(ply * 7) % legal.length];
    const played = await apiCall(page, 'POST', `/api/games/${state.id}/moves`, { uci: move.uci });
    assert.equal(played.status, 200, JSON.stringify(played.body));
    state = played.body;
  }
  return state;
}

// The chips of one side's strip as {p, m, c, r} numbers (the counts before any "/N").
const stripCounters = (page, side) =>
  page.evaluate((s) => {
    const strip = document.querySelector(`.side-strip[data-side="${s}"]`);
    const values = [...strip.querySelectorAll('.chip')]
      .slice(0, 4)
      .map((chip) => Number(chip.querySelector('.chip-value').textContent.split('/')[0]));
    return { p: values[0], m: values[1], c: values[2], r: values[3] };
  }, side);
// Moves the board's keyboard focus to a square with the arrow keys (White below).
async function focusSquare(page, square) {
  for (let presses = 0; presses < 16; presses++) {
    const at = (await page.getAttribute('#board-keys', 'aria-activedescendant')).replace('square-', '');
    if (at === square) return;
    const key = at[0] < square[0] ? 'ArrowRight' : at[0] > square[0] ? 'ArrowLeft' : at[1] < square[1] ? 'ArrowUp' : 'ArrowDown';
    await page.keyboard.press(key);
  }
  throw new Error(`the keyboard focus did not reach ${square}`);
}
const selectedPly = (page) => page.evaluate(() => document.querySelector('#move-list button.move.selected')?.dataset.ply ?? null);
const noHorizontalOverflow = (page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

try {
  const page = await harness.newPage(1366, 900, { clipboard: true });
  const board = new BoardDriver(page);
  await page.goto(server.address);
  await page.locator('#new-game-dialog[open]').waitFor();
  await page.locator('#new-game-dialog button[value=cancel]').click();

  const game = await recordedEvoChessGame(page, 24);
  const moves = game.history.map((m) => m.uci);

  await check(
    'step-through: Home, then → over every ply of a recorded EvoChess game, shows the counters the server gives each position',
    async () => {
      await harness.openGame(page, game.id);
      const counterKinds = new Set();
      await page.keyboard.press('Home');
      for (let ply = 0; ply <= moves.length; ply++) {
        if (ply > 0) await page.keyboard.press('ArrowRight');
        const position = await apiCall(page, 'POST', '/api/position', { variant: 'evochess', moves: moves.slice(0, ply) });
        assert.equal(position.status, 200, JSON.stringify(position.body));
        await page.waitForFunction(
          (p) => (document.querySelector('#move-list button.move.selected')?.dataset.ply ?? 'none') === p,
          ply === 0 || ply === moves.length ? 'none' : String(ply - 1),
        );
        for (const side of ['w', 'b']) {
          assert.deepEqual(await stripCounters(page, side), position.body.counters[side], `ply ${ply}, ${side}`);
          for (const [kind, value] of Object.entries(position.body.counters[side])) if (value > 0) counterKinds.add(kind);
        }
        const status = await page.locator('#status').textContent();
        assert.match(
          status,
          new RegExp(`^${position.body.turn === 'w' ? 'White' : 'Black'} to move${position.body.check ? ' · check' : ''}`),
          `ply ${ply}`,
        );
        assert.equal(await page.locator('#fen-output').inputValue(), position.body.fen, `ply ${ply}: the board's FEN`);
        assert.equal(new URL(page.url()).hash, ply === moves.length ? `#game=${game.id}` : `#game=${game.id}&ply=${ply}`);
      }
      for (const kind of ['p', 'm', 'c']) assert.ok(counterKinds.has(kind), `the game reaches a non-zero ${kind} counter`);
    },
  );

  await check('step-through: the buttons, End and a click in the move list; disabled at the ends', async () => {
    await page.click('#ply-nav [data-step=first]');
    assert.ok(await page.locator('#ply-nav [data-step=previous]').isDisabled());
    await page.click('#ply-nav [data-step=next]');
    await page.click('#ply-nav [data-step=next]');
    assert.equal(await selectedPly(page), '1');
    await page.click('#ply-nav [data-step=previous]');
    assert.equal(await selectedPly(page), '0');
    await page.keyboard.press('End');
    assert.equal(await selectedPly(page), null);
    assert.ok(await page.locator('#ply-nav [data-step=next]').isDisabled());
    await page.click('#move-list button.move[data-ply="5"]');
    assert.equal(await selectedPly(page), '5');
    // The keys are the field's while typing a move.
    await page.focus('#move-input-field');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await selectedPly(page), '5');
  });

  await check('links: #game=ID&ply=N opens the game at that ply; "Copy link" copies it', async () => {
    await page.goto(`${server.address}#game=${game.id}&ply=7`);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#move-list button.move.selected')?.dataset.ply === '6');
    const position = await apiCall(page, 'POST', '/api/position', { variant: 'evochess', moves: moves.slice(0, 7) });
    assert.equal(await page.locator('#fen-output').inputValue(), position.body.fen);
    await page.click('#copy-link-button');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(new URL(copied).hash, `#game=${game.id}&ply=7`);
  });

  await check('keyboard: a whole move by keys only (focus the board, arrows, Enter), squares labelled', async () => {
    const id = await createGame(page, { variant: 'chess', players: HUMANS });
    await harness.openGame(page, id);
    await page.focus('#board-keys');
    assert.equal(await page.getAttribute('#square-e2', 'aria-label'), 'e2, white pawn');
    assert.equal(await page.getAttribute('#square-e4', 'aria-label'), 'e4, empty');
    assert.equal(await page.getAttribute('#board-keys', 'aria-activedescendant'), 'square-e2');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.getAttribute('#board-keys', 'aria-activedescendant'), 'square-e4');
    await page.keyboard.press('Enter');
    await waitForPlies(page, 1);
    assert.deepEqual(
      (await gameOf(page, id)).history.map((m) => m.uci),
      ['e2e4'],
    );
    await page.waitForFunction(() => document.getElementById('square-e4')?.getAttribute('aria-label') === 'e4, white pawn');
    // Black by keys too: Escape lets go of a selection; the focus is seen on the board.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp'); // e7
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown'); // e6: nothing selected, so nothing moves
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    assert.equal((await gameOf(page, id)).history.length, 1, 'Escape dropped the selection');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPlies(page, 2);
    assert.deepEqual(
      (await gameOf(page, id)).history.map((m) => m.uci),
      ['e2e4', 'e7e5'],
    );
    assert.ok(await page.locator('.board-key-focus').isVisible(), 'the focus square shows');

    // With the promotion picker: a pawn move that may evolve, the choice made with Tab and Enter.
    const evo = await createGame(page, { variant: 'evochess', players: HUMANS }, ['a2a3', 'a7a6', 'b2b3', 'b7b6', 'c2c3', 'c7c6']);
    await harness.openGame(page, evo);
    await page.focus('#board-keys');
    await focusSquare(page, 'd2');
    await page.keyboard.press('Enter');
    await focusSquare(page, 'd4');
    await page.keyboard.press('Enter');
    await page.locator('#promotion-dialog[open]').waitFor();
    for (let tab = 0; tab < 8; tab++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.dataset.uci)) === 'd2d4n') break;
    }
    await page.keyboard.press('Enter');
    await waitForPlies(page, 7);
    assert.equal((await gameOf(page, evo)).history[6].uci, 'd2d4n');
    await page.waitForFunction(() => document.getElementById('square-d4')?.getAttribute('aria-label') === 'd4, white knight');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'board-keys', 'the focus is back on the board');
  });

  await check('premove: made while the engine thinks, shown, played on the next turn', async () => {
    const id = await createGame(page, { variant: 'chess', players: { w: 'human', b: 'engine' }, engine: { movetime_ms: 1500 } });
    await harness.openGame(page, id);
    await board.click('e2', 'e4');
    await page.waitForFunction(() => /engine thinking/.test(document.getElementById('status').textContent));
    await board.click('g1', 'f3');
    await page.waitForFunction(() => /premove g1-f3/.test(document.getElementById('status').textContent));
    assert.ok((await page.locator('#board square.current-premove').count()) >= 1, 'the premove is highlighted');
    await waitForPlies(page, 3);
    const history = (await gameOf(page, id)).history.map((m) => m.uci);
    assert.equal(history[2], 'g1f3', `the premove was played: ${history.join(' ')}`);
    await waitForPlies(page, 4); // the engine answers it

    // A right click cancels a premove.
    await page.waitForFunction(() => !/engine thinking/.test(document.getElementById('status').textContent));
    await board.click('b1', 'c3');
    await page.waitForFunction(() => /engine thinking/.test(document.getElementById('status').textContent));
    await board.click('d2', 'd4');
    await page.waitForFunction(() => /premove d2-d4/.test(document.getElementById('status').textContent));
    const { x, y } = await board.squareCenter('h5');
    await page.mouse.click(x, y, { button: 'right' });
    await page.waitForFunction(() => !/premove/.test(document.getElementById('status').textContent));
    await waitForPlies(page, 6);
    await page.waitForTimeout(500);
    assert.equal((await gameOf(page, id)).history.length, 6, 'the cancelled premove was not played');
  });

  await check(
    'analysis board: opened from a viewed ply, three engine lines as text and arrows, eval bar turns with the board, the game untouched',
    async () => {
      await harness.openGame(page, game.id);
      await page.click('#move-list button.move[data-ply="9"]');
      await page.click('#analyse-button');
      await page.waitForFunction(() => location.hash.startsWith('#analysis=evochess'));
      const hash = new URL(page.url()).hash;
      assert.match(hash, /ply=10/);
      await page.locator('#analysis-panel:not([hidden])').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, { timeout: 30000 });
      const texts = await page.locator('#analysis-lines .analysis-line').allTextContents();
      for (const text of texts) assert.match(text, /^[-+]?(\d+\.\d\d|M\d+)\S*\s*\S/, text);
      // The arrows of the three lines' first moves, the best one the widest.
      await page.waitForFunction(() => document.querySelectorAll('#board svg.cg-shapes line').length >= 3);
      const widths = await page
        .locator('#board svg.cg-shapes line')
        .evaluateAll((lines) => lines.map((line) => Number(line.getAttribute('stroke-width'))));
      assert.equal(Math.max(...widths), widths[0], `the first arrow is the widest: ${widths}`);
      const position = await apiCall(page, 'POST', '/api/position', { variant: 'evochess', moves: moves.slice(0, 10) });
      assert.equal(await page.locator('#analysis-fen').inputValue(), position.body.fen);
      assert.equal(await page.locator('#eval-bar').evaluate((bar) => bar.classList.contains('flipped')), false);
      await page.click('#flip-button');
      assert.equal(
        await page.locator('#eval-bar').evaluate((bar) => bar.classList.contains('flipped')),
        true,
        'the bar turns with the board',
      );
      await page.click('#flip-button');
      // The engine switched off: no lines, no arrows; on again: three lines.
      await page.uncheck('#analysis-engine-toggle');
      assert.equal(await page.locator('#analysis-lines .analysis-line').count(), 0);
      await page.waitForFunction(() => document.querySelectorAll('#board svg.cg-shapes line').length === 0, null, { timeout: 30000 });
      assert.equal(await page.locator('#analysis-summary').textContent(), 'Engine off');
      await page.check('#analysis-engine-toggle');
      await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, { timeout: 30000 });
      // The engine "on the server" (issue 21: the browser's is the default where it is built):
      // the lines come from POST /api/analysis; then back to the default.
      // (Without the WebAssembly package the menu is fixed on the server.)
      const place = page.locator('#analysis-engine-place');
      if ((await place.inputValue()) === 'browser') {
        const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/analysis', { timeout: 30000 });
        await place.selectOption('server');
        await asked;
        await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, {
          timeout: 30000,
        });
        await place.selectOption('browser');
      }

      // A move tried: a variation after ply 10 (issue 23: the game's line stays); the game keeps its moves.
      const legal = position.body.legal.find((m) => m.uci !== moves[10] && /^[a-h][1-8][a-h][1-8]$/.test(m.uci));
      await board.click(legal.uci.slice(0, 2), legal.uci.slice(2, 4));
      await page.waitForFunction(() => document.querySelectorAll('#move-list .variation button.move').length === 1);
      assert.equal(await page.locator('#move-list .variation-tree > button.move').count(), moves.length, 'the line of the game is kept');
      assert.match(new URL(page.url()).hash, new RegExp(`moves=${[...moves.slice(0, 10), legal.uci].join('%2C')}&ply=11`));
      assert.deepEqual(
        (await gameOf(page, game.id)).history.map((m) => m.uci),
        moves,
        'the game on the server is unchanged',
      );
      assert.match(await page.locator('#analysis-pgn').inputValue(), new RegExp(`\\(\\d+\\.+ ${legal.san.replace(/[+=]/g, '\\$&')}\\)`));

      // The link opens the same position in a new page; "Back to the game" returns to the ply.
      const other = await harness.newPage(1366, 900);
      await other.goto(page.url());
      await other.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 11);
      assert.equal(await other.locator('#analysis-fen').inputValue(), await page.locator('#analysis-fen').inputValue());
      await other.context().close();

      // A click on the second move of the best line plays the line up to it.
      await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, { timeout: 30000 });
      // The search over: its lines no longer change between reading one and clicking it.
      await page.waitForFunction(() => !/thinking/.test(document.getElementById('analysis-summary').textContent), null, { timeout: 30000 });
      // A search cut short can end on a best line of one move (seen on CI's busy cores): then
      // that move is the one clicked.
      const bestMoves = page.locator('#analysis-lines .analysis-line[data-multipv="1"] .pv-move');
      const best = await bestMoves.allTextContents();
      const upTo = Math.min(best.length, 2);
      assert.ok(upTo >= 1, 'the best line has a move');
      await bestMoves.nth(upTo - 1).click();
      await page.waitForFunction((n) => document.querySelectorAll('#move-list .variation button.move').length === n, 1 + upTo);
      assert.deepEqual((await page.locator('#move-list .variation button.move').allTextContents()).slice(1), best.slice(0, upTo));
      assert.match(new URL(page.url()).hash, new RegExp(`ply=${11 + upTo}`));
      await page.click('#move-list button.move[data-ply="9"]');
      await page.click('#analysis-back-button');
      await page.waitForFunction((id) => location.hash === `#game=${id}&ply=10`, game.id);
      await page.locator('#analysis-panel[hidden]').waitFor({ state: 'attached' });
      assert.equal(await selectedPly(page), '9');
    },
  );

  await check('an analysis link opens a position directly: a FEN of its own, the mate found, the mate played ends the lines', async () => {
    const fen = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1';
    const view = await harness.newPage(1366, 900);
    await view.goto(`${server.address}#analysis=chess&fen=${encodeURIComponent(fen)}`);
    await view.locator('#analysis-panel:not([hidden])').waitFor();
    await view.waitForFunction((f) => document.getElementById('analysis-fen').value === f, fen);
    assert.ok(await view.locator('#analysis-back-button').isHidden(), 'no game to go back to');
    await view.waitForFunction(() => document.querySelector('#analysis-lines .analysis-line[data-multipv="1"]'), null, { timeout: 30000 });
    await view.waitForFunction(
      () => /^M1/.test(document.querySelector('#analysis-lines .analysis-line[data-multipv="1"] .analysis-score').textContent),
      null,
      { timeout: 30000 },
    );
    assert.equal(await view.locator('#analysis-lines .analysis-line[data-multipv="1"] .pv-move').first().textContent(), 'Ra8#');
    await new BoardDriver(view).click('a1', 'a8');
    await view.waitForFunction(() => document.querySelectorAll('#move-list button.move').length === 1);
    await view.waitForFunction(() => document.getElementById('analysis-summary').textContent === 'The game is over in this position.');
    assert.equal(await view.locator('#analysis-lines .analysis-line').count(), 0);
    assert.match(
      await view.locator('#analysis-pgn').inputValue(),
      /\[FEN "6k1\/5ppp\/8\/8\/8\/8\/5PPP\/R5K1 w - - 0 1"\][\s\S]*1\. Ra8# \*/,
    );
    await view.context().close();
  });

  await check(
    'review: "Review" scores every position with progress, one graph point per move, marks and a summary; a point views its move',
    async () => {
      const finished = await createGame(page, { variant: 'evochess', players: HUMANS }, moves.slice(0, 14));
      const resigned = await apiCall(page, 'POST', `/api/games/${finished}/resign`, { side: 'w' });
      assert.equal(resigned.status, 200);
      await harness.openGame(page, finished);
      await page.locator('#result-banner #analyse-game-button').waitFor();
      await page.click('#review-button');
      await page.locator('#review-progress:not([hidden])').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('#review-summary .review-summary-line').length === 2, null, {
        timeout: 60000,
      });
      assert.equal(await page.locator('#review-graph circle.graph-point').count(), 14, 'one point per move');
      assert.ok(await page.locator('#review-progress').isHidden(), 'no progress bar once done');
      const marked = await page.locator('#review-graph circle.graph-point[class*=mark-]').count();
      assert.equal(await page.locator('#move-list button.move[data-mark]').count(), marked, 'the same moves are marked in the list');
      const summary = await page.locator('#review-summary .review-summary-line').allTextContents();
      const marks = await page
        .locator('#move-list button.move[data-mark]')
        .evaluateAll((buttons) => buttons.map((b) => [Number(b.dataset.ply), b.dataset.mark]));
      ['White', 'Black'].forEach((side, parity) => {
        const counted = (kind) => marks.filter(([ply, mark]) => ply % 2 === parity && mark === kind).length;
        const expected = `${side}: ${counted('inaccuracy')} inaccurac${counted('inaccuracy') === 1 ? 'y' : 'ies'}, ${counted('mistake')} mistake${counted('mistake') === 1 ? '' : 's'}, ${counted('blunder')} blunder${counted('blunder') === 1 ? '' : 's'} · average centipawn loss `;
        assert.ok(summary[parity].startsWith(expected), `${summary[parity]} starts with ${expected}`);
        assert.match(summary[parity], /loss \d+$/);
      });
      // Kept in the browser: a reload shows the same review without asking again.
      const graph = await page.locator('#review-graph').innerHTML();
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('#review-graph circle.graph-point').length === 14);
      assert.equal(await page.locator('#review-graph').innerHTML(), graph);
      assert.ok(await page.locator('#review-button').isHidden(), 'nothing left to review');
      await page.locator('#review-graph circle.graph-point[data-ply="3"]').click();
      assert.equal(await selectedPly(page), '3');
      await page.click('#result-banner #analyse-game-button');
      await page.waitForFunction(() => location.hash.startsWith('#analysis='));
      await page.waitForFunction(() => /ply=14/.test(location.hash));
    },
  );

  await check('review: cancel stops it', async () => {
    const finished = await createGame(page, { variant: 'evochess', players: HUMANS }, moves.slice(0, 20));
    await apiCall(page, 'POST', `/api/games/${finished}/resign`, { side: 'b' });
    await harness.openGame(page, finished);
    await page.click('#review-button');
    await page.locator('#review-cancel-button:not([hidden])').waitFor();
    await page.click('#review-cancel-button');
    assert.ok(await page.locator('#review-progress').isHidden());
    assert.ok(await page.locator('#review-button').isVisible());
    assert.equal(await page.locator('#review-graph circle').count(), 0);
  });

  await check('no horizontal overflow at 360, 390, 430 and 1366 px: game, analysis, review, dialog; screenshots', async () => {
    const reviewed = await createGame(page, { variant: 'evochess', players: HUMANS }, moves.slice(0, 12));
    await apiCall(page, 'POST', `/api/games/${reviewed}/resign`, { side: 'w' });
    for (const width of [360, 390, 430, 1366]) {
      const view = await harness.newPage(width, width < 1000 ? 844 : 900);
      const measure = async (state) => {
        const { scroll, inner } = await noHorizontalOverflow(view);
        assert.ok(scroll <= inner, `${state} at ${width}px: ${scroll} > ${inner}`);
      };
      await harness.openGame(view, game.id);
      await measure('the game');
      await view.click('#analyse-button');
      await view.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 3, null, { timeout: 30000 });
      await view.waitForFunction(() => /depth \d+$/.test(document.getElementById('analysis-summary').textContent), null, {
        timeout: 30000,
      });
      await measure('the analysis board');
      if (width === 390 || width === 1366) {
        await view.evaluate(() => window.scrollTo(0, 0));
        await view.screenshot({ path: docsScreenshot(width === 390 ? 'analysis-phone.png' : 'analysis-desktop.png') });
      }
      await harness.openGame(view, reviewed);
      await view.click('#review-button');
      await view.waitForFunction(() => document.querySelectorAll('#review-summary .review-summary-line').length === 2, null, {
        timeout: 60000,
      });
      await measure('the review');
      if (width === 390 || width === 1366) {
        const file = width === 390 ? path.join(tmpdir(), 'evochess-review-390.png') : docsScreenshot('review-desktop.png');
        await view.screenshot({ path: file, fullPage: width < 1000 });
      }
      await view.click('#new-game-button');
      await view.locator('#new-game-dialog[open]').waitFor();
      await measure('the new-game dialog');
      await view.context().close();
    }
  });
} finally {
  await harness.finish();
}
