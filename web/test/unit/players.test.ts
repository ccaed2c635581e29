// Player pages and the leaderboard as data (web/src/players): their addresses, the rating
// graph's scale, and the words a player's record is shown with.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  emptyLeaderboardText,
  graphRatings,
  isAccountName,
  leaderboardAddress,
  leaderboardLists,
  outcomeText,
  playerAddress,
  ratingLabel,
  readPlayersAddress,
  recordText,
} from '../../src/players/playersModel.ts';
import { MIN_SPAN, scaleRatingGraph } from '../../src/players/ratingGraph.ts';

test("a player's page is #/@/NAME, the name decoded; a leaderboard is #leaderboard[=VARIANT]", () => {
  assert.deepEqual(readPlayersAddress('#/@/alice'), { kind: 'player', name: 'alice' });
  assert.deepEqual(readPlayersAddress('#/@/alice/'), { kind: 'player', name: 'alice' });
  assert.deepEqual(readPlayersAddress('#/@/Bob_1-x'), { kind: 'player', name: 'Bob_1-x' });
  assert.deepEqual(readPlayersAddress('#/@/a%20b'), { kind: 'player', name: 'a b' });
  assert.deepEqual(readPlayersAddress('#leaderboard'), { kind: 'leaderboard', variant: 'evochess' });
  assert.deepEqual(readPlayersAddress('#leaderboard='), { kind: 'leaderboard', variant: 'evochess' });
  assert.deepEqual(readPlayersAddress('#leaderboard=chess'), { kind: 'leaderboard', variant: 'chess' });
  assert.deepEqual(readPlayersAddress('#leaderboard=promoteking'), { kind: 'leaderboard', variant: 'promoteking' });
  // A variant that is not rated (read from a file, or none) shows EvoChess's board.
  assert.deepEqual(readPlayersAddress('#leaderboard=my_variant'), { kind: 'leaderboard', variant: 'evochess' });
});

test('other addresses are not player pages: the game, the lobby, the rules, a broken name', () => {
  for (const hash of [
    '',
    '#',
    '#game=3',
    '#game=3&ply=2',
    '#lobby',
    '#rules=chess',
    '#/@/',
    '#/@/%E0%A4%A',
    '#/@/a/b',
    '#@/alice',
    '#leaderboards',
  ])
    assert.equal(readPlayersAddress(hash), null, hash);
});

test('the addresses made are the ones read back', () => {
  for (const name of ['alice', 'Bob_1-x']) assert.deepEqual(readPlayersAddress(playerAddress(name)), { kind: 'player', name });
  assert.equal(playerAddress('alice'), '#/@/alice');
  assert.deepEqual(readPlayersAddress(leaderboardAddress('echess')), { kind: 'leaderboard', variant: 'echess' });
});

test("an account's name links to a page; an anonymous visitor's does not", () => {
  assert.equal(isAccountName('alice'), true);
  assert.equal(isAccountName('A_b-9'), true);
  assert.equal(isAccountName('Anonymous 4F2A'), false);
  assert.equal(isAccountName('ab'), false);
  assert.equal(isAccountName('a'.repeat(21)), false);
  assert.equal(isAccountName(null), false);
});

test('the graph: evenly apart in x, the highest rating at the top, the lowest at the bottom', () => {
  const box = { width: 320, height: 110, padding: 10 };
  const { points, low, high } = scaleRatingGraph([1500, 1700, 1600, 1300], box);
  assert.equal(low, 1300);
  assert.equal(high, 1700);
  assert.deepEqual(
    points.map((p) => p.x),
    [10, 110, 210, 310],
  );
  assert.equal(points[1].y, 10, 'the highest at the top edge of the band');
  assert.equal(points[3].y, 100, 'the lowest at the bottom edge');
  assert.equal(points[0].y, 10 + (90 * 200) / 400);
  assert.ok(points[2].y < points[0].y, 'a higher rating is drawn higher');
});

