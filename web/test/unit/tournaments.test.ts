// The tournament pages' data (src/tournaments/tournamentModel.ts): their addresses, the
// countdowns and states, the sheet's doubled scores, the standings' own row, the join button's
// meaning, the lobby's banner and the new-arena form's request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRoute } from '../../src/routes.ts';
import {
  arenaRequest,
  bannerArena,
  clockText,
  countdownText,
  deadlineOf,
  entryAction,
  isMaker,
  pageCount,
  pageOfRank,
  sheetMarks,
  standingRows,
  statusText,
  type ArenaDetails,
  type ArenaSummary,
  type StandingPlayer,
} from '../../src/tournaments/tournamentModel.ts';

const arena = (over: Partial<ArenaSummary> = {}): ArenaSummary => ({
  id: '7',
  createdBy: 'alice',
  fullName: 'EvoChess Arena',
  minutes: 30,
  clock: { limit: 180, increment: 2 },
  rated: true,
  nbPlayers: 2,
  variant: { key: 'evochess', name: 'EvoChess', short: 'EvoC' },
  startsAt: 1_000_000,
  finishesAt: 2_800_000,
  status: 10,
  secondsToStart: 65,
  berserkable: true,
  streakable: true,
  allowBots: false,
  ...over,
});

const details = (over: Partial<ArenaDetails> = {}): ArenaDetails => ({
  ...arena(),
  isStarted: false,
  isFinished: false,
  nbActivePlayers: 0,
  standing: { page: 1, players: [] },
  topGames: [],
  ...over,
});

test('the list and an event are read from their addresses; anything else is not theirs', () => {
  assert.deepEqual(parseRoute('#tournaments'), { page: 'tournaments', address: { kind: 'list' } });
  assert.deepEqual(parseRoute('#tournament=42'), { page: 'tournaments', address: { kind: 'event', id: '42' } });
  for (const hash of ['#tournament=', '#tournament=x1', '#tournaments=1', '#tournament=1&page=2', '#tournaments/'])
    assert.deepEqual(parseRoute(hash), { page: 'home' }, hash);
});

test('a countdown reads as a clock, hours when there are some, days beyond two', () => {
  assert.equal(countdownText(0), '0:00');
  assert.equal(countdownText(-5000), '0:00');
  assert.equal(countdownText(1), '0:01', 'a part of a second left still shows one');
  assert.equal(countdownText(65_000), '1:05');
  assert.equal(countdownText(59 * 60_000 + 59_000), '59:59');
  assert.equal(countdownText(3_723_000), '1:02:03');
  assert.equal(countdownText(3 * 86_400_000), '3 days');
});

test("the countdown runs to the server's seconds left, from when the answer came", () => {
  assert.equal(deadlineOf(arena({ status: 10, secondsToStart: 65 }), 5000), 70_000);
  assert.equal(deadlineOf(arena({ status: 20, secondsToStart: undefined, secondsToFinish: 30 }), 5000), 35_000);
  assert.equal(deadlineOf(arena({ status: 30 }), 5000), null);
  assert.equal(statusText(arena({ status: 10 }), 70_000, 5000), 'Starts in 1:05');
  assert.equal(statusText(arena({ status: 10 }), 70_000, 71_000), 'Starting now');
  assert.equal(statusText(arena({ status: 20 }), 35_000, 5000), 'Running: 0:30 left');
  assert.equal(statusText(arena({ status: 30 }), null, 5000), 'Finished');
});

test('clocks in lichess words: minutes, quarters of one, else seconds', () => {
  assert.equal(clockText({ limit: 180, increment: 2 }), '3+2');
  assert.equal(clockText({ limit: 30, increment: 0 }), '½+0');
  assert.equal(clockText({ limit: 90, increment: 1 }), '1½+1');
  assert.equal(clockText({ limit: 20, increment: 0 }), '20 s+0');
});

