// Load benchmark of the lobby (issue 19, "Speed"): P players, each an anonymous visitor of
// its own (the `evo_visitor` cookie from GET /api/me) with the lobby stream open; seeks are
// made at a steady rate and each is accepted by another player as soon as its page shows it.
// Each player is a client address of its own in 127.2.0.0/16, so the server's per-address
// limits (64 connections, 30 requests a second) apply as to real users and none is lifted.
//
// Reports the time from a seek's POST answered to its `seek_added` on every lobby page
// (p50/p99 over pages x seeks, 0 when the page had it first; on two processes split by the
// page's process), the same from the POST sent, the same for
// `seek_removed` from the accept's answer, pairings a second, the server's memory (VmRSS
// before the streams, with them open, during and its peak) and CPU, and checks: every page
// saw every seek made and its removal once (none lost, none doubled; a seek taken before
// the page's process told it may be never shown there, counted apart), every maker was told
// its game, no request refused.
//
//   node bench/load/lobby_load.mjs [--binary build/evochess] [--players 1000] [--rate 5]
//        [--seconds 60] [--backend sqlite|postgres] [--processes 1|2]
// With --processes 2 (PostgreSQL) the players are spread over both processes, seeks are made
// on the first (A) and accepted by players on the second (B).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, loadAverage, memoryMiB, percentiles, startServers } from './bench_servers.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}
const bounded = (value, low, high) => Math.min(Math.max(Number(value), low), high);
const binary = path.resolve(flag('binary', path.join(repo, 'build/evochess')));
const playerCount = bounded(flag('players', 1000), 2, 20000);
const rate = bounded(flag('rate', 5), 0.1, 1000);
const seconds = bounded(flag('seconds', 60), 5, 600);
const backend = flag('backend', 'sqlite');
const processes = bounded(flag('processes', 1), 1, 8);

const bench = await startServers({ binary, backend, processes, extraArgs: ['--max-connections', '50000'] });
const servers = bench.servers;
console.log(`lobby load (${bench.label}): ${playerCount} players, ${rate} seeks/s, ${seconds} s; load average ${loadAverage()}`);

let nextAddress = 0;
function newAddress() {
  const n = nextAddress++;
  return `127.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}
// An idle kept-alive connection is closed here after 10 s, before the server's 20 s: else a
// request may go out on one the server is closing (ECONNRESET, a client artefact).
const agents = new Map();
function agentFor(address) {
  if (!agents.has(address)) agents.set(address, new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address, timeout: 10000 }));
  return agents.get(address);
}

// Answers {status, body, headers}; `player` gives the address, process and cookie.
function request(player, method, urlPath, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? '' : JSON.stringify(body);
    const headers = { Host: '127.0.0.1', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) };
    if (player.cookie) headers.Cookie = player.cookie;
    const options = { host: '127.0.0.1', port: player.server.port, method, path: urlPath, headers, localAddress: player.address, agent: agentFor(player.address) };
    const req = http.request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        let parsed = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode, body: parsed, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

const stats = { refused: 0, errors: [], doubled: 0, streamsClosed: 0, accepted: 0, gamesTold: 0 };
const seeks = new Map(); // id -> {answered, acceptedAt, added: Map(page -> ms), removed: Map(page -> ms), maker, acceptor}
let measuring = false;
function refuse(what, answer) {
  stats.refused++;
  if (stats.errors.length < 5) stats.errors.push(`${what}: ${answer.status ?? ''} ${JSON.stringify(answer.body ?? String(answer)).slice(0, 120)}`);
}
function seekEntry(id) {
  if (!seeks.has(id)) seeks.set(id, { added: new Map(), removed: new Map() });
  return seeks.get(id);
}

class Player {
  constructor(index) {
    this.index = index;
    this.address = newAddress();
    this.serverIndex = index % servers.length;
    this.server = servers[this.serverIndex];
  }
  async identify() {
    const answer = await request(this, 'GET', '/api/me');
    const cookie = (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith('evo_visitor='));
    if (answer.status !== 200 || !cookie) throw new Error(`GET /api/me: ${answer.status} ${JSON.stringify(answer.body)}`);
    this.cookie = cookie.split(';')[0];
  }
  // Resolves once the stream's first message (the open seeks) has come.
  open() {
    return new Promise((resolve, reject) => {
      const headers = { Host: '127.0.0.1', Accept: 'text/event-stream', Cookie: this.cookie };
      this.stream = http.get({ host: '127.0.0.1', port: this.server.port, path: '/api/lobby/events', localAddress: this.address, headers }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`lobby stream: ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const arrived = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const dataLine = event.split('\n').find((line) => line.startsWith('data: '));
            if (!dataLine) continue;
            const message = JSON.parse(dataLine.slice(6));
            if (message.type === 'seeks') resolve();
            else this.onMessage(message, arrived);
          }
        });
        res.on('close', () => {
          if (running) stats.streamsClosed++;
        });
      });
      this.stream.on('error', (error) => reject(error));
    });
  }
  onMessage(message, arrived) {
    if (message.type === 'seek_added') {
      const entry = seekEntry(message.seek.id);
      if (entry.added.has(this.index)) stats.doubled++;
      else entry.added.set(this.index, arrived);
      if (entry.acceptor === this) this.accept(message.seek.id);
    } else if (message.type === 'seek_removed') {
      const entry = seekEntry(message.id);
      if (entry.removed.has(this.index)) stats.doubled++;
      else entry.removed.set(this.index, arrived);
    } else if (message.type === 'game') {
      stats.gamesTold++;
    }
  }
  // Accepts once both its page has shown the seek and the maker's POST has been answered.
  async accept(id) {
    const entry = seeks.get(id);
    if (entry.accepting || !entry.added.has(this.index) || entry.answered === undefined) return;
    entry.accepting = true;
    try {
      const answer = await request(this, 'POST', `/api/seeks/${id}/accept`, {});
      if (answer.status !== 201) return refuse('accept', answer);
      entry.acceptedAt = performance.now();
      if (measuring) stats.accepted++;
    } catch (error) {
      refuse('accept', error);
    }
  }
}

