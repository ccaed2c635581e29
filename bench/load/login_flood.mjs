// Issue 47 (H1): another client's GET /api/info while logins flood one `evochess serve`,
// against the same GET on a quiet server. Three phases of S seconds each, the probe (one
// client, one request at a time) running throughout:
//   quiet:  nothing else;
//   right:  C concurrent right-password logins to one account from one address;
//   wrong:  C concurrent wrong-password logins, each to a name and from an address of its own
//           (every one costs a hash: no per-name or per-address limit is met);
//   unhashed: the same, with names no account may have (refused before any hash): the cost
//           of the flood's requests and connections alone, to compare with "wrong".
// The probe runs on a thread of its own. The server's request rate limit is off, so the logins reach the accounts and the password
// threads. Reports the probe's p50/p99/max per phase, their ratio to quiet, and what the
// logins were answered (the statuses and how many a second).
//
//   node bench/load/login_flood.mjs [--binary build/evochess] [--clients 24] [--seconds 15]
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
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

// `oneOff`: a connection for this request only (the rotating addresses: kept-alive sockets of
// thousands of addresses would run out of descriptors).
function request(address, method, urlPath, json, oneOff = false) {
  return new Promise((resolve, reject) => {
    const data = json === undefined ? '' : JSON.stringify(json);
    const headers = { Host: `127.0.0.1:${port}`, 'Content-Length': Buffer.byteLength(data) };
    if (oneOff) headers.Connection = 'close';
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers, localAddress: address, agent: oneOff ? false : agentFor(address) },
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
// The probe runs on a thread of its own (its own event loop), so that the flood's work in
// this process does not count in its latencies.
const probeSource = `
  const http = require('node:http');
  const { parentPort, workerData } = require('node:worker_threads');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.3.0.1' });
  let running = true;
  const latencies = [];
  parentPort.on('message', () => (running = false));
  const once = () => new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/info', agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - start) : reject(new Error('probe: ' + res.statusCode))));
    });
    req.on('error', reject);
  });
  (async () => {
    while (running) latencies.push(await once());
    parentPort.postMessage(latencies);
  })();
`;
function probe() {
  const worker = new Worker(probeSource, { eval: true, workerData: { port } });
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { stop: () => (worker.postMessage('stop'), done.finally(() => worker.terminate())) };
}

let serial = 0;
async function flood(kind, statuses) {
  while (running) {
    const n = serial++;
    const address = kind === 'right' ? '127.5.0.1' : `127.6.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    const body =
      kind === 'right'
        ? { name: 'flooded', password: PASSWORD }
        : // 'unhashed': a name no account may have, refused before any hash (the flood's own cost)
          { name: kind === 'wrong' ? `nobody${n}` : `no body ${n}`, password: 'wrong password' };
    let status;
    try {
      status = await request(address, 'POST', '/api/session', body, kind !== 'right');
    } catch (error) {
      status = error.code;
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
}

async function phase(kind, duration = seconds) {
  const statuses = new Map();
  running = true;
  const started = performance.now();
  const prober = probe();
  const tasks = [];
  if (kind !== 'quiet') for (let i = 0; i < clients; i++) tasks.push(flood(kind, statuses));
  await new Promise((resolve) => setTimeout(resolve, duration * 1000));
  running = false;
  const latencies = await prober.stop();
  await Promise.all(tasks);
  const elapsed = (performance.now() - started) / 1000;
  return { kind, probe: percentiles(latencies), statuses, elapsed };
}

const results = [];
await phase('quiet', 2); // a warm-up, not reported
for (const kind of ['quiet', 'right', 'wrong', 'unhashed', 'quiet']) results.push(await phase(kind));
await bench.stop();

const quiet = results[0].probe;
const ms = (value) => value.toFixed(2);
console.log(
  `login flood: ${clients} clients, ${seconds} s a phase, ${os.cpus().length} cores (${os.cpus()[0].model}), load ${loadAverage()}`,
);
console.log('phase    probe GETs  p50 ms  p99 ms  max ms  p50/quiet  p99/quiet  logins answered');
for (const { kind, probe: p, statuses, elapsed } of results) {
  const answered = [...statuses].map(([status, count]) => `${status}: ${(count / elapsed).toFixed(1)}/s`).join(', ');
  console.log(
    `${kind.padEnd(8)} ${String(p.count).padStart(10)}  ${ms(p.p50).padStart(6)}  ${ms(p.p99).padStart(6)}  ${ms(p.max).padStart(6)}  ` +
      `${(p.p50 / quiet.p50).toFixed(2).padStart(9)}  ${(p.p99 / quiet.p99).toFixed(2).padStart(9)}  ${answered || '-'}`,
  );
}