test('the sheet finds the fire again: after two wins a win (4, 5 with berserk) and a draw (2) are doubled', () => {
  // Latest first, as the server sends them: played W W W(4) D-on-fire(2) L W.
  assert.deepEqual(
    sheetMarks('202422').map((m) => `${m.points}${m.doubled ? '*' : ''}`),
    ['2', '2', '4*', '2*', '0', '2'],
  );
  // A berserked win not on fire is 3 and still counts as a win toward the fire.
  assert.deepEqual(
    sheetMarks('523').map((m) => m.doubled),
    [false, false, true],
  );
  // A loss on fire ends it, doubling nothing.
  assert.deepEqual(
    sheetMarks('2022').map((m) => m.doubled),
    [false, false, false, false],
  );
  assert.deepEqual(
    sheetMarks('2222', false).map((m) => m.doubled),
    [false, false, false, false],
    'no streaks: no fire',
  );
  assert.deepEqual(sheetMarks(''), []);
});

const player = (name: string, rank: number, score = 0): StandingPlayer => ({ name, rank, rating: 1500, score, sheet: { scores: '' } });

test("the player's own row is marked on its page, and pinned when on another", () => {
  const page = [player('alice', 1, 4), player('Bob', 2, 2)];
  const onIt = standingRows(page, 'bob', null);
  assert.deepEqual(
    onIt.rows.map((r) => r.mine),
    [false, true],
  );
  assert.equal(onIt.pinned, null);
  const elsewhere = standingRows(page, 'carol', player('carol', 14, 0));
  assert.deepEqual(
    elsewhere.rows.map((r) => r.mine),
    [false, false],
  );
  assert.equal(elsewhere.pinned?.name, 'carol');
  assert.equal(elsewhere.pinned?.mine, true);
  assert.equal(
    standingRows(page, '', player('x', 3)).rows.some((r) => r.mine),
    false,
    'a visitor has no row',
  );
  assert.equal(pageOfRank(10), 1);
  assert.equal(pageOfRank(11), 2);
  assert.equal(pageCount(0), 1);
  assert.equal(pageCount(21), 3);
});

test('join, withdraw before the start; pause and resume while it runs; nothing once finished', () => {
  assert.equal(entryAction(details(), false), null, 'a visitor signs in first');
  assert.equal(entryAction(details(), true), 'join');
  assert.equal(entryAction(details({ me: { rank: 1, withdraw: false } }), true), 'withdraw');
  assert.equal(entryAction(details({ me: { rank: 1, withdraw: true } }), true), 'join');
  assert.equal(entryAction(details({ isStarted: true, me: { rank: 1, withdraw: false } }), true), 'pause');
  assert.equal(entryAction(details({ isStarted: true, me: { rank: 1, withdraw: true } }), true), 'resume');
  assert.equal(entryAction(details({ isStarted: true, isFinished: true, me: { rank: 1, withdraw: false } }), true), null);
  assert.equal(isMaker(arena(), 'Alice'), true);
  assert.equal(isMaker(arena(), ''), false);
});

test("the lobby's banner: the running arena ending first, else the next to start", () => {
  const soon = arena({ id: '1', startsAt: 500 });
  const later = arena({ id: '2', startsAt: 900 });
  const running = arena({ id: '3', status: 20, finishesAt: 800 });
  assert.equal(bannerArena({ created: [later, soon], started: [], finished: [] })?.id, '1');
  assert.equal(bannerArena({ created: [soon], started: [running], finished: [] })?.id, '3');
  assert.equal(bannerArena({ created: [], started: [], finished: [arena()] }), null);
});

test("the form's request: lichess's names, Chess as 'standard', no empty name", () => {
  const form = {
    name: '  ',
    variant: 'chess',
    clockTime: '0.5',
    clockIncrement: '0',
    minutes: ' 3 ',
    waitMinutes: '0',
    rated: false,
    berserkable: true,
    streakable: false,
  };
  assert.deepEqual(arenaRequest(form), {
    variant: 'standard',
    clockTime: '0.5',
    clockIncrement: '0',
    minutes: '3',
    waitMinutes: '0',
    rated: 'false',
    berserkable: 'true',
    streakable: 'false',
  });
  assert.equal(arenaRequest({ ...form, name: ' Friday ', variant: 'evochess' }).name, 'Friday');
  assert.equal(arenaRequest({ ...form, variant: 'evochess' }).variant, 'evochess');
});
