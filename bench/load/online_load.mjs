// Load benchmark of online play (issue 10): G clocked online games between 2G players, each
// with its own event stream (and S spectator streams), playing random legal moves for a
// bounded time against one `evochess serve` on loopback. Each player is a client address of
// its own in 127.0.0.0/8 (the server's per-address limits apply as to real users).
//
// Reports moves per second, the time from a move's POST to its arrival on the opponent's
// stream (p50/p99/max), the server's memory, and checks: no acknowledged move lost (every
// game read back), none doubled (each stream's versions only grow), no flag fall where none
// was due (clocks are long enough for the think times used).
//
//   node bench/load/online_load.mjs [--binary build/evochess] [--games 1000] [--seconds 60]
//        [--spectators 200] [--think-ms 2000] [--backend sqlite|postgres] [--processes N]
//        [--window-ms 2000]
// --backend postgres runs the server(s) on a throw-away PostgreSQL server (bench_servers.mjs);
// with --processes 2 game i's White uses process i mod 2 and its Black process (i div 2)
// mod 2, so half the games relay their moves across processes (reported apart).
// The set-up creates the games faster than the server's new-game quota (600 a minute), so
// that quota is lifted (--games-per-minute 0); the per-address limits stay.
// --window-ms W also prints each W ms window of the timed part: its relay p50/p99/max and
// how late this client's own 20 ms timer fired at most (a stall of the client, not the server).
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, loadAverage, memoryMiB, percentiles, startServers } from './bench_servers.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}
const bounded = (value, low, high) => Math.min(Math.max(Number(value), low), high);
const binary = path.resolve(flag('binary', path.join(repo, 'build/evochess')));
const games = bounded(flag('games', 1000), 1, 5000);
const seconds = bounded(flag('seconds', 60), 5, 600);
const spectators = bounded(flag('spectators', 200), 0, 5000);
const thinkMs = bounded(flag('think-ms', 2000), 50, 60000);
const backend = flag('backend', 'sqlite');
const processes = bounded(flag('processes', 1), 1, 8);
const windowMs = flag('window-ms') === undefined ? 0 : bounded(flag('window-ms'), 100, 60000);
const variants = ['evochess', 'echess', 'promoteking', 'chess'];

const bench = await startServers({
  binary,
  backend,
  processes,
  extraArgs: ['--max-connections', '50000', '--games-per-minute', '0', '--games-per-minute-per-address', '0'],
});
const servers = bench.servers;

