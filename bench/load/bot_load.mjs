// Load benchmark of lichess's Bot API (issue 45): G games between bots at instant moves,
// against G web games (our own API, issue 10) at instant moves, on one `evochess serve`, in
// one run: first the bots alone, then the web games alone, then both at once. Each bot and
// each web player is a client address of its own in 127.0.0.0/8.
//
// A bot game is a challenge (10+5 chess) accepted by the other bot, both players on
// `/api/bot/game/stream/{id}`; the bots play the two knights out and back (16 plies, the
// game drawn by threefold repetition), then challenge again. Web players play random legal
// moves from the game's state. Reports per phase the moves a second, a move's relay (its
// POST to the opponent's stream, p50/p99/max) and the server's CPU per move.
//
//   node bench/load/bot_load.mjs [--binary build/evochess] [--games 200] [--seconds 30]
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, loadAverage, percentiles, startServers } from './bench_servers.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}
const bounded = (value, low, high) => Math.min(Math.max(Number(value), low), high);
const binary = path.resolve(flag('binary', path.join(repo, 'build/evochess')));
const games = bounded(flag('games', 200), 1, 2000);
const seconds = bounded(flag('seconds', 30), 5, 600);
const DANCE = ['g1f3', 'g8f6', 'b1c3', 'b8c6', 'f3g1', 'f6g8', 'c3b1', 'c6b8'];

const bench = await startServers({
  binary,
  extraArgs: [
    '--max-connections',
    '50000',
    '--rate-limit',
    '0',
    '--games-per-minute',
    '0',
    '--games-per-minute-per-address',
    '0',
    '--no-engine',
  ],
});
const { port, pid } = bench.servers[0];

