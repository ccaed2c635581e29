// The lobby as data (web/src/lobby/lobbyModel.ts): the open seeks and the challenges kept from
// the lobby stream's events (docs/api.md), quick pairing's choice, and the words of a seek.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  AUTO_CLOCKS,
  autoPairingProblem,
  MAX_AUTO_COMBINATIONS,
  quickPools,
  combinationKey,
  ownEntry,
  tickedCombinations,
  applyChallengeEvent,
  applySeekEvent,
  choosePairing,
  declinedNotice,
  declineText,
  declineChoicesFor,
  DECLINE_CHOICES,
  colourText,
  describeSeekClock,
  ENGINE_WAITS,
  engineOfferDue,
  nearestLevel,
  parseLobbyEvent,
  parseOnlineBots,
  botRatingText,
  nearestHouseBot,
  ratingIn,
  ratingText,
  readRatingRange,
  seekBarredFor,
  type Challenge,
  type Seek,
} from '../../src/lobby/lobbyModel.ts';
import { accountInputProblem } from '../../src/player.ts';
import { ratingChangesText } from '../../src/ratingChanges.ts';

const blitz = { initial_ms: 180_000, increment_ms: 2000 };
const seek = (id: number, name: string, created_ms: number, extra: Partial<Seek> = {}): Seek => ({
  id,
  name,
  variant: 'evochess',
  clock: blitz,
  rated: false,
  colour: 'random',
  created_ms,
  ...extra,
});

test('the first event gives the whole list, oldest first; later ones add and remove', () => {
  let seeks = applySeekEvent([seek(9, 'old', 1)], { type: 'seeks', seeks: [seek(2, 'b', 20), seek(1, 'a', 10)] });
  assert.deepEqual(
    seeks.map((s) => s.id),
    [1, 2],
    'the list on connecting replaces what was shown',
  );
  seeks = applySeekEvent(seeks, { type: 'seek_added', seek: seek(3, 'c', 30) });
  seeks = applySeekEvent(seeks, { type: 'seek_added', seek: seek(3, 'c', 30) });
  assert.deepEqual(
    seeks.map((s) => s.id),
    [1, 2, 3],
    'a seek told twice is listed once',
  );
  seeks = applySeekEvent(seeks, { type: 'seek_removed', id: 2, reason: 'accepted' });
  assert.deepEqual(
    seeks.map((s) => s.id),
    [1, 3],
  );
  assert.deepEqual(applySeekEvent(seeks, { type: 'seek_removed', id: 42 }), seeks, 'an unknown id changes nothing');
  assert.deepEqual(applySeekEvent(seeks, { type: 'game', id: 5, seat: { colour: 'w', token: 't' } }), seeks);
});

const challenge = (id: number, from: string, to: string): Challenge => ({
  id,
  from,
  to,
  variant: 'chess',
  clock: null,
  rated: false,
  colour: 'w',
  created_ms: id,
});

test('challenges to me are incoming, mine are outgoing, and go when removed', () => {
  let challenges = { incoming: [], outgoing: [] } as { incoming: Challenge[]; outgoing: Challenge[] };
  challenges = applyChallengeEvent(challenges, { type: 'challenge', challenge: challenge(1, 'bob', 'Alice') }, 'alice');
  challenges = applyChallengeEvent(challenges, { type: 'challenge', challenge: challenge(2, 'alice', 'carol') }, 'alice');
  challenges = applyChallengeEvent(challenges, { type: 'challenge', challenge: challenge(3, 'bob', 'carol') }, 'alice');
  assert.deepEqual(
    challenges.incoming.map((c) => c.id),
    [1],
    'names match whatever their case',
  );
  assert.deepEqual(
    challenges.outgoing.map((c) => c.id),
    [2],
  );
  challenges = applyChallengeEvent(challenges, { type: 'challenge_removed', id: 1, reason: 'declined' }, 'alice');
  assert.deepEqual(challenges.incoming, []);
  assert.equal(challenges.outgoing.length, 1);
});

