// The address read as a page (src/routes.ts): each page's address, the order in which they
// are tried when an address could be read as two, and what falls back to the game page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSitePage, parseRoute } from '../../src/routes.ts';

test('each page of the site is read from its own address', () => {
  assert.deepEqual(parseRoute('#lobby'), { page: 'lobby' });
  assert.deepEqual(parseRoute('#my-games'), { page: 'my-games' });
  assert.deepEqual(parseRoute('#api-tokens'), { page: 'tokens' });
  assert.deepEqual(parseRoute('#/@/alice'), { page: 'players', address: { kind: 'player', name: 'alice' } });
  assert.deepEqual(parseRoute('#leaderboard=echess'), { page: 'players', address: { kind: 'leaderboard', variant: 'echess' } });
  assert.deepEqual(parseRoute('#puzzles=echess&theme=evolution'), {
    page: 'puzzles',
    address: { variant: 'echess', theme: 'evolution', id: null, daily: false },
  });
  assert.deepEqual(parseRoute('#puzzles='), { page: 'puzzles', address: { variant: 'evochess', theme: null, id: null, daily: false } });
});

test('a rules page names its variant, EvoChess when it names none', () => {
  assert.deepEqual(parseRoute('#rules'), { page: 'rules', variant: 'evochess' });
  assert.deepEqual(parseRoute('#rules=promoteking'), { page: 'rules', variant: 'promoteking' });
  // The rules page itself turns a variant it has no page for into EvoChess's.
  assert.deepEqual(parseRoute('#rules=my_variant'), { page: 'rules', variant: 'my_variant' });
  assert.deepEqual(parseRoute('#rules=a b'), { page: 'home' });
});

test('a game, with its position, invite or seat', () => {
  assert.deepEqual(parseRoute('#game=12'), { page: 'game', address: { id: 12, invite: null, seat: null, ply: null } });
  assert.deepEqual(parseRoute('#game=12&ply=3'), { page: 'game', address: { id: 12, invite: null, seat: null, ply: 3 } });
  assert.deepEqual(parseRoute('#game=12&invite=abc'), { page: 'game', address: { id: 12, invite: 'abc', seat: null, ply: null } });
  assert.deepEqual(parseRoute('#game=12&seat=s3'), { page: 'game', address: { id: 12, invite: null, seat: 's3', ply: null } });
  assert.deepEqual(parseRoute('#game=x'), { page: 'home' });
});

test("the analysis board's address is read before the game it names", () => {
  assert.deepEqual(parseRoute('#analysis=evochess&moves=e2e4,e7e5&ply=1&game=7'), {
    page: 'analysis',
    address: { variant: 'evochess', startFen: null, moves: ['e2e4', 'e7e5'], ply: 1, game: 7 },
  });
});

test("a site page's address is read before the analysis board's and a game's", () => {
  assert.equal(parseRoute('#puzzles=evochess&analysis=evochess').page, 'puzzles');
  assert.equal(parseRoute('#puzzles=evochess&game=3').page, 'puzzles');
});

test('no address, or one no page knows, is the game page as it was left', () => {
  for (const hash of ['', '#', '#nothing', '#lobby/', '#my-games=1', '#/@/', '#api-tokens/'])
    assert.deepEqual(parseRoute(hash), { page: 'home' }, hash);
});

test('the site pages are the lobby, my games, players, puzzles and the API tokens', () => {
  const site = ['#lobby', '#my-games', '#/@/alice', '#leaderboard', '#puzzles=evochess', '#api-tokens'];
  for (const hash of site) assert.ok(isSitePage(parseRoute(hash)), hash);
  for (const hash of ['', '#rules', '#game=1', '#analysis=evochess']) assert.ok(!isSitePage(parseRoute(hash)), hash);
});
