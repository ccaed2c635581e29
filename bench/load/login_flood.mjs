// Issue 47 (H1): another client's GET /api/info while logins flood one `evochess serve`,
// against the same GET on a quiet server. Three phases of S seconds each, the probe (one
// client, one request at a time) running throughout:
//   quiet:  nothing else;
//   right:  C concurrent right-password logins to one account from one address;
//   wrong:  C concurrent wrong-password logins, each to a name and from an address of its own
//           (every one costs a hash: no per-name or per-address limit is met).
// The server's request rate limit is off, so the logins reach the accounts and the password
// threads. Reports the probe's p50/p99/max per phase, their ratio to quiet, and what the
// logins were answered (the statuses and how many a second).
//
//   node bench/load/login_flood.mjs [--binary build/evochess] [--clients 24] [--seconds 15]
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, percentiles, startServers } from './bench_servers.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}
const bounded = (value, low, high) => Math.min(Math.max(Number(value), low), high);
const binary = path.resolve(flag('binary', path.join(repo, 'build/evochess')));
const clients = bounded(flag('clients', 24), 1, 500);
const seconds = bounded(flag('seconds', 15), 3, 600);

const bench = await startServers({ binary, extraArgs: ['--rate-limit', '0', '--no-engine'] });
const { port } = bench.servers[0];

const agents = new Map();
const agentFor = (address) => {
  if (!agents.has(address)) agents.set(address, new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address }));
  return agents.get(address);
};

function request(address, method, urlPath, json) {
  return new Promise((resolve, reject) => {
    const data = json === undefined ? '' : JSON.stringify(json);
    const headers = { Host: `127.0.0.1:${port}`, 'Content-Length': Buffer.byteLength(data) };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers, localAddress: address, agent: agentFor(address) },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const PASSWORD = 'correct horse battery';
const made = await request('127.4.0.1', 'POST', '/api/accounts', { name: 'flooded', password: PASSWORD });
if (made !== 201) throw new Error(`sign-up: ${made}`);

let running = false;
async function probe(latencies) {
  while (running) {
    const start = performance.now();
    const status = await request('127.3.0.1', 'GET', '/api/info');
    if (status !== 200) throw new Error(`probe: ${status}`);
    latencies.push(performance.now() - start);
  }
}

let serial = 0;
async function flood(kind, statuses) {
  while (running) {
    const n = serial++;
    const address = kind === 'right' ? '127.5.0.1' : `127.6.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    const body = kind === 'right' ? { name: 'flooded', password: PASSWORD } : { name: `nobody${n}`, password: 'wrong password' };
    let status;
    try {
      status = await request(address, 'POST', '/api/session', body);
    } catch (error) {
      status = error.code;
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
}

async function phase(kind) {
  const latencies = [];
  const statuses = new Map();
  running = true;
  const started = performance.now();
  const tasks = [probe(latencies)];
  if (kind !== 'quiet') for (let i = 0; i < clients; i++) tasks.push(flood(kind, statuses));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  running = false;
  await Promise.all(tasks);
  const elapsed = (performance.now() - started) / 1000;
  return { kind, probe: percentiles(latencies), statuses, elapsed };
}

const results = [];
for (const kind of ['quiet', 'right', 'wrong', 'quiet']) results.push(await phase(kind));
await bench.stop();

const quiet = results[0].probe;
const ms = (value) => value.toFixed(2);
console.log(
  `login flood: ${clients} clients, ${seconds} s a phase, ${os.cpus().length} cores (${os.cpus()[0].model}), load ${loadAverage()}`,
);
console.log('phase   probe GETs  p50 ms  p99 ms  max ms  p50/quiet  p99/quiet  logins answered');
for (const { kind, probe: p, statuses, elapsed } of results) {
  const answered = [...statuses].map(([status, count]) => `${status}: ${(count / elapsed).toFixed(1)}/s`).join(', ');
  console.log(
    `${kind.padEnd(7)} ${String(p.count).padStart(10)}  ${ms(p.p50).padStart(6)}  ${ms(p.p99).padStart(6)}  ${ms(p.max).padStart(6)}  ` +
      `${(p.p50 / quiet.p50).toFixed(2).padStart(9)}  ${(p.p99 / quiet.p99).toFixed(2).padStart(9)}  ${answered || '-'}`,
  );
}