test('the graph: a small change is drawn on a span of at least MIN_SPAN about its middle; one point sits in the middle', () => {
  const box = { width: 200, height: 100, padding: 0 };
  const small = scaleRatingGraph([1500, 1510], box);
  assert.equal(small.high - small.low, MIN_SPAN);
  assert.equal((small.high + small.low) / 2, 1505);
  assert.ok(Math.abs(small.points[0].y - small.points[1].y) <= 10 + 1e-9, 'ten points of change is a tenth of the height');
  const one = scaleRatingGraph([1662.31], box);
  assert.deepEqual(one.points, [{ x: 100, y: 50 }]);
  assert.deepEqual(scaleRatingGraph([], box).points, []);
});

test('the graph starts at the rating before the first rated game', () => {
  assert.deepEqual(graphRatings([]), []);
  assert.deepEqual(
    graphRatings([
      { rating: 1662.31, change: 162.31 },
      { rating: 1600, change: -62.31 },
    ]),
    [1500, 1662.31, 1600],
  );
});

test("a rating, a record and a game's outcome in words", () => {
  assert.equal(ratingLabel({ rating: 1662.31, provisional: true }), '1662?');
  assert.equal(ratingLabel({ rating: 1812.5, provisional: false }), '1813');
  assert.equal(recordText({ games: 1, wins: 1, draws: 0, losses: 0 }), '1 game: 1 won, 0 drawn, 0 lost');
  assert.equal(recordText({ games: 7, wins: 3, draws: 2, losses: 2 }), '7 games: 3 won, 2 drawn, 2 lost');
  assert.equal(outcomeText({ outcome: 'win', reason: 'resignation', ended: '2026-11-26T01:25:55Z' }), 'won by resignation');
  assert.equal(outcomeText({ outcome: 'loss', reason: 'timeout', ended: '2026-11-26T01:25:55Z' }), 'lost by timeout');
  assert.equal(outcomeText({ outcome: 'draw', reason: 'agreement', ended: '2026-11-26T01:25:55Z' }), 'drawn by agreement');
  assert.equal(outcomeText({ outcome: 'win', reason: 'opponent left', ended: '2026-11-26T01:25:55Z' }), 'won: the opponent left');
  assert.equal(outcomeText({ outcome: null, reason: null, ended: null }), 'in progress');
  assert.equal(outcomeText({ outcome: null, reason: 'aborted', ended: '2026-11-26T01:25:55Z' }), 'aborted');
});

test('an empty leaderboard says why: its cut-off', () => {
  const text = emptyLeaderboardText({ cut_off: { rd_at_most: 110, played_within_days: 365 } });
  assert.match(text, /provisional/);
  assert.match(text, /at most 110/);
  assert.match(text, /365 days/);
});

test("a leaderboard's people and bots are two lists, each ranked from 1, the best first", () => {
  const entry = (name: string, rating: number, rank: number, bot?: boolean) => ({
    name,
    rating,
    rank,
    rd: 60,
    volatility: 0.06,
    games: 20,
    wins: 10,
    draws: 5,
    losses: 5,
    provisional: false,
    ...(bot === undefined ? {} : { bot }),
  });
  const lists = leaderboardLists({
    players: [entry('anna', 1900, 1, false), entry('bert', 1700, 2)],
    bots: [entry('EvoBot-Club', 1800, 1, true), entry('EvoBot-Beginner', 900, 2, true)],
  });
  assert.deepEqual(
    lists.people.map((e) => [e.rank, e.name, e.bot]),
    [
      [1, 'anna', false],
      [2, 'bert', false],
    ],
  );
  assert.deepEqual(
    lists.bots.map((e) => [e.rank, e.name, e.bot]),
    [
      [1, 'EvoBot-Club', true],
      [2, 'EvoBot-Beginner', true],
    ],
  );
  // A server that lists a bot among the people: it moves to the bots, and the people rank again.
  const mixed = leaderboardLists({ players: [entry('EvoBot-Club', 2000, 1, true), entry('anna', 1900, 2, false)] });
  assert.deepEqual(
    mixed.people.map((e) => [e.rank, e.name]),
    [[1, 'anna']],
  );
  assert.deepEqual(
    mixed.bots.map((e) => [e.rank, e.name]),
    [[1, 'EvoBot-Club']],
  );
  assert.deepEqual(leaderboardLists({ players: [] }), { people: [], bots: [] });
});