test('quick pairing takes the oldest casual seek of the pool by someone else, else waits on mine, else posts', () => {
  const pool = quickPools(['evochess', 'chess'])[0]; // EvoChess 3+2
  const seeks = [
    seek(1, 'me', 5),
    seek(2, 'rated', 6, { rated: true }),
    seek(3, 'chess', 7, { variant: 'chess' }),
    seek(4, 'slow', 8, { clock: { initial_ms: 600_000, increment_ms: 5000 } }),
    seek(6, 'newer', 20),
    seek(5, 'older', 10),
  ];
  const choice = choosePairing(seeks, pool, 'Me');
  assert.equal(choice.kind, 'accept');
  assert.equal(choice.kind === 'accept' && choice.seek.id, 5);
  const alone = choosePairing(seeks.slice(0, 4), pool, 'me');
  assert.equal(alone.kind === 'wait' && alone.seek.id, 1, 'my own seek of the pool is waited on');
  assert.deepEqual(choosePairing([], pool, 'me'), {
    kind: 'post',
    request: { variant: 'evochess', clock: blitz, rated: false, colour: 'random' },
  });
});

test('a seek in words: its clock and its maker rating, "?" while provisional', () => {
  assert.equal(describeSeekClock(blitz), '3+2');
  assert.equal(describeSeekClock({ initial_ms: 30_000, increment_ms: 0 }), '30 s+0');
  assert.equal(describeSeekClock({ days_per_move: 1 }), '1 day a move');
  assert.equal(describeSeekClock({ days_per_move: 3 }), '3 days a move');
  assert.equal(describeSeekClock(null), 'untimed');
  assert.equal(ratingText({ rating: 1499.6, provisional: true }), '1500?');
  assert.equal(ratingText({ rating: 1623, provisional: false }), '1623');
  assert.equal(ratingText({}), '', 'no rating from a server without ratings');
  assert.equal(colourText('w', false), 'they play White');
  assert.equal(colourText('b', true), 'you play Black');
  assert.equal(colourText('random', false), 'either colour');
});

test('stream data that is not an event is dropped', () => {
  assert.equal(parseLobbyEvent('not json'), null);
  assert.equal(parseLobbyEvent('{"no":"type"}'), null);
  assert.deepEqual(parseLobbyEvent('{"type":"seek_removed","id":4}'), { type: 'seek_removed', id: 4 });
});

test('a name and password are checked before they are sent', () => {
  assert.equal(accountInputProblem('alice_1', 'long enough'), null);
  assert.match(accountInputProblem('al', 'long enough')!, /3 to 20/);
  assert.match(accountInputProblem('a'.repeat(21), 'long enough')!, /3 to 20/);
  assert.match(accountInputProblem('<b>x</b>', 'long enough')!, /3 to 20/);
  assert.match(accountInputProblem('alice', 'short')!, /at least 8/);
});

test("a rated game's rating changes on the result banner, in whole points", () => {
  assert.equal(
    ratingChangesText({ w: { before: 1500, after: 1512.4, change: 12.4 }, b: { before: 1500, after: 1487.6, change: -12.4 } }),
    'Ratings: White 1500 → 1512 (+12), Black 1500 → 1488 (−12)',
  );
  assert.equal(ratingChangesText(undefined), '', 'a casual game, or a server without ratings');
  assert.equal(ratingChangesText({ w: null, b: null }), '');
});

// ---- rating ranges, correspondence, the engine when nobody comes ---------------------------

const LEVELS = [
  { number: 1, name: 'Beginner', description: '', elo: 80 },
  { number: 2, name: 'Novice', description: '', elo: 1245 },
  { number: 3, name: 'Casual', description: '', elo: 1500 },
  { number: 4, name: 'Club', description: '', elo: 1830 },
  { number: 8, name: 'Full strength', description: '', elo: 2845 },
];

