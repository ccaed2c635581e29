// Bounded load test of `evochess serve` on loopback: N clients play random games for S
// seconds (defaults 50 and 30), checking every answer; then every game is read back and
// compared with what its client played, so a lost move is found. Engine calls are not made:
// the figures are for the non-thinking API.
//
//   node bench/load/load_test.mjs [--binary build/evochess] [--clients 50] [--seconds 30]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../tests/e2e/evochess_server.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}
const binary = path.resolve(flag('binary', path.join(repo, 'build/evochess')));
const clients = Math.min(Math.max(Number(flag('clients', 50)), 1), 200);
const seconds = Math.min(Math.max(Number(flag('seconds', 30)), 1), 120);
const maxPliesPerGame = 80;
const variants = ['chess', 'evochess', 'echess', 'promoteking'];

const dataDir = mkdtempSync(path.join(tmpdir(), 'evochess-load-'));
const server = await startServer({ binary, dataDir, webDir: path.join(repo, 'web/dist') });
const base = server.address.replace(/\/$/, '');

const latencies = new Map(); // route -> milliseconds[]
const errors = [];
const played = new Map(); // game id -> UCI moves its client saw acknowledged

// One timed request; answers the parsed JSON (or the text, for `text: true`).
async function call(route, method, urlPath, body, { text: asText = false } = {}) {
  const started = performance.now();
  const response = await fetch(base + urlPath, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!latencies.has(route)) latencies.set(route, []);
  latencies.get(route).push(elapsed);
  if (!response.ok) throw new Error(`${method} ${urlPath} -> ${response.status} ${text.slice(0, 200)}`);
  return asText ? text : JSON.parse(text);
}

async function playOneGame(client, deadline) {
  const variant = variants[client % variants.length];
  let state = await call('POST /api/games', 'POST', '/api/games', { variant });
  const moves = [];
  played.set(state.id, moves);
  while (performance.now() < deadline && !state.result && moves.length < maxPliesPerGame) {
    const choice = state.legal[Math.floor(Math.random() * state.legal.length)];
    state = await call('POST /api/games/{id}/moves', 'POST', `/api/games/${state.id}/moves`, { uci: choice.uci });
    moves.push(choice.uci);
    const last = state.history[state.history.length - 1];
    if (state.history.length !== moves.length || last.uci !== choice.uci)
      throw new Error(`game ${state.id}: the answer does not end with the move just played (${choice.uci})`);
    if (moves.length % 10 === 0) {
      const again = await call('GET /api/games/{id}', 'GET', `/api/games/${state.id}`);
      if (again.history.length !== moves.length) throw new Error(`game ${state.id}: a read shows a lost move`);
    }
    if (moves.length % 25 === 0) {
      const pgn = await call('GET /api/games/{id}/pgn', 'GET', `/api/games/${state.id}/pgn`, undefined, { text: true });
      if (!pgn.includes('[Result')) throw new Error(`game ${state.id}: the PGN has no Result tag`);
    }
  }
}

async function runClient(client, deadline) {
  while (performance.now() < deadline) {
    try {
      await playOneGame(client, deadline);
    } catch (error) {
      errors.push(String(error.message ?? error));
    }
  }
}

const started = performance.now();
const deadline = started + seconds * 1000;
await Promise.all(Array.from({ length: clients }, (_, client) => runClient(client, deadline)));
const elapsedSeconds = (performance.now() - started) / 1000;

// Every acknowledged move must be in the store.
let lost = 0;
const listed = await call('GET /api/games', 'GET', '/api/games');
if (listed.length !== played.size) errors.push(`the list has ${listed.length} games, the clients made ${played.size}`);
for (const [id, moves] of played) {
  const stored = await fetch(`${base}/api/games/${id}`).then((response) => response.json());
  const storedMoves = stored.history.map((move) => move.uci);
  if (storedMoves.length !== moves.length || storedMoves.some((uci, i) => uci !== moves[i])) lost += 1;
}
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
let total = 0;
const all = [];
console.log(`clients ${clients}, ${elapsedSeconds.toFixed(1)} s, games ${played.size}`);
console.log('route                          requests   p50 ms   p99 ms   max ms');
for (const [route, values] of [...latencies].sort()) {
  const sorted = [...values].sort((a, b) => a - b);
  total += sorted.length;
  all.push(...sorted);
  console.log(
    `${route.padEnd(30)} ${String(sorted.length).padStart(8)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ` +
      `${percentile(sorted, 99).toFixed(1).padStart(8)} ${sorted[sorted.length - 1].toFixed(1).padStart(8)}`,
  );
}
all.sort((a, b) => a - b);
console.log(
  `all: ${total} requests, ${(total / elapsedSeconds).toFixed(0)} requests/s, p99 ${percentile(all, 99).toFixed(1)} ms`,
);
console.log(`errors ${errors.length}, games with a lost move ${lost}`);
for (const error of errors.slice(0, 10)) console.log(`  ${error}`);
process.exit(errors.length === 0 && lost === 0 ? 0 : 1);
