// "My games" as data (web/src/myGames/myGamesModel.ts): the order (live games where it is
// your turn first, then the other live ones, then the finished ones), the badge's count, a
// "your_turn" event applied, and the words of a line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyYourTurn,
  myTimeLeftText,
  opponentText,
  orderMyGames,
  parseYourTurnEvent,
  shownOpponent,
  statusText,
  timeLeftText,
  yourTurnCount,
  type MyGame,
} from '../../src/myGames/myGamesModel.ts';

const DAY = 86_400_000;
const game = (id: number, extra: Partial<MyGame> = {}): MyGame => ({
  id,
  variant: 'evochess',
  rated: false,
  seat: 'w',
  opponent: { name: 'Bert', rating: 1500, provisional: true },
  turn: 'b',
  your_turn: false,
  clock: { w: 3 * DAY, b: 3 * DAY, running: 'b', initial_ms: 0, increment_ms: 0, days_per_move: 3 },
  result: null,
  reason: null,
  moves: 1,
  updated: '2026-11-26T03:00:00Z',
  ...extra,
});
const ids = (games: MyGame[]) => games.map((g) => g.id);

test('your turn first, then the other live games, then the finished ones, each kept in the order given', () => {
  const games = [
    game(1, { result: '1-0', turn: null }),
    game(2),
    game(3, { your_turn: true, turn: 'w' }),
    game(4, { result: '0-1', turn: null, your_turn: true }),
    game(5),
    game(6, { your_turn: true, turn: 'w' }),
  ];
  assert.deepEqual(ids(orderMyGames(games)), [3, 6, 2, 5, 1, 4]);
  assert.deepEqual(ids(orderMyGames([game(7), game(7)])), [7]);
});

test('the badge counts the live games waiting for your move only', () => {
  assert.equal(yourTurnCount([game(1), game(2, { your_turn: true }), game(3, { your_turn: true, result: '1/2-1/2' })]), 1);
  assert.equal(yourTurnCount([]), 0);
});

test('a your_turn event makes that live game yours to move and puts it first', () => {
  const event = parseYourTurnEvent({ type: 'your_turn', id: 5, variant: 'evochess', colour: 'w', opponent: 'Bert', time_left_ms: DAY });
  assert.ok(event);
  const after = applyYourTurn([game(2, { your_turn: true }), game(5), game(9, { result: '1-0' })], event);
  assert.deepEqual(ids(after), [2, 5, 9]);
  assert.equal(after[1].your_turn, true);
  assert.equal(after[1].turn, 'w');
  assert.equal(yourTurnCount(after), 2);
  assert.equal(yourTurnCount(applyYourTurn([game(9, { result: '1-0' })], event)), 0);
  assert.equal(parseYourTurnEvent({ type: 'game', id: 5 }), null);
  assert.equal(parseYourTurnEvent('your_turn'), null);
});

test("after a rated game: the rating it left the opponent, and one's own change beside the result", () => {
  const rated = {
    ...game(3, { result: '0-1', seat: 'b' }),
    opponent: { name: 'Bert', rating: 1500, provisional: false },
    rating_changes: { w: { before: 1500, after: 1487.6, change: -12.4 }, b: { before: 1500.2, after: 1512.4, change: 12.2 } },
  };
  assert.deepEqual(shownOpponent(rated), { name: 'Bert', rating: 1487.6, provisional: false });
  assert.equal(opponentText(shownOpponent(rated)), 'Bert 1488');
  assert.equal(statusText(rated), 'You won +12');
  const asWhite = { ...rated, result: '1-0' as const, seat: 'w' as const }; // the change is the seat's own
  assert.equal(statusText(asWhite), 'You won −12');
  assert.equal(
    statusText({
      ...rated,
      result: '1/2-1/2',
      rating_changes: { w: { before: 1500, after: 1500, change: 0 }, b: { before: 1500, after: 1500, change: 0 } },
    }),
    'Draw ±0',
  );
  // A live or casual game: the rating when it began, no change.
  assert.deepEqual(shownOpponent({ ...rated, rating_changes: undefined }), rated.opponent);
  assert.equal(statusText({ ...rated, rating_changes: undefined }), 'You won');
});

test('the words of a line: opponent, status, time left', () => {
  assert.equal(opponentText({ name: 'Bert', rating: 1499.6, provisional: true }), 'Bert 1500?');
  assert.equal(opponentText({ name: 'Bert', rating: 1612, provisional: false }), 'Bert 1612');
  assert.equal(opponentText({ name: 'Anonymous 4F2A', rating: null, provisional: false }), 'Anonymous 4F2A');
  assert.equal(opponentText(null), 'an opponent');
  assert.equal(statusText(game(1, { your_turn: true })), 'Your turn');
  assert.equal(statusText(game(1)), 'Their turn');
  assert.equal(statusText(game(1, { result: '1-0' })), 'You won');
  assert.equal(statusText(game(1, { result: '1-0', seat: 'b' })), 'You lost');
  assert.equal(statusText(game(1, { result: '1/2-1/2' })), 'Draw');
  assert.equal(timeLeftText(2 * DAY + 4 * 3_600_000 + 59_000), '2 d 4 h');
  assert.equal(timeLeftText(3 * 3_600_000 + 20 * 60_000), '3 h 20 min');
  assert.equal(timeLeftText(245_900), '4:05');
  assert.equal(timeLeftText(-5), '0:00');
  // Only the running clock counts down.
  const mine = game(1, { your_turn: true, clock: { w: DAY, b: DAY, running: 'w', initial_ms: 0, increment_ms: 0, days_per_move: 1 } });
  assert.equal(myTimeLeftText(mine, 3_600_000), '23 h 0 min');
  assert.equal(myTimeLeftText(game(1), 3_600_000), '3 d 0 h');
  assert.equal(myTimeLeftText(game(1, { result: '1-0' })), '');
  assert.equal(myTimeLeftText(game(1, { clock: null })), '');
});