test('the engine offered is the level nearest the rating, the weaker of two as near', () => {
  assert.equal(nearestLevel(LEVELS, 1500)?.number, 3, 'the initial rating: Casual');
  assert.equal(nearestLevel(LEVELS, 1700)?.number, 4);
  assert.equal(nearestLevel(LEVELS, 1665)?.number, 3, '165 from 1500, 165 from 1830: the weaker');
  assert.equal(nearestLevel(LEVELS, 3200)?.number, 8);
  assert.equal(nearestLevel(LEVELS, 0)?.number, 1);
  assert.equal(nearestLevel([], 1500), null, 'a server without the engine offers none');
  assert.equal(nearestLevel(undefined, 1500), null);
});

test('the rating used is the account one in the variant, else the initial one', () => {
  const ada = { anonymous: false, ratings: { chess: { rating: 1712.6 } } };
  assert.equal(ratingIn(ada, 'chess'), 1713);
  assert.equal(ratingIn(ada, 'evochess'), 1500);
  assert.equal(ratingIn({ anonymous: true }, 'chess', 1400), 1400);
});

test('the engine is offered once the chosen wait has passed, never for "never"', () => {
  assert.equal(engineOfferDue(1000, 30_000, 30_999), false);
  assert.equal(engineOfferDue(1000, 30_000, 31_000), true);
  assert.equal(engineOfferDue(1000, null, 10_000_000), false);
  assert.deepEqual(
    ENGINE_WAITS.map((w) => w.ms),
    [30_000, 60_000, 120_000, null],
  );
});

test('a seek is barred, with the reason, as the server would refuse its accept', () => {
  const anonymous = { anonymous: true };
  const ada = { anonymous: false, ratings: { evochess: { rating: 1790 } } };
  assert.equal(seekBarredFor(seek(1, 'b', 1), anonymous), null);
  assert.equal(seekBarredFor(seek(1, 'b', 1, { rated: true }), anonymous), 'Rated games are for accounts');
  assert.equal(seekBarredFor(seek(1, 'b', 1, { clock: { days_per_move: 3 } }), anonymous), 'Correspondence games are for accounts');
  assert.equal(seekBarredFor(seek(1, 'b', 1, { clock: { days_per_move: 3 } }), ada), null);
  const ranged = seek(1, 'b', 1, { rating_range: [1400, 1800] });
  assert.equal(seekBarredFor(ranged, ada), null, '1790 is inside');
  assert.equal(
    seekBarredFor(ranged, { anonymous: false, ratings: { evochess: { rating: 1801 } } }),
    'For ratings 1400–1800; yours is 1801',
  );
  assert.equal(seekBarredFor(seek(1, 'b', 1, { rating_range: [1600, 1800] }), anonymous), 'For ratings 1600–1800; yours is 1500');
});

test('the range boxes: both empty, one end open, or refused with a reason', () => {
  assert.deepEqual(readRatingRange('', ' '), { range: null });
  assert.deepEqual(readRatingRange('1400', '1800'), { range: [1400, 1800] });
  assert.deepEqual(readRatingRange('1400', ''), { range: [1400, 4000] });
  assert.deepEqual(readRatingRange('', '1300'), { range: [0, 1300] });
  assert.ok('problem' in readRatingRange('1800', '1400'));
  assert.ok('problem' in readRatingRange('14.5', '1800'));
  assert.ok('problem' in readRatingRange('1400', '9000'));
  assert.ok('problem' in readRatingRange('abc', '1800'));
});

// Issue 49, item 6: every variant the server plays, built-in or loaded, not EvoChess and chess only.
const REGISTRY = ['chess', 'evochess', 'echess', 'promoteking', 'evo-n2k1'];

