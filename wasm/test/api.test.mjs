// The JS API: games, FEN/SAN/PGN round trips, counters and rights, results, variants files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as evo from '../evochess.js';

test('an EvoChess game: moves, the seventh FEN field, counters, push and pop', () => {
  const game = new evo.Game('evochess');
  for (const move of ['e4', 'e5', 'd4', 'exd4', 'e5', 'd5']) game.push(move);
  assert.equal(game.fen(), '4k3/ppp2ppp/8/3pP3/3p4/8/PPP2PPP/4K3 w - d6 0 4 0,1,0,0/0,1,0,0');
  const pos = game.position;
  assert.deepEqual(pos.white, { pawnMoves: 0, minorRights: 1, captures: 0, rookRights: 0 });
  assert.equal(pos.turn, 'w');
  assert.equal(pos.enPassant, 'd6');
  assert.equal(pos.castling, '-');
  assert.equal(pos.fullmoveNumber, 4);
  assert.equal(pos.san('e5e6n'), 'e6=N');
  assert.equal(pos.uci('e6=N'), 'e5e6n');
  assert.ok(pos.legalMoves().includes('e5d6'));
  assert.equal(pos.pieceAt('e5'), 'P');
  assert.equal(pos.pieceAt('e6'), null);
  assert.equal(game.pop(), 'd7d5');
  assert.equal(game.length, 5);
  assert.deepEqual(game.moves, ['e2e4', 'e7e5', 'd2d4', 'e5d4', 'e4e5']);
  assert.deepEqual(game.sanMoves, ['e4', 'e5', 'd4', 'exd4', 'e5']);
  game.dispose();
});

test('FEN round trips through Position and getFen', () => {
  for (const variant of evo.variants()) {
    const start = new evo.Position(variant);
    assert.equal(new evo.Position(variant, start.fen).fen, start.fen);
    let pos = start;
    const played = [];
    for (let i = 0; i < 12; i++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      const move = moves[(i * 7) % moves.length];
      played.push(move);
      pos = pos.play(pos.san(move)); // through SAN and back
      assert.equal(new evo.Position(variant, pos.fen).fen, pos.fen);
    }
    assert.equal(evo.getFen(variant, '', played), pos.fen);
    assert.equal(evo.getFen(variant, start.fen, played), pos.fen);
  }
});

test('SAN and UCI conversion, stateless', () => {
  assert.equal(evo.toSan('chess', '', 'g1f3'), 'Nf3');
  assert.equal(evo.toUci('chess', '', 'Nf3'), 'g1f3');
  assert.deepEqual(evo.legalMovesSan('chess', '', ['e2e4']).length, 20);
});

test('PGN round trip with tags, and splitPgn', () => {
  const game = new evo.Game('promoteking');
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6']) game.push(m);
  const pgn = game.pgn({ White: 'Ada', Black: 'Bob' });
  assert.match(pgn, /\[Variant "promoteking"\]/i);
  const read = evo.Game.fromPgn(pgn);
  assert.equal(read.variant, 'promoteking');
  assert.deepEqual(read.moves, game.moves);
  assert.equal(read.fen(), game.fen());
  assert.ok(read.tags.some(([name, value]) => name === 'White' && value === 'Ada'));
  assert.equal(read.pgn(), pgn);
  assert.deepEqual(evo.splitPgn(pgn + '\n' + pgn).length, 2);
});

test('results: checkmate, and Promote King Chess points', () => {
  const mate = new evo.Game('chess');
  for (const m of ['f3', 'e5', 'g4', 'Qh4#']) mate.push(m);
  const r = mate.result();
  assert.equal(r.over, true);
  assert.equal(r.outcome, '0-1');
  assert.equal(r.winner, 'b');
  assert.equal(r.reason, 'checkmate');
  assert.equal(r.whitePoints, 0);
  assert.equal(r.blackPoints, 1);
  assert.throws(() => mate.push('e4'), (e) => e.kind === 'illegal-move');
  const ongoing = new evo.Game('promoteking').result();
  assert.deepEqual([ongoing.over, ongoing.outcome, ongoing.winner], [false, '*', null]);
  assert.equal(evo.variant('promoteking').scoresPoints, true);
});

test('each variant says what its seventh FEN field holds', () => {
  assert.equal(evo.variant('evochess').extraState, 'evolution-counters');
  assert.equal(evo.variant('echess').extraState, 'evolution-counters');
  assert.equal(evo.variant('promoteking').extraState, 'promote-king');
  assert.equal(evo.variant('chess').extraState, 'none');
});

test('variants from INI text', () => {
  const names = evo.loadVariantsText('[js-evo-n2:evochess]\nminor_right_pawn_moves = 2\n', 'lab.ini');
  assert.deepEqual(names, ['js-evo-n2']);
  assert.ok(evo.variants().includes('js-evo-n2'));
  assert.equal(evo.variant('js-evo-n2').minorRightPawnMoves, 2);
  const game = new evo.Game('js-evo-n2');
  for (const m of ['e4', 'e5', 'd4', 'd5']) game.push(m);
  assert.equal(game.position.white.minorRights, 1);
});
