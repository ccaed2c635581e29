// The "API tokens" page as data (web/src/tokens/tokensModel.ts): the request the form makes
// and what it refuses before sending, the list's order (newest first) after a token is made
// or revoked, a new token's listing without its secret, and the words of the page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_DESCRIPTION_BYTES,
  TOKEN_SCOPES,
  countText,
  createdText,
  lastUsedText,
  listingOf,
  orderTokens,
  revokeQuestion,
  scopesText,
  tokenRequest,
  withToken,
  withoutToken,
  type TokenListing,
} from '../../src/tokens/tokensModel.ts';

const token = (id: string, createdAt: number, extra: Partial<TokenListing> = {}): TokenListing => ({
  id,
  description: `token ${id}`,
  scopes: ['bot:play'],
  createdAt,
  ...extra,
});
const ids = (tokens: TokenListing[]) => tokens.map((t) => t.id);

test("the form's scopes are the server's six, lichess's names", () => {
  assert.deepEqual(
    TOKEN_SCOPES.map((s) => s.scope),
    ['bot:play', 'board:play', 'challenge:read', 'challenge:write', 'tournament:write', 'preference:read'],
  );
});

test('a request has a trimmed description and at least one known scope, in the form order', () => {
  assert.deepEqual(tokenRequest('  my bot ', ['challenge:read', 'bot:play', 'bot:play']), {
    ok: true,
    body: { description: 'my bot', scopes: ['bot:play', 'challenge:read'] },
  });
  const refused = (description: string, scopes: string[]) => {
    const answer = tokenRequest(description, scopes);
    assert.equal(answer.ok, false, `${description} ${scopes}`);
    return answer.ok ? '' : answer.problem;
  };
  assert.match(refused('   ', ['bot:play']), /description/);
  assert.match(refused('my bot', []), /at least one scope/);
  assert.match(refused('my bot', ['bot:play', 'admin']), /no scope "admin"/);
  // The server's limit is in bytes: 100 two-byte letters fit, 101 do not.
  assert.equal(tokenRequest('é'.repeat(MAX_DESCRIPTION_BYTES / 2), ['bot:play']).ok, true);
  assert.match(refused('é'.repeat(MAX_DESCRIPTION_BYTES / 2 + 1), ['bot:play']), /at most 200 bytes/);
});

test('the list shows the newest first, each token once; one made joins at the top, one revoked leaves', () => {
  const listed = orderTokens([token('1', 100), token('2', 300), token('3', 200), token('2', 300)]);
  assert.deepEqual(ids(listed), ['2', '3', '1']);
  // Made in the same millisecond: the one listed later (made later) first.
  assert.deepEqual(ids(orderTokens([token('4', 100), token('5', 100)])), ['5', '4']);
  const made = withToken(listed, { ...token('9', 400), token: 'evo_0123456789abcdef0123456789abcdef' } as TokenListing);
  assert.deepEqual(ids(made), ['9', '2', '3', '1']);
  assert.equal('token' in made[0], false, 'the secret is not kept in the list');
  assert.deepEqual(ids(withoutToken(made, '3')), ['9', '2', '1']);
  assert.deepEqual(ids(withoutToken(made, 'nope')), ['9', '2', '3', '1']);
});

test("a new token's listing drops its secret", () => {
  const listing = listingOf({ id: '7', description: 'd', scopes: ['bot:play'], createdAt: 5, token: 'evo_secret' });
  assert.deepEqual(listing, { id: '7', description: 'd', scopes: ['bot:play'], createdAt: 5, lastUsedAt: null });
  const used = listingOf({ id: '8', description: 'd', scopes: [], createdAt: 5, lastUsedAt: 60000 });
  assert.equal(used.lastUsedAt, 60000);
});

test('the words of the page', () => {
  assert.equal(scopesText(['bot:play', 'challenge:read']), 'bot:play, challenge:read');
  assert.equal(scopesText([]), 'no scope');
  assert.equal(createdText(Date.UTC(2026, 11, 3, 17, 40), 'en-GB', 'UTC'), 'Made 3 Dec 2026, 17:40');
  assert.equal(lastUsedText(Date.UTC(2026, 11, 5, 9, 12), 'en-GB', 'UTC'), 'Last used 5 Dec 2026, 09:12');
  assert.equal(lastUsedText(null), 'Never used');
  assert.equal(lastUsedText(undefined), 'Never used');
  assert.match(revokeQuestion({ description: 'my bot' }), /^Revoke "my bot"\? .*refused at once/);
  assert.match(revokeQuestion({ description: '' }), /without a description/);
  assert.equal(countText(0), 'No tokens yet.');
  assert.equal(countText(1), '1 token of at most 30.');
  assert.equal(countText(2), '2 tokens of at most 30.');
});