let nextAddress = 0;
const newAddress = () => {
  const n = nextAddress++;
  return `127.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};
const agents = new Map();
const agentFor = (address) => {
  if (!agents.has(address)) agents.set(address, new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: address }));
  return agents.get(address);
};

// One request: {status, body (JSON when it is), cookie}. A kept-alive socket the server
// closed while idle is tried once more on a new one.
async function request(address, method, urlPath, options = {}) {
  try {
    return await requestOnce(address, method, urlPath, options);
  } catch (error) {
    if (error.code !== 'ECONNRESET') throw error;
    return requestOnce(address, method, urlPath, options);
  }
}

function requestOnce(address, method, urlPath, { json, form, token, cookie } = {}) {
  return new Promise((resolve, reject) => {
    const data = json !== undefined ? JSON.stringify(json) : (form ?? '');
    const headers = { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}`, 'Content-Length': Buffer.byteLength(data) };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    if (form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (cookie) headers.Cookie = cookie;
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers, localAddress: address, agent: agentFor(address) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let body = text;
          try {
            body = JSON.parse(text);
          } catch {
            // text
          }
          resolve({ status: res.statusCode, body, cookie: (res.headers['set-cookie'] ?? [''])[0].split(';')[0] });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

// A stream read line by line (NDJSON) or event by event (server-sent events).
function openLines(address, urlPath, token, separator, onItem) {
  const headers = { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${token}` };
  const req = http.get({ host: '127.0.0.1', port, path: urlPath, localAddress: address, headers }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf(separator)) >= 0) {
        const item = buffer.slice(0, end);
        buffer = buffer.slice(end + separator.length);
        if (item.trim()) onItem(item, performance.now());
      }
    });
    res.on('end', () => onItem(null, performance.now()));
  });
  req.on('error', () => {});
  return req;
}

const phase = { name: '', running: false, bot: { moves: 0, relays: [] }, web: { moves: 0, relays: [] } };
const errors = [];
const note = (what) => errors.length < 5 && errors.push(what);

// --- Bots ---------------------------------------------------------------------------------
async function newBot(index) {
  const address = newAddress();
  const name = `loadbot${index}`;
  const made = await request(address, 'POST', '/api/accounts', { json: { name, password: 'correct horse battery' } });
  if (made.status !== 201) throw new Error(`sign-up ${name}: ${made.status} ${JSON.stringify(made.body)}`);
  const token = await request(address, 'POST', '/api/tokens', { json: { description: 'load', scopes: ['bot:play'] }, cookie: made.cookie });
  if (token.status !== 201) throw new Error(`token ${name}: ${token.status}`);
  const upgraded = await request(address, 'POST', '/api/bot/account/upgrade', { token: token.body.token });
  if (upgraded.status !== 200) throw new Error(`upgrade ${name}: ${upgraded.status}`);
  return { name, address, token: token.body.token };
}

class BotPair {
  constructor(white, black) {
    Object.assign(this, { white, black, game: null, streams: [] });
  }
  async next() {
    try {
      await this.play();
    } catch (error) {
      note(String(error));
    }
  }
  async play() {
    if (!phase.running || !this.wanted) return;
    const sent = await request(this.white.address, 'POST', `/api/challenge/${this.black.name}`, {
      form: 'variant=standard&color=white&clock.limit=600&clock.increment=5',
      token: this.white.token,
    });
    if (sent.status !== 200) return note(`challenge ${sent.status} ${JSON.stringify(sent.body).slice(0, 100)}`);
    const id = sent.body.id;
    const accepted = await request(this.black.address, 'POST', `/api/challenge/${id}/accept`, { token: this.black.token });
    if (accepted.status !== 200) return note(`accept ${accepted.status}`);
    this.game = { id, ply: 0, sentAt: new Map(), over: false };
    const game = this.game;
    for (const [colour, bot] of [
      ['white', this.white],
      ['black', this.black],
    ]) {
      const stream = openLines(bot.address, `/api/bot/game/stream/${id}`, bot.token, '\n', (line, arrived) => {
        if (line === null) return colour === 'white' && this.ended(game);
        const event = JSON.parse(line);
        const state = event.type === 'gameFull' ? event.state : event;
        if (state.type !== 'gameState') return;
        const ply = state.moves ? state.moves.split(' ').length : 0;
        const mine = (ply % 2 === 0) === (colour === 'white');
        if (mine && game.sentAt.has(ply)) {
          if (phase.running) phase.bot.relays.push(arrived - game.sentAt.get(ply));
          game.sentAt.delete(ply);
        }
        if (state.status !== 'started' || !mine || !phase.running) return;
        const uci = DANCE[ply % DANCE.length];
        game.sentAt.set(ply + 1, performance.now());
        request(bot.address, 'POST', `/api/bot/game/${id}/move/${uci}`, { token: bot.token }).then(
          (answer) =>
            answer.status === 200 ? phase.running && phase.bot.moves++ : note(`bot move ${answer.status} ${JSON.stringify(answer.body)}`),
          (error) => note(String(error)),
        );
      });
      this.streams.push(stream);
    }
  }
  ended(game) {
    if (game.over) return;
    game.over = true;
    for (const stream of this.streams) stream.destroy();
    this.streams = [];
    void this.next();
  }
}

// --- Web games ----------------------------------------------------------------------------
class WebGame {
  async make() {
    this.whiteAddress = newAddress();
    this.blackAddress = newAddress();
    const made = await request(this.whiteAddress, 'POST', '/api/games', {
      json: { variant: 'chess', online: true, colour: 'w', clock: { initial_ms: 600000, increment_ms: 5000 } },
    });
    if (made.status !== 201) throw new Error(`web game: ${made.status} ${JSON.stringify(made.body)}`);
    const joined = await request(this.blackAddress, 'POST', `/api/games/${made.body.id}/join`, {
      json: { invite: made.body.invite.split('invite=')[1] },
    });
    if (joined.status !== 200) throw new Error(`join: ${joined.status}`);
    Object.assign(this, {
      id: made.body.id,
      tokens: { w: made.body.seat.token, b: joined.body.seat.token },
      sentAt: new Map(),
      streams: [],
    });
  }
  start() {
    for (const colour of ['w', 'b']) {
      const address = colour === 'w' ? this.whiteAddress : this.blackAddress;
      let state = null;
      let version = -1;
      const stream = openLines(address, `/api/games/${this.id}/events`, this.tokens[colour], '\n\n', (event, arrived) => {
        if (event === null || event.startsWith('event: presence') || event.startsWith(':')) return;
        const data = event.split('\n').find((line) => line.startsWith('data: '));
        if (!data) return;
        const message = JSON.parse(data.slice(6));
        if (message.version <= version) return;
        if (message.state) state = message.state;
        else if (state && message.previous_version === version)
          state = { ...state, ...message.changed, history: state.history.slice(0, message.from_ply).concat(message.moves) };
        else return;
        version = message.version;
        const ply = state.history.length;
        if (state.turn === colour && this.sentAt.has(ply)) {
          if (phase.running) phase.web.relays.push(arrived - this.sentAt.get(ply));
          this.sentAt.delete(ply);
        }
        if (!phase.running || !this.wanted || state.result || state.turn !== colour || state.legal.length === 0) return;
        const choice = state.legal[Math.floor(Math.random() * state.legal.length)];
        this.sentAt.set(ply + 1, performance.now());
        request(address, 'POST', `/api/games/${this.id}/moves`, { json: { uci: choice.uci, ply }, token: this.tokens[colour] }).then(
          (answer) => (answer.status === 200 ? phase.running && phase.web.moves++ : note(`web move ${answer.status}`)),
          (error) => note(String(error)),
        );
      });
      this.streams.push(stream);
    }
  }
  stop() {
    for (const stream of this.streams) stream.destroy();
    this.streams = [];
  }
}

console.log(`bot load: ${games} bot games and ${games} web games, ${seconds} s a phase; load average ${loadAverage()}`);
const setupStarted = performance.now();
const bots = [];
for (let i = 0; i < 2 * games; i++) bots.push(await newBot(i));
const pairs = [];
for (let i = 0; i < games; i++) pairs.push(new BotPair(bots[2 * i], bots[2 * i + 1]));
// Each bot's event stream is open, as a bot program keeps it.
const eventStreams = bots.map((bot) => openLines(bot.address, '/api/stream/event', bot.token, '\n', () => {}));
console.log(`${bots.length} bots signed up and streaming in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

const report = (name, kinds, elapsed, cpu) => {
  for (const kind of kinds) {
    const p = percentiles(phase[kind].relays);
    console.log(
      `  ${name}, ${kind} games: ${phase[kind].moves} moves = ${(phase[kind].moves / elapsed).toFixed(0)}/s; relay p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms (${p.count})`,
    );
  }
  const moves = kinds.reduce((sum, kind) => sum + phase[kind].moves, 0);
  console.log(
    `  ${name}: server CPU ${cpu.toFixed(1)} s = ${((100 * cpu) / elapsed).toFixed(0)} % of one core, ${moves ? ((1000 * cpu) / moves).toFixed(3) : 'n/a'} ms a move`,
  );
};

async function runPhase(name, { withBots, withWeb, webGames }) {
  Object.assign(phase, { name, running: true, bot: { moves: 0, relays: [] }, web: { moves: 0, relays: [] } });
  for (const pair of pairs) pair.wanted = withBots;
  for (const game of webGames) game.wanted = withWeb;
  const cpuBefore = cpuSeconds(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  if (withBots) for (const pair of pairs) void pair.next();
  if (withWeb) for (const game of webGames) game.start();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  phase.running = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  report(name, [withBots && 'bot', withWeb && 'web'].filter(Boolean), elapsed, cpu);
  // A client near 100 % of its one core is the limit, not the server.
  console.log(
    `  ${name}: this client ${((client.user + client.system) / 1e6).toFixed(1)} s = ${((100 * (client.user + client.system)) / 1e6 / elapsed).toFixed(0)} % of one core`,
  );
  await new Promise((resolve) => setTimeout(resolve, 2000)); // moves in flight land
  for (const game of webGames) game.stop();
  for (const pair of pairs) for (const stream of pair.streams.splice(0)) stream.destroy();
}

const makeWebGames = async () => {
  const made = [];
  for (let i = 0; i < games; i++) {
    const game = new WebGame();
    await game.make();
    made.push(game);
  }
  return made;
};
await runPhase('bots alone', { withBots: true, withWeb: false, webGames: [] });
await runPhase('web alone', { withBots: false, withWeb: true, webGames: await makeWebGames() });
await runPhase('both at once', { withBots: true, withWeb: true, webGames: await makeWebGames() });
console.log(`load average at the end ${loadAverage()}`);
if (errors.length) console.log(`first refusals: ${errors.join(' | ')}`);
for (const stream of eventStreams) stream.destroy();
await bench.stop();
process.exit(errors.length ? 1 : 0);
