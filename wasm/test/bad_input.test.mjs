// Bad input throws an EvoChessError with a kind and the core's message: never a crash, a
// hang or an uncaught WebAssembly trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as evo from '../evochess.js';

const kind = (k) => (e) => e instanceof evo.EvoChessError && e.kind === k && e.message.length > 0 &&
  e.message.length < 2000;

test('malformed FEN', () => {
  for (const fen of ['x', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', '8/8/8/8/8/8/8/8 w - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 9,9,9,9/0,0,0,0',
    'k7/8/8/8/8/8/8/K7 w - - 0 1 ' + '9'.repeat(5000), '\x00\xff'.repeat(1000)]) {
    assert.throws(() => new evo.Position('evochess', fen), kind('bad-fen'));
    assert.throws(() => new evo.Game('evochess', fen), kind('bad-fen'));
    assert.throws(() => evo.legalMoves('evochess', fen, []), kind('bad-fen'));
  }
});

test('bad moves', () => {
  for (const move of ['', 'e2e5', 'Ke2', 'Nf3=Q', 'zz', 'e1e1', 'x'.repeat(100000), 'é']) {
    assert.throws(() => new evo.Game('chess').push(move), kind('illegal-move'));
    assert.throws(() => new evo.Position('chess').san(move), kind('illegal-move'));
    assert.throws(() => evo.legalMoves('chess', '', ['e2e4', move]), kind('illegal-move'));
  }
  assert.throws(() => new evo.Position('chess', 'k7/8/8/8/8/8/8/KN3N2 w - - 0 1').uci('Nd2'),
    (e) => e.kind === 'illegal-move' && /ambiguous/.test(e.message));
  assert.throws(() => new evo.Game('chess').pop(), kind('bad-argument'));
});

test('malformed PGN', () => {
  for (const pgn of ['[Variant "nonsense"]\n\n1. e4 *', '[Event "x\n\n1. e4', '1. e4 e5 2. Ke3 *',
    '1. e4 * trailing', '['.repeat(10000), '[Variant "evochess"]\n\n1. e4 e5 2. Nf3 *']) {
    assert.throws(() => evo.Game.fromPgn(pgn), kind('bad-pgn'));
  }
});

test('malformed variants files', () => {
  for (const ini of ['[broken', '[a:nowhere]\n', '[b:evochess]\nno_such_field = 1\n',
    '[c:evochess]\nminor_right_pawn_moves = -4\n', '[chess]\n', 'x = ' + 'y'.repeat(100000)]) {
    assert.throws(() => evo.loadVariantsText(ini, 'bad.ini'),
      (e) => kind('bad-variant-file')(e) && e.file === 'bad.ini' && e.fileErrorKind &&
        e.message.startsWith('bad.ini'));
  }
  assert.throws(() => new evo.Game('no-such-game'), kind('unknown-variant'));
  assert.throws(() => new evo.Game(42), kind('bad-argument'));
});

test('bad arguments', () => {
  assert.throws(() => new evo.Position('chess').perft(21), kind('bad-argument'));
  assert.throws(() => new evo.Position('chess').perft(1.5), kind('bad-argument'));
  assert.throws(() => evo.legalMoves('chess', '', 'e2e4'), kind('bad-argument'));
  assert.throws(() => new evo.Position('chess').pieceAt('z9'), kind('bad-argument'));
});

test('a huge move list costs time in proportion', () => {
  const shuffle = Array.from({ length: 25000 }, () => ['g1f3', 'g8f6', 'f3g1', 'f6g8']).flat();
  const started = performance.now();
  assert.equal(evo.legalMoves('chess', '', shuffle).length, 20);
  assert.ok(performance.now() - started < 20000);
  assert.throws(() => evo.legalMoves('chess', '', [...shuffle, 'e2e5']),
    (e) => e.kind === 'illegal-move' && /move 100001/.test(e.message));
  assert.throws(() => evo.legalMoves('chess', '', [...shuffle, 'e2 e4']), kind('illegal-move'));
});

test('the shared loader keeps the kinds and messages', () => {
  const names = 'chess, evochess, echess, promoteking';
  const exactly = (k, message) => (e) => e instanceof evo.EvoChessError && e.kind === k &&
    e.message === message;
  assert.throws(() => evo.legalMoves('xiangqi', '', []),
    exactly('unknown-variant', `unknown variant 'xiangqi' (${names})`));
  assert.throws(() => new evo.Position('a\x01'),
    exactly('unknown-variant', `unknown variant 'a\\x01' (${names})`));
  assert.throws(() => evo.getFen('chess', '8/8 w', ['e2e4']),
    exactly('bad-fen', "FEN board must have 8 ranks separated by '/'"));
  assert.throws(() => new evo.Game('chess', '4k3/8/8/8/8/8/8/4C3 w - - 0 1'),
    exactly('bad-fen', 'Cthulhu (C) exists only in promoteking'));
  assert.throws(() => evo.legalMoves('chess', '', ['e2e4', 'e7e5', 'e4e5']),
    exactly('illegal-move', "move 3: illegal move: 'e4e5'"));
  assert.throws(() => evo.legalMovesSan('chess', '', ['e4']),
    exactly('illegal-move', "move 1: not a UCI move: 'e4'"));
  assert.throws(() => evo.toUci('chess', 'k7/8/8/8/8/8/8/KN3N2 w - - 0 1', 'Nd2'),
    exactly('illegal-move', "ambiguous move: 'Nd2'"));
  assert.equal(evo.getFen('chess', '', ['e2e4', 'c7c5']),
    'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
});
