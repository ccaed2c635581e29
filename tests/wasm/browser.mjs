// The package in Debian's Chromium: served as it is (wasm/ over HTTP), a page imports
// evochess.js, lists legal moves and runs the engine in a Web Worker, which posts its lines.
// Exits 77 (skipped) when the package is not built and emscripten is missing.
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const root = path.join(repo, 'wasm');
if (!existsSync(path.join(root, 'dist/evochess_wasm.wasm'))) {
  const emscripten = spawnSync('sh', ['-c', 'command -v emcmake']).status === 0;
  console.log(emscripten ? 'wasm/dist/ is missing: run wasm/build.sh first' : 'emscripten is not installed; skipped');
  process.exit(emscripten ? 1 : 77);
}

const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const page = `<!doctype html><meta charset="utf-8"><pre id="out">loading</pre><script type="module">
  const out = document.getElementById('out');
  try {
    const evo = await import('/evochess.js');
    const seen = [];
    const engine = new evo.Engine();
    const analysis = await engine.analyse(new evo.Position('promoteking'), { depth: 5, onLine: (l) => seen.push(l.depth) });
    out.textContent = JSON.stringify({ moves: evo.legalMoves('evochess', '', ['e2e4', 'e7e5']),
      san: new evo.Position('chess').san('g1f3'), best: analysis.bestMove, seen,
      legal: new evo.Position('promoteking').legalMoves() });
  } catch (e) { out.textContent = 'ERROR ' + e.kind + ' ' + e.message; }
</script>`;
const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname === '/page.html') return response.end(page);
  const file = path.join(root, path.normalize(url.pathname));
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    response.statusCode = 404;
    return response.end();
  }
  response.setHeader('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const { chromium } = createRequire(path.join(repo, 'web/package.json'))('playwright-core');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
let failed = false;
try {
  const tab = await browser.newPage();
  tab.on('pageerror', (e) => console.log('page error:', e.message));
  await tab.goto(`http://127.0.0.1:${server.address().port}/page.html`);
  await tab.waitForFunction(() => document.getElementById('out').textContent !== 'loading', null, { timeout: 120000 });
  const text = await tab.textContent('#out');
  console.log(text);
  const got = JSON.parse(text);
  // The same legal moves as the native binary's (--binary, else build/evochess).
  const flag = process.argv.indexOf('--binary');
  const binary = flag > 0 ? process.argv[flag + 1] : path.join(repo, 'build/evochess');
  const native = spawnSync(binary, ['moves', '--variant', 'promoteking'], { encoding: 'utf8' });
  const nativeMoves = native.stdout.trim().split('\n').map((line) => line.split(' ')[0]).sort();
  const same = JSON.stringify(nativeMoves) === JSON.stringify([...got.legal].sort());
  if (!same) console.log('native moves differ:', nativeMoves.join(' '));
  failed = !same || got.san !== 'Nf3' || got.moves.length < 1 || !got.legal.includes(got.best) || got.seen.length < 1;
} catch (e) {
  console.log('FAIL', e.stack ?? e);
  failed = true;
} finally {
  await browser.close();
  server.close();
}
console.log(failed ? 'FAIL - the package in Chromium' : 'ok - the package in Chromium: legal moves, an engine search in a Web Worker');
process.exit(failed ? 1 : 0);