// Set-up (not timed): every player's identity, then every lobby stream.
const memoryBefore = servers.map((server) => memoryMiB(server.pid).rss);
const players = [];
for (let i = 0; i < playerCount; i++) players.push(new Player(i));
for (let i = 0; i < players.length; i += 50) await Promise.all(players.slice(i, i + 50).map((player) => player.identify()));
let running = true;
for (let i = 0; i < players.length; i += 50) await Promise.all(players.slice(i, i + 50).map((player) => player.open()));
const memoryOpen = servers.map((server) => memoryMiB(server.pid).rss);
console.log(`${players.length} lobby streams open; load average ${loadAverage()}`);

// Makers are the players on the first process, acceptors those on the last.
const makers = players.filter((player) => player.serverIndex === 0);
const acceptors = players.filter((player) => player.serverIndex === servers.length - 1);
let made = 0;
async function makeSeek() {
  const maker = makers[made % makers.length];
  let acceptor = acceptors[(made * 7 + 3) % acceptors.length];
  if (acceptor === maker) acceptor = acceptors[(made * 7 + 4) % acceptors.length];
  made++;
  const sent = performance.now();
  try {
    const answer = await request(maker, 'POST', '/api/seeks', { variant: 'evochess', clock: { initial_ms: 180000, increment_ms: 2000 }, colour: 'random' });
    if (answer.status !== 201) return refuse('seek', answer);
    const entry = seekEntry(answer.body.id);
    Object.assign(entry, { sent, answered: performance.now(), maker, acceptor, timed: measuring });
    acceptor.accept(answer.body.id);
  } catch (error) {
    refuse('seek', error);
  }
}

const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
const postgresCpuBefore = bench.postgresPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
const clientCpuBefore = process.cpuUsage();
const memoryDuring = servers.map(() => 0);
measuring = true;
const started = performance.now();
// Seeks at the rate asked over the whole run (a late timer does not lower it).
const maker = setInterval(() => {
  while (made < ((performance.now() - started) / 1000) * rate) makeSeek();
}, 20);
const sampler = setInterval(() => servers.forEach((server, i) => (memoryDuring[i] = Math.max(memoryDuring[i], memoryMiB(server.pid).rss))), 1000);
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
clearInterval(maker);
const elapsed = (performance.now() - started) / 1000;
measuring = false;
const serverCpu = servers.map((server, i) => cpuSeconds(server.pid) - cpuBefore[i]);
const postgresCpu = bench.postgresPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0) - postgresCpuBefore;
const clientUsage = process.cpuUsage(clientCpuBefore);
const loadDuring = loadAverage();
await new Promise((resolve) => setTimeout(resolve, 3000)); // events in flight land
clearInterval(sampler);
const memoryEnd = servers.map((server) => memoryMiB(server.pid));
running = false;
for (const player of players) player.stream.destroy();
await bench.stop();

