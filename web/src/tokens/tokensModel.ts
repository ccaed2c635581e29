// The "API tokens" page as data (docs/bots.md "Tokens"): the scopes a token may hold and what
// each lets a program do, the answers of GET and POST /api/tokens, the request the form makes,
// and the words the page shows. No DOM here, so that node's unit tests run it as it is.

// lichess's scopes, in the order of the form's checkboxes, each with what it allows.
export const TOKEN_SCOPES = [
  { scope: 'bot:play', label: 'Play as a bot', note: 'the Bot API: a bot account plays its games (lichess-bot, evochess bot)' },
  { scope: 'board:play', label: 'Play games with the Board API', note: 'a person plays their own games from a program' },
  { scope: 'challenge:read', label: 'Read incoming challenges', note: 'see who challenges the account' },
  { scope: 'challenge:write', label: 'Send, accept and decline challenges', note: 'challenge other players' },
  { scope: 'tournament:write', label: 'Tournaments', note: 'lichess has it; evochess has no tournaments yet' },
  { scope: 'preference:read', label: 'Read preferences', note: "lichess's; nothing more here" },
] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number]['scope'];

// The server's limit on a description (bytes of UTF-8).
export const MAX_DESCRIPTION_BYTES = 200;

// A token as GET /api/tokens lists it: never its secret.
export interface TokenListing {
  id: string;
  description: string;
  scopes: string[];
  createdAt: number; // ms since the epoch
  lastUsedAt?: number | null; // ms since the epoch, to the minute; null or absent: never used
}

// POST /api/tokens's answer: the listing and, this once, the secret.
export interface NewToken extends TokenListing {
  token: string;
}

// The request the form makes, or what is wrong with it (the server checks again).
export function tokenRequest(
  description: string,
  scopes: readonly string[],
): { ok: true; body: { description: string; scopes: string[] } } | { ok: false; problem: string } {
  const text = description.trim();
  if (!text) return { ok: false, problem: 'Give the token a description: what program uses it.' };
  if (new TextEncoder().encode(text).length > MAX_DESCRIPTION_BYTES)
    return { ok: false, problem: `A description has at most ${MAX_DESCRIPTION_BYTES} bytes.` };
  const known = new Set<string>(TOKEN_SCOPES.map((s) => s.scope));
  const chosen = TOKEN_SCOPES.map((s) => s.scope).filter((scope) => scopes.includes(scope));
  const unknown = scopes.find((scope) => !known.has(scope));
  if (unknown !== undefined) return { ok: false, problem: `There is no scope "${unknown}".` };
  if (chosen.length === 0) return { ok: false, problem: 'Tick at least one scope: a token without one can do nothing.' };
  return { ok: true, body: { description: text, scopes: chosen } };
}

// The list as the page shows it: the newest first (the server lists the oldest first), each once.
export function orderTokens(tokens: readonly TokenListing[]): TokenListing[] {
  const seen = new Set<string>();
  return tokens
    .filter((token) => !seen.has(token.id) && seen.add(token.id))
    .map((token, index) => ({ token, index }))
    .sort((a, b) => b.token.createdAt - a.token.createdAt || b.index - a.index)
    .map(({ token }) => token);
}

// The list after a token was made (it joins at the top) or revoked (it leaves).
export const withToken = (tokens: readonly TokenListing[], made: TokenListing): TokenListing[] =>
  orderTokens([...tokens.filter((token) => token.id !== made.id), listingOf(made)]);
export const withoutToken = (tokens: readonly TokenListing[], id: string): TokenListing[] => tokens.filter((token) => token.id !== id);

// The listing of a new token: its secret dropped, so that it is kept nowhere but on screen.
export function listingOf(token: TokenListing | NewToken): TokenListing {
  return {
    id: token.id,
    description: token.description,
    scopes: [...token.scopes],
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt ?? null,
  };
}

// "bot:play, challenge:read", or "no scope".
export const scopesText = (scopes: readonly string[]) => (scopes.length ? scopes.join(', ') : 'no scope');

// "Made 3 Dec 2026, 17:40" in the reader's locale and time zone (given, for the tests).
export function createdText(ms: number, locale?: string, timeZone?: string): string {
  const when = new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return `Made ${when}`;
}

// "Last used 5 Dec 2026, 09:12" or "Never used": a token nobody uses is one to revoke.
export function lastUsedText(ms: number | null | undefined, locale?: string, timeZone?: string): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return 'Never used';
  const when = new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return `Last used ${when}`;
}

// The question a revoke asks before it is done.
export const revokeQuestion = (token: Pick<TokenListing, 'description'>) =>
  `Revoke "${token.description || 'a token without a description'}"? A program using it is refused at once, and this cannot be undone.`;

// The line under the list: how many tokens, and the server's limit.
export const MAX_TOKENS = 30;
export function countText(count: number): string {
  if (count === 0) return 'No tokens yet.';
  return `${count} ${count === 1 ? 'token' : 'tokens'} of at most ${MAX_TOKENS}.`;
}
