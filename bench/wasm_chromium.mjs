// Perft and search speed of the WebAssembly package in Chromium and in Node against the
// native binary, interleaved on the same positions in one run (docs/performance.md):
//   node bench/wasm_chromium.mjs [--evochess build/evochess] [--runs 3] [--nodes 2000000]
// Chromium is Playwright's driver (web/node_modules, `cd web && npm ci`) on Debian's
// chromium, headless, loading the package (wasm/, built by wasm/build.sh) from a page served
// here as the web app serves it. Perft is one call into the module on the page's main thread
// (in Node the same call); the search is the package's Engine, in a Web Worker (in Node a
// worker_thread), against `evochess uci` with `go nodes`. Prints the best time of each and
// nodes a second; the native perft time excludes the process start-up (`perft --depth 0`).
import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const binary = resolve(args.evochess ?? 'build/evochess');
const runs = Number(args.runs ?? 3);
const searchNodes = Number(args.nodes ?? 2000000);
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

const positions = [
  { name: 'chess start', variant: 'chess', fen: '', depth: 6 },
  {
    name: 'chess, Kiwipete',
    variant: 'chess',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    depth: 5,
  },
  { name: 'EvoChess start', variant: 'evochess', fen: '', depth: 6 },
  { name: 'Promote King start', variant: 'promoteking', fen: '', depth: 6 },
];

// The package's folder over HTTP, with the types a browser needs for modules and WebAssembly.
const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const packageDir = join(repo, 'wasm');
const httpServer = createServer(async (request, response) => {
  const path = new URL(request.url, 'http://localhost').pathname;
  try {
    const body = path === '/' ? '<!doctype html><title>evochess-wasm bench</title>' : await readFile(join(packageDir, path.replace(/\.\./g, '')));
    response.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'text/html' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((done) => httpServer.listen(0, '127.0.0.1', done));
const address = `http://127.0.0.1:${httpServer.address().port}/`;

const { chromium } = createRequire(join(repo, 'web/package.json'))('playwright-core');
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.goto(address);
const chromiumVersion = browser.version();
await page.evaluate(async () => {
  window.evo = await import('/evochess.js');
});
const node = await import(new URL('../wasm/evochess.js', import.meta.url).href);

function nativePerftSeconds(p, depth) {
  const argv = ['perft', '--variant', p.variant, '--depth', String(depth)];
  if (p.fen) argv.push('--fen', p.fen);
  const started = process.hrtime.bigint();
  const run = spawnSync(binary, argv, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${binary} perft failed: ${run.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function nodePerft(p) {
  const started = process.hrtime.bigint();
  const nodes = node.perft(p.variant, p.fen, p.depth);
  return { nodes, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const chromiumPerft = (p) =>
  page.evaluate(([variant, fen, depth]) => {
    const started = performance.now();
    const nodes = window.evo.perft(variant, fen, depth);
    return { nodes, seconds: (performance.now() - started) / 1000 };
  }, [p.variant, p.fen, p.depth]);

const rate = (nodes, seconds) => `${seconds.toFixed(2)} s, ${(nodes / seconds / 1e6).toFixed(1)} M/s`;

console.log(`Chromium ${chromiumVersion} (headless), Node ${process.versions.node}, ${binary}\n`);
console.log('| position | depth | nodes | native | wasm (Node) | wasm (Chromium) | Node / native | Chromium / native |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const p of positions) {
  let native = Infinity, inNode = Infinity, inChromium = Infinity, startup = Infinity, nodes = 0;
  for (let i = 0; i < runs; i++) {
    startup = Math.min(startup, nativePerftSeconds(p, 0));
    native = Math.min(native, nativePerftSeconds(p, p.depth));
    const n = nodePerft(p);
    const c = await chromiumPerft(p);
    if (n.nodes !== c.nodes) throw new Error(`${p.name}: Node counted ${n.nodes}, Chromium ${c.nodes}`);
    nodes = n.nodes;
    inNode = Math.min(inNode, n.seconds);
    inChromium = Math.min(inChromium, c.seconds);
  }
  native -= startup;
  console.log(
    `| ${p.name} | ${p.depth} | ${nodes.toLocaleString('en')} | ${rate(nodes, native)} | ${rate(nodes, inNode)} | ${rate(nodes, inChromium)} | ` +
      `${(inNode / native).toFixed(2)} | ${(inChromium / native).toFixed(2)} |`,
  );
}

// `evochess uci`, one thread: the nodes and time of its last info line for `go nodes N`.
function nativeSearch(p) {
  return new Promise((done, fail) => {
    const engine = spawn(binary, ['uci']);
    let output = '';
    engine.stdout.on('data', (chunk) => {
      output += chunk;
      if (!/^bestmove/m.test(output)) return;
      engine.stdin.end('quit\n');
      const info = output.split('\n').filter((line) => / nodes \d+/.test(line) && / time \d+/.test(line)).pop();
      done({ nodes: Number(info.match(/ nodes (\d+)/)[1]), ms: Number(info.match(/ time (\d+)/)[1]) });
    });
    engine.on('error', fail);
    const position = p.fen ? `position fen ${p.fen}` : 'position startpos';
    engine.stdin.write(`uci\nsetoption name UCI_Variant value ${p.variant}\nsetoption name Hash value 32\nucinewgame\n${position}\ngo nodes ${searchNodes}\n`);
  });
}

async function nodeSearch(p) {
  const engine = new node.Engine({ hashMb: 32 });
  try {
    const analysis = await engine.analyse({ variant: p.variant, fen: p.fen }, { nodes: searchNodes });
    return { nodes: analysis.nodes, ms: analysis.timeMs };
  } finally {
    engine.close();
  }
}

const chromiumSearch = (p) =>
  page.evaluate(async ([variant, fen, nodes]) => {
    const engine = new window.evo.Engine({ hashMb: 32 });
    try {
      const analysis = await engine.analyse({ variant, fen }, { nodes });
      return { nodes: analysis.nodes, ms: analysis.timeMs };
    } finally {
      engine.close();
    }
  }, [p.variant, p.fen, searchNodes]);

const nps = (s) => `${Math.round(s.nodes / (s.ms / 1000)).toLocaleString('en')}`;
const best = (a, b) => (!a || b.nodes / b.ms > a.nodes / a.ms ? b : a);
console.log(`\nSearch, ${searchNodes.toLocaleString('en')} nodes, one thread, 32 MB hash, best of ${runs}: nodes a second`);
console.log('| position | native | wasm (Node) | wasm (Chromium) | native / Node | native / Chromium |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const p of positions.filter((q) => !q.fen)) {
  let native = null, inNode = null, inChromium = null;
  for (let i = 0; i < runs; i++) {
    native = best(native, await nativeSearch(p));
    inNode = best(inNode, await nodeSearch(p));
    inChromium = best(inChromium, await chromiumSearch(p));
  }
  const ratio = (w) => (native.nodes / native.ms / (w.nodes / w.ms)).toFixed(2);
  console.log(`| ${p.name} | ${nps(native)} | ${nps(inNode)} | ${nps(inChromium)} | ${ratio(inNode)} | ${ratio(inChromium)} |`);
}

await browser.close();
httpServer.close();