// Client addresses 127.1.x.y: one per player, so per-address limits see 2G users.
let nextAddress = 0;
function newAddress() {
  const n = nextAddress++;
  return `127.1.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

function request(port, address, method, urlPath, body, token) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? '' : JSON.stringify(body);
    const headers = { Host: '127.0.0.1', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) };
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, localAddress: address, agent: agentFor(address) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode, body: JSON.parse(text) });
        } catch {
          resolve({ status: res.statusCode, body: text });
        }
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}
const agents = new Map();
function agentFor(address) {
  if (!agents.has(address)) agents.set(address, new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address, timeout: 10000 }));
  return agents.get(address);
}

// An event stream; calls onMessage(message, arrivalMs) for each data message.
function openStream(port, address, gameId, token, onMessage) {
  // The seat token goes in the Authorization header: the server refuses it in the address.
  const headers = { Host: '127.0.0.1', Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const req = http.get({ host: '127.0.0.1', port, path: `/api/games/${gameId}/events`, localAddress: address, headers }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (event.startsWith('event: presence') || event.startsWith(':')) continue;
        const dataLine = event.split('\n').find((line) => line.startsWith('data: '));
        if (dataLine) onMessage(JSON.parse(dataLine.slice(6)), performance.now());
      }
    });
  });
  req.on('error', () => {});
  return req;
}

const stats = { moves: 0, refused: 0, latencies: { same: [], across: [] }, doubled: 0, errors: [] };
let running = true;
let streamsOpened = 0; // players' streams that have had their first message
const sentAt = new Map(); // `${gameId}:${ply}` -> ms the move that makes that ply was posted
// With --window-ms: each relay and the client's own timer lag, by the time they happened (a
// game may move while the others are still being set up).
const windows = { relay: [], clientLag: [] };

class Player {
  constructor(game, colour, token, port, address) {
    Object.assign(this, { game, colour, token, port, address, version: -1, acknowledged: 0 });
  }
  start() {
    this.stream = openStream(this.port, this.address, this.game.id, this.token, (message, arrived) => this.onMessage(message, arrived));
  }
  onMessage(message, arrived) {
    if (!this.opened) {
      this.opened = true;
      streamsOpened++;
    }
    if (message.version <= this.version) {
      if (message.version === this.version) return; // the first message after a reconnect
      stats.doubled++;
      return;
    }
    // A change (docs/api.md "Live updates") applies to the version it follows; after a gap
    // the game is read again.
    let state = message.state;
    if (!state) {
      if (message.previous_version !== this.version || !this.state) return void this.reread();
      state = { ...this.state, ...message.changed, history: this.state.history.slice(0, message.from_ply).concat(message.moves) };
    }
    this.state = state;
    this.version = message.version;
    const key = `${this.game.id}:${message.ply}`;
    if (sentAt.has(key) && state.turn === this.colour) {
      stats.latencies[this.game.across ? 'across' : 'same'].push(arrived - sentAt.get(key));
      if (windowMs) windows.relay.push([arrived, arrived - sentAt.get(key)]);
      sentAt.delete(key);
    }
    if (!running || state.result || state.turn !== this.colour || this.thinking) return;
    this.thinking = true;
    const delay = thinkMs * (0.5 + Math.random());
    setTimeout(() => this.move(state), delay);
  }
  async reread() {
    const answer = await request(this.port, this.address, 'GET', `/api/games/${this.game.id}`, undefined, this.token);
    if (answer.status === 200 && answer.body.version > this.version) this.onMessage({ version: answer.body.version, ply: answer.body.history.length, state: answer.body }, performance.now());
  }
  async move(state) {
    this.thinking = false;
    if (!running || state.legal.length === 0) return;
    const choice = state.legal[Math.floor(Math.random() * state.legal.length)];
    const ply = state.history.length;
    sentAt.set(`${this.game.id}:${ply + 1}`, performance.now());
    try {
      const answer = await request(this.port, this.address, 'POST', `/api/games/${this.game.id}/moves`, { uci: choice.uci, ply }, this.token);
      if (answer.status === 200) {
        stats.moves++;
        this.game.acknowledged = Math.max(this.game.acknowledged, ply + 1);
      } else {
        stats.refused++;
        if (stats.errors.length < 5) stats.errors.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
      }
    } catch (error) {
      stats.refused++;
      if (stats.errors.length < 5) stats.errors.push(String(error));
    }
  }
}

// Set-up: create and join every game (not timed), then open every stream.
console.log(`online load (${bench.label}): ${games} games, ${2 * games} players, ${spectators} spectators, think ${thinkMs} ms, ${seconds} s; load average ${loadAverage()}`);
const memoryBefore = servers.map((server) => memoryMiB(server.pid).rss);
const all = [];
for (let i = 0; i < games; i++) {
  const whitePort = servers[i % servers.length].port;
  const blackPort = servers[Math.floor(i / servers.length) % servers.length].port;
  const creator = newAddress();
  const created = await request(whitePort, creator, 'POST', '/api/games', {
    variant: variants[i % variants.length], online: true, colour: 'w',
    clock: { initial_ms: 600000, increment_ms: 5000 },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const code = created.body.invite.split('invite=')[1];
  const joiner = newAddress();
  const joined = await request(blackPort, joiner, 'POST', `/api/games/${created.body.id}/join`, { invite: code });
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  const game = { id: created.body.id, acknowledged: 0, across: whitePort !== blackPort };
  game.players = [new Player(game, 'w', created.body.seat.token, whitePort, creator), new Player(game, 'b', joined.body.seat.token, blackPort, joiner)];
  all.push(game);
}
const watchers = [];
for (const game of all) for (const player of game.players) player.start();
// The timed part starts once every player's stream has opened (at 5,000 games opening them
// takes many seconds of its own); what was done before is not counted.
const openingStarted = performance.now();
while (streamsOpened < 2 * all.length && performance.now() - openingStarted < 180000) await new Promise((resolve) => setTimeout(resolve, 100));
console.log(`${streamsOpened} player streams open in ${((performance.now() - openingStarted) / 1000).toFixed(1)} s`);
Object.assign(stats, { moves: 0, refused: 0, latencies: { same: [], across: [] } });
for (let i = 0; i < spectators; i++) watchers.push(openStream(servers[i % servers.length].port, newAddress(), all[i % all.length].id, null, () => {}));

// CPU seconds the servers, PostgreSQL and this client used during the timed part.
const serverCpuSeconds = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0);
const postgresCpuSeconds = () => bench.postgresPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
const serverCpuBefore = serverCpuSeconds();
const postgresCpuBefore = postgresCpuSeconds();
const clientCpuBefore = process.cpuUsage();
const started = performance.now();
let lagTimer;
if (windowMs) {
  let last = performance.now();
  lagTimer = setInterval(() => {
    const now = performance.now();
    windows.clientLag.push([now, now - last - 20]);
    last = now;
  }, 20);
}
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
clearInterval(lagTimer);
const serverCpu = serverCpuSeconds() - serverCpuBefore;
const postgresCpu = postgresCpuSeconds() - postgresCpuBefore;
const clientCpuUsage = process.cpuUsage(clientCpuBefore);
const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e6;
const loadAtEnd = loadAverage();
running = false;
const elapsed = (performance.now() - started) / 1000;
await new Promise((resolve) => setTimeout(resolve, 3000)); // moves in flight land
const memory = servers.map((server) => memoryMiB(server.pid));

// Every game read back: no acknowledged move lost, no flag fell.
let lost = 0;
let flagFalls = 0;
for (const game of all) {
  const answer = await request(game.players[0].port, game.players[0].address, 'GET', `/api/games/${game.id}`);
  if (answer.status !== 200) throw new Error(`read back game ${game.id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  if (answer.body.history.length < game.acknowledged) lost++;
  if (String(answer.body.reason ?? '').startsWith('time forfeit')) flagFalls++;
}
for (const game of all) for (const player of game.players) player.stream.destroy();
for (const watcher of watchers) watcher.destroy();
await bench.stop();

const show = (values) => {
  const p = percentiles(values);
  return `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms (${p.count} samples)`;
};
console.log(`moves: ${stats.moves} acknowledged in ${elapsed.toFixed(1)} s = ${(stats.moves / elapsed).toFixed(1)} moves/s; refused ${stats.refused}`);
console.log(`move POST -> opponent's stream: ${show([...stats.latencies.same, ...stats.latencies.across])}`);
if (windowMs) {
  const bucket = (time) => Math.floor((time - started) / windowMs);
  const relay = new Map();
  for (const [time, value] of windows.relay) relay.set(bucket(time), [...(relay.get(bucket(time)) ?? []), value]);
  const lag = new Map();
  for (const [time, value] of windows.clientLag) lag.set(bucket(time), Math.max(lag.get(bucket(time)) ?? 0, value));
  for (const [index, values] of [...relay].sort((a, b) => a[0] - b[0])) {
    const p = percentiles(values);
    const at = ((index * windowMs) / 1000).toFixed(1);
    console.log(`  window ${at} s: relay p50 ${p.p50.toFixed(0)} / p99 ${p.p99.toFixed(0)} / max ${p.max.toFixed(0)} ms (${p.count}); client timer late ${(lag.get(index) ?? 0).toFixed(0)} ms`);
  }
}
if (servers.length > 1) {
  console.log(`  opponent on the same process: ${show(stats.latencies.same)}`);
  console.log(`  opponent on the other process: ${show(stats.latencies.across)}`);
}
servers.forEach((server, i) =>
  console.log(`server ${i + 1} memory: ${memoryBefore[i].toFixed(0)} MiB at the start, ${memory[i].rss.toFixed(0)} MiB resident at the end, peak ${memory[i].peak.toFixed(0)} MiB`),
);
const perMove = (cpu) => (stats.moves ? ((1000 * cpu) / stats.moves).toFixed(2) : 'n/a');
console.log(`CPU: server${servers.length > 1 ? 's' : ''} ${serverCpu.toFixed(1)} s (${((100 * serverCpu) / elapsed).toFixed(0)} % of one core, ${perMove(serverCpu)} ms a move)` +
  (backend === 'postgres' ? `, PostgreSQL ${postgresCpu.toFixed(1)} s (${((100 * postgresCpu) / elapsed).toFixed(0)} %, ${perMove(postgresCpu)} ms a move)` : '') +
  `, this client ${clientCpu.toFixed(1)} s (${((100 * clientCpu) / elapsed).toFixed(0)} %); load average at the end ${loadAtEnd}`);
console.log(`checks: lost moves in ${lost} games, doubled messages ${stats.doubled}, flag falls ${flagFalls}`);
if (stats.errors.length) console.log(`first refusals: ${stats.errors.join(' | ')}`);
process.exit(lost === 0 && stats.doubled === 0 && flagFalls === 0 ? 0 : 1);
