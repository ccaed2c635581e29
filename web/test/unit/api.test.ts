// The API client's retries (web/src/api.ts): issue 47 (L3), a name locked for 15 minutes was
// answered "Retry-After: 1" and the page asked again and again; now the server tells the real
// wait and a wait longer than a burst's is shown at once, with the server's sentence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError, request } from '../../src/api.ts';

function answering(status: number, retryAfter: string, error: string): { calls: string[]; restore: () => void } {
  const calls: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (path: string | URL | Request) => {
    calls.push(String(path));
    return new Response(JSON.stringify({ error }), { status, headers: { 'Retry-After': retryAfter } });
  }) as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = realFetch) };
}

test('a lock of minutes is answered at once, not asked again', async () => {
  const server = answering(429, '900', 'too many tries for this name or from your address; try again in 15 minutes');
  try {
    await assert.rejects(
      request('POST', '/api/session', { name: 'alice', password: 'password!' }),
      (error: unknown) => error instanceof ApiError && error.status === 429 && error.message.endsWith('try again in 15 minutes'),
    );
    assert.deepEqual(server.calls, ['/api/session']);
  } finally {
    server.restore();
  }
});

test('the password threads busy (503) is answered at once too', async () => {
  const server = answering(503, '1', 'the server is checking too many passwords; try again in a moment');
  try {
    await assert.rejects(
      request('POST', '/api/accounts', { name: 'alice', password: 'password!' }),
      (error: unknown) => error instanceof ApiError && error.status === 503,
    );
    assert.deepEqual(server.calls, ['/api/accounts']);
  } finally {
    server.restore();
  }
});