test("quick pairing offers every variant of the server's registry at every quick clock, in its order", () => {
  const pools = quickPools(REGISTRY);
  assert.equal(pools.length, REGISTRY.length * 3);
  assert.deepEqual([...new Set(pools.map((p) => p.variant))], REGISTRY);
  assert.deepEqual(
    pools.filter((p) => p.variant === 'promoteking').map((p) => describeSeekClock(p.clock)),
    ['3+2', '5+3', '10+5'],
  );
  const echess = pools.find((p) => p.variant === 'echess')!;
  assert.deepEqual(choosePairing([], echess, 'me'), {
    kind: 'post',
    request: { variant: 'echess', clock: blitz, rated: false, colour: 'random' },
  });
  assert.equal(choosePairing([seek(1, 'ann', 1, { variant: 'echess' })], echess, 'me').kind, 'accept');
});

test('auto pairing: the grid is the registry x the quick clocks, the ticked keys are its combinations, the own entry is found by name', () => {
  assert.deepEqual(
    AUTO_CLOCKS.map((clock) => describeSeekClock(clock)),
    ['3+2', '5+3', '10+5'],
  );
  const ticked = tickedCombinations(REGISTRY, new Set(['chess 5+3', 'evochess 3+2', 'promoteking 10+5', 'evo-n2k1 3+2', 'shogi 1+0']));
  assert.deepEqual(ticked.map(combinationKey), ['chess 5+3', 'evochess 3+2', 'promoteking 10+5', 'evo-n2k1 3+2']);
  assert.deepEqual(ticked[0].clock, { initial_ms: 300_000, increment_ms: 3000 });
  assert.deepEqual(tickedCombinations(['chess'], new Set(['echess 3+2'])), [], 'a variant the server does not list is not sent');

  assert.equal(autoPairingProblem(MAX_AUTO_COMBINATIONS, false, false), null);
  assert.match(autoPairingProblem(MAX_AUTO_COMBINATIONS + 3, false, false) ?? '', /at most 24\. Untick 3/);
  assert.match(autoPairingProblem(2, true, true) ?? '', /casual only/);
  assert.equal(autoPairingProblem(2, false, true), null);

  const seeks = [seek(1, 'ann', 1, { auto: 1 }), seek(2, 'Bob', 2), seek(3, 'bob', 3, { auto: 3 }), seek(4, 'BOB', 3, { auto: 3 })];
  assert.deepEqual(
    ownEntry(seeks, 'bob')?.seeks.map((s) => s.id),
    [3, 4],
  );
  assert.equal(ownEntry(seeks, 'bob')?.group, 3);
  assert.equal(ownEntry(seeks, 'carol'), null);
});

test("the bots online are read from lichess's NDJSON, by name, with a rating per variant", () => {
  const text = [
    JSON.stringify({
      id: 'evobot-club',
      username: 'EvoBot-Club',
      title: 'BOT',
      perfs: { blitz: { rating: 1712.4, prov: false }, evochess: { rating: 1500, prov: true } },
    }),
    '',
    'not json',
    JSON.stringify({ id: 'nameless' }),
    JSON.stringify({ id: 'evobot-beginner', username: 'EvoBot-Beginner', perfs: null }),
  ].join('\n');
  const bots = parseOnlineBots(text);
  assert.deepEqual(
    bots.map((b) => b.name),
    ['EvoBot-Beginner', 'EvoBot-Club'],
  );
  assert.equal(botRatingText(bots[1], 'chess'), '1712');
  assert.equal(botRatingText(bots[1], 'evochess'), '1500?');
  assert.equal(botRatingText(bots[1], 'echess'), '');
  assert.equal(botRatingText(bots[0], 'chess'), '');
  assert.equal(bots[0].variants, null);
});

