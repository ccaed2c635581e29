// The positions the player explores, from the WebAssembly rules when they can answer and from
// the server otherwise (src/positionRules.ts). The package (wasm/, built by wasm/build.sh)
// loads in Node as in the browser; without its build these tests are skipped.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { ApiError, type PositionRequest } from '../../src/api.ts';
import { indexLegalMoves } from '../../src/moves.ts';
import { positionFromPackage, positionState, type RulesPackage } from '../../src/positionRules.ts';

const built = existsSync(new URL('../../../wasm/dist/evochess_wasm.wasm', import.meta.url));
const skip = built ? false : 'the WebAssembly package is not built (wasm/build.sh)';
const loadPackage = async () => (await import('../../../wasm/evochess.js')) as RulesPackage;

// The server, asked only when the browser's rules cannot answer: it records what it was asked.
function recordingServer() {
  const asked: PositionRequest[] = [];
  return {
    asked,
    server: async (request: PositionRequest) => {
      asked.push(request);
      throw new Error('the server was asked');
    },
  };
}

// White's three pawn moves earn a minor right, so the capture on f7 may promote to a knight or
// a bishop (docs/javascript.md's example; the same answer as the server's POST /api/position).
const evoPromotion: PositionRequest = { variant: 'evochess', moves: ['e2e4', 'd7d5', 'e4d5', 'e7e6', 'd5e6', 'e8e7'] };

test('a known variant is answered by the browser, with no request to the server', { skip }, async () => {
  const wasm = await loadPackage();
  const { asked, server } = recordingServer();
  const state = await positionState(evoPromotion, { rules: async () => wasm, server });
  assert.deepEqual(asked, []);
  assert.equal(state.turn, 'w');
  assert.equal(state.fen, '8/ppp1kppp/4P3/8/8/8/PPPP1PPP/4K3 w - - 1 4 0,1,0,0/2,0,0,0');
});

test('without the package, or for a variant it does not know, the server is asked', async () => {
  const withoutPackage = recordingServer();
  await assert.rejects(positionState(evoPromotion, { rules: async () => null, server: withoutPackage.server }), /server was asked/);
  assert.deepEqual(withoutPackage.asked, [evoPromotion]);
  if (!built) return;
  const wasm = await loadPackage();
  const loadedOnServer: PositionRequest = { variant: 'lab-variant-from-a-server-file', moves: ['e2e4'] };
  const unknown = recordingServer();
  await assert.rejects(positionState(loadedOnServer, { rules: async () => wasm, server: unknown.server }), /server was asked/);
  assert.deepEqual(unknown.asked, [loadedOnServer]);
  assert.equal(positionFromPackage(wasm, loadedOnServer), null);
});

test('the legal moves give the dots and the promotion picker its choices', { skip }, async () => {
  const state = positionFromPackage(await loadPackage(), evoPromotion)!;
  const index = indexLegalMoves(state.legal);
  assert.deepEqual(index.dests.get('e6'), ['f7']);
  assert.deepEqual(
    index.choices('e6', 'f7').map((move) => [move.uci, move.san]),
    [
      ['e6f7', 'exf7'],
      ['e6f7n', 'exf7=N'],
      ['e6f7b', 'exf7=B'],
    ],
  );
  assert.deepEqual(state.counters, { w: { p: 0, m: 1, c: 0, r: 0 }, b: { p: 2, m: 0, c: 0, r: 0 } });
  assert.deepEqual(state.evolution, { minor_right_pawn_moves: 3, rook_right_captures: 2 });
  assert.equal(state.royal_promotion, null);
  assert.deepEqual(
    state.history.map((move) => move.san),
    ['e4', 'd5', 'exd5', 'e6', 'dxe6', 'Ke7'],
  );
  assert.equal(state.history[5].fen, state.fen);
  assert.equal(state.result, null);
  assert.equal(state.reason, null);
});

test('a finished game has no legal moves, its result and its reason', { skip }, async () => {
  const state = positionFromPackage(await loadPackage(), { variant: 'chess', moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'] })!;
  assert.equal(state.check, true);
  assert.deepEqual(state.legal, []);
  assert.equal(state.result, '0-1');
  assert.match(state.reason ?? '', /checkmate/i);
  assert.equal(state.points, null);
  assert.equal(state.counters, null);
});

test('Promote King Chess shows its king promotions', { skip }, async () => {
  const state = positionFromPackage(await loadPackage(), { variant: 'promoteking', moves: ['e2e4'] })!;
  assert.deepEqual(state.royal_promotion, { first: null, other_colour_promotions: 0 });
  assert.equal(state.counters, null);
  assert.equal(state.evolution, null);
});

test('a bad FEN or an illegal move is refused as the server refuses it', { skip }, async () => {
  const wasm = await loadPackage();
  assert.throws(
    () => positionFromPackage(wasm, { variant: 'evochess', fen: 'not a fen' }),
    (error) => error instanceof ApiError && error.status === 400,
  );
  assert.throws(
    () => positionFromPackage(wasm, { variant: 'evochess', moves: ['e2e4', 'e2e4'] }),
    (error) => error instanceof ApiError && error.status === 422 && /e2e4/.test(error.message),
  );
});