// Latencies over pages x seeks made in the timed part, by the page's process.
const addedLatency = servers.map(() => []);
const addedFromSent = servers.map(() => []);
const removedLatency = servers.map(() => []);
let timedSeeks = 0;
let missingAdded = 0;
let missingRemoved = 0;
let neverShown = 0; // taken before the page's process told it: consistent, not lost
let acceptedTimed = 0;
for (const entry of seeks.values()) {
  if (!entry.timed) continue;
  timedSeeks++;
  for (const player of players) {
    const added = entry.added.get(player.index);
    const removed = entry.removed.get(player.index);
    if (added === undefined && removed === undefined && entry.acceptedAt !== undefined) {
      neverShown++;
      continue;
    }
    if (added === undefined) missingAdded++;
    else {
      addedLatency[player.serverIndex].push(Math.max(0, added - entry.answered));
      addedFromSent[player.serverIndex].push(added - entry.sent);
    }
    if (entry.acceptedAt === undefined) continue;
    if (removed === undefined) missingRemoved++;
    else removedLatency[player.serverIndex].push(Math.max(0, removed - entry.acceptedAt));
  }
  if (entry.acceptedAt !== undefined) acceptedTimed++;
}
const show = (values) => {
  const p = percentiles(values);
  return `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms (${p.count} samples)`;
};
const side = (i) => (servers.length > 1 ? ` on process ${'AB'[i] ?? i} (${i === 0 ? 'where the seeks are made' : 'the other'})` : '');
console.log(`seeks made: ${timedSeeks} in ${elapsed.toFixed(1)} s = ${(timedSeeks / elapsed).toFixed(2)}/s; accepted ${acceptedTimed} = ${(acceptedTimed / elapsed).toFixed(2)} pairings/s`);
servers.forEach((_, i) => console.log(`seek POST answered -> seek_added on a page${side(i)}: ${show(addedLatency[i])}`));
servers.forEach((_, i) => console.log(`seek POST sent -> seek_added on a page${side(i)}: ${show(addedFromSent[i])}`));
servers.forEach((_, i) => console.log(`accept answered -> seek_removed on a page${side(i)}: ${show(removedLatency[i])}`));
servers.forEach((server, i) =>
  console.log(
    `server ${'AB'[i] ?? i} memory: ${memoryBefore[i].toFixed(0)} MiB before the streams, ${memoryOpen[i].toFixed(0)} MiB with them open, ` +
      `${memoryDuring[i].toFixed(0)} MiB at most during, peak ${memoryEnd[i].peak.toFixed(0)} MiB; CPU ${serverCpu[i].toFixed(1)} s (${((100 * serverCpu[i]) / elapsed).toFixed(0)} % of a core)`,
  ),
);
if (backend === 'postgres') console.log(`PostgreSQL CPU: ${postgresCpu.toFixed(1)} s (${((100 * postgresCpu) / elapsed).toFixed(0)} % of a core)`);
console.log(`client CPU: ${((clientUsage.user + clientUsage.system) / 1e6).toFixed(1)} s; load average at the end ${loadDuring}`);
console.log(`checks: seek_added missing ${missingAdded}, seek_removed missing ${missingRemoved}, pages x seeks never shown (taken before the page's process told it) ${neverShown}, doubled ${stats.doubled}, streams closed ${stats.streamsClosed}, makers and acceptors told their game ${stats.gamesTold}, refused ${stats.refused}`);
if (stats.errors.length) console.log(`first refusals: ${stats.errors.join(' | ')}`);
const ok = missingAdded === 0 && missingRemoved === 0 && stats.doubled === 0 && stats.streamsClosed === 0 && stats.refused === 0;
process.exit(ok ? 0 : 1);