test('the house bot nearest a rating that plays the variant is offered when nobody comes', () => {
  const line = (username: string, variants: string[] | undefined, evochess: number, blitz = 1500, house = true) =>
    JSON.stringify({
      username,
      variants,
      house,
      perfs: { blitz: { rating: blitz, prov: false }, evochess: { rating: evochess, prov: false } },
    });
  const bots = parseOnlineBots(
    [
      line('EvoBot-Beginner', ['evochess', 'standard'], 900, 950),
      line('EvoBot-Club', ['evochess'], 1600),
      line('EvoBot-Master', ['evochess', 'standard'], 2400, 2300),
      line('SomeonesBot', ['evochess'], 1500, 1500, false),
      // The server's mark, not the name, tells a house bot.
      line('EvoBotLookalike', ['evochess'], 1500, 1500, false),
      line('EvoBot-Silent', undefined, 1500),
    ].join('\n'),
  );
  assert.equal(bots.find((b) => b.name === 'EvoBot-Club')?.house, true);
  assert.equal(bots.find((b) => b.name === 'SomeonesBot')?.house, false);
  assert.deepEqual(bots.find((b) => b.name === 'EvoBot-Club')?.variants, ['evochess']);
  assert.deepEqual(bots.find((b) => b.name === 'EvoBot-Master')?.variants, ['evochess', 'chess']);
  // A person's bot and one that did not say its variants are not offered.
  assert.equal(nearestHouseBot(bots, 'evochess', 1500)?.bot.name, 'EvoBot-Club');
  assert.equal(nearestHouseBot(bots, 'evochess', 1100)?.bot.name, 'EvoBot-Beginner');
  assert.equal(nearestHouseBot(bots, 'evochess', 1100)?.rating, 900);
  assert.equal(nearestHouseBot(bots, 'chess', 2000)?.bot.name, 'EvoBot-Master');
  assert.equal(nearestHouseBot(bots, 'echess', 1500), null);
  assert.equal(nearestHouseBot([], 'evochess', 1500), null);
});

// Issue 49: a declined challenge vanished from the challenger's page without a word.
test("a challenge of mine declined is told with who, which game and lichess's words for the reason", () => {
  const mine: Challenge = {
    id: 7,
    from: 'alice',
    to: 'bob',
    variant: 'chess',
    clock: blitz,
    rated: false,
    colour: 'random',
    created_ms: 1,
  };
  const challenges = { incoming: [], outgoing: [mine] };
  const game = (c: Challenge) => `${c.variant} ${describeSeekClock(c.clock)}`;
  assert.equal(
    declinedNotice(challenges, { type: 'challenge_removed', id: 7, reason: 'declined', decline_reason: 'tooFast' }, game),
    'bob declined your challenge (chess 3+2): "This time control is too fast for me, please challenge again with a slower game."',
  );
  assert.match(
    declinedNotice(challenges, { type: 'challenge_removed', id: 7, reason: 'declined' }, game) ?? '',
    /not accepting challenges at the moment/,
  );
  assert.equal(declinedNotice(challenges, { type: 'challenge_removed', id: 7, reason: 'cancelled' }, game), null);
  assert.equal(declinedNotice(challenges, { type: 'challenge_removed', id: 8, reason: 'declined' }, game), null, 'not mine');
  assert.equal(declineText('nonsense'), declineText('generic'));
});

test('the reasons to decline with: each one lichess knows, rated or casual as the challenge is not', () => {
  const keys = (rated: boolean) => declineChoicesFor({ rated }).map((c) => c.key);
  assert.ok(keys(false).includes('rated') && !keys(false).includes('casual'), 'a casual challenge: "rated instead"');
  assert.ok(keys(true).includes('casual') && !keys(true).includes('rated'), 'a rated challenge: "casual instead"');
  assert.equal(keys(true)[0], 'generic', 'the default reason first');
  // Every reason offered is told to the challenger in its own words, not the default's.
  for (const { key } of DECLINE_CHOICES) {
    if (key !== 'generic') assert.notEqual(declineText(key), declineText('generic'), key);
  }
  assert.equal(new Set(DECLINE_CHOICES.map((c) => c.label)).size, DECLINE_CHOICES.length, 'labels tell the reasons apart');
});
