// Starts the servers a load bench runs against: one `evochess serve` on SQLite, or one or
// more on one throw-away PostgreSQL server (tests/app/storage/postgres_test_server.sh: its own
// data directory and Unix socket, fsync off, deleted at the end). Every process gets its
// own --data directory and a free loopback port.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../tests/e2e/evochess_server.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const postgresScript = path.join(repo, 'tests/app/storage/postgres_test_server.sh');

// backend: 'sqlite' or 'postgres'; processes: 1 on SQLite (one process per database).
export async function startServers({ binary, backend = 'sqlite', processes = 1, extraArgs = [] }) {
  if (backend !== 'sqlite' && backend !== 'postgres') throw new Error(`unknown backend ${backend}`);
  if (backend === 'sqlite' && processes !== 1) throw new Error('SQLite takes one process per database');
  let postgresDir = null;
  let database = [];
  if (backend === 'postgres') {
    postgresDir = mkdtempSync(path.join(tmpdir(), 'evochess-bench-pg-'));
    chmodSync(postgresDir, 0o755); // as root the script runs PostgreSQL as `nobody`
    execFileSync('sh', [postgresScript, 'init', postgresDir], { stdio: 'inherit' });
    database = ['--database', `postgresql://evochess@/postgres?host=${postgresDir}&port=5432`];
  }
  const servers = [];
  const dataDirs = [];
  const removeDataDirs = () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  // A bench that throws (a refused set-up request) still leaves no server running.
  const leftovers = () => {
    for (const server of servers) {
      try {
        process.kill(server.pid, 'SIGTERM');
      } catch {
        // stopped already
      }
    }
    if (postgresDir) execFileSync('sh', [postgresScript, 'stop', postgresDir]);
    removeDataDirs();
  };
  process.on('exit', leftovers);
  try {
    for (let i = 0; i < processes; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'evochess-bench-data-'));
      dataDirs.push(dataDir);
      const server = await startServer({
        binary,
        dataDir,
        webDir: path.join(repo, 'web/dist'),
        extraArgs: [...database, ...extraArgs],
      });
      servers.push({ ...server, port: Number(new URL(server.address).port) });
    }
  } catch (error) {
    process.off('exit', leftovers);
    for (const server of servers) await server.stop();
    if (postgresDir) execFileSync('sh', [postgresScript, 'stop', postgresDir]);
    removeDataDirs();
    throw error;
  }
  return {
    servers,
    label: backend === 'sqlite' ? 'SQLite, 1 process' : `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`,
    // The PostgreSQL server's processes (postmaster and backends), for their CPU time.
    postgresPids: () => (postgresDir ? postgresProcesses(postgresDir) : []),
    stop: async () => {
      process.off('exit', leftovers);
      for (const server of servers) await server.stop();
      if (postgresDir) execFileSync('sh', [postgresScript, 'stop', postgresDir]);
      removeDataDirs();
    },
  };
}

function postgresProcesses(dir) {
  const postmaster = Number(readFileSync(path.join(dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (parent === postmaster) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

// utime + stime of a process, in seconds (0 once it is gone).
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

// VmRSS and VmHWM of a process, in MiB.
export function memoryMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

// Percentiles of a list of numbers (sorted here).
export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}
