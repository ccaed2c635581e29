// Perft speed of the WebAssembly build in Node against the native binary, interleaved on
// the same positions in one run (docs/performance.md):
//   node bench/wasm_perft.mjs [--evochess build/evochess] [--module wasm/dist] [--runs 3] [--calls 100000]
// Prints, per position, the best time of each and nodes a second; the native time excludes
// the process start-up (timed as `evochess perft --depth 0`). Then the cost of one legal-move
// listing through the JS API.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, i, all) =>
  arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs, []));
const binary = args.evochess ?? 'build/evochess';
const moduleDir = resolve(args.module ?? 'wasm/dist');
const runs = Number(args.runs ?? 3);

const positions = [
  { name: 'chess start', variant: 'chess', fen: '', depth: 6 },
  { name: 'chess, Kiwipete', variant: 'chess',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 5 },
  { name: 'EvoChess start', variant: 'evochess', fen: '', depth: 6 },
  { name: 'Promote King start', variant: 'promoteking', fen: '', depth: 6 },
];

const { default: create } = await import(pathToFileURL(`${moduleDir}/evochess_wasm.mjs`).href);
const wasm = await create({ wasmBinary: await readFile(`${moduleDir}/evochess_wasm.wasm`) });

function nativeSeconds(p, depth) {
  const argv = ['perft', '--variant', p.variant, '--depth', String(depth)];
  if (p.fen) argv.push('--fen', p.fen);
  const started = process.hrtime.bigint();
  const run = spawnSync(binary, argv, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${binary} perft failed: ${run.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function wasmRun(p) {
  const started = process.hrtime.bigint();
  const answer = wasm.perft(p.variant, p.fen, p.depth);
  if (answer.error) throw new Error(answer.message);
  return { nodes: answer.value, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

console.log(`| position | depth | nodes | native | wasm (Node ${process.versions.node}) | wasm / native |`);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const p of positions) {
  let native = Infinity, inWasm = Infinity, nodes = 0, startup = Infinity;
  for (let i = 0; i < runs; i++) {
    startup = Math.min(startup, nativeSeconds(p, 0));
    native = Math.min(native, nativeSeconds(p, p.depth));
    const w = wasmRun(p);
    nodes = w.nodes;
    inWasm = Math.min(inWasm, w.seconds);
  }
  native -= startup;
  const mnps = (s) => `${s.toFixed(2)} s, ${(nodes / s / 1e6).toFixed(1)} M/s`;
  console.log(`| ${p.name} | ${p.depth} | ${nodes.toLocaleString('en')} | ${mnps(native)} | ${mnps(inWasm)} | ${(inWasm / native).toFixed(2)} |`);
}

// The cost of one legal-move listing through the package's API (wasm/dist), as a board UI
// makes on every pick-up: Position.legalMoves() and the stateless legalMoves(v, fen, []).
const { Position, legalMoves } = await import(new URL('../wasm/evochess.js', import.meta.url).href);
const calls = Number(args.calls ?? 100000);
const perCall = (work) => {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) work();
  return `${(Number(process.hrtime.bigint() - started) / 1e3 / calls).toFixed(1)} µs`;
};
console.log(`\n| position | moves | Position.legalMoves() | legalMoves(v, fen, []) |`);
console.log('| --- | ---: | ---: | ---: |');
for (const p of positions) {
  const position = new Position(p.variant, p.fen);
  console.log(`| ${p.name} | ${position.legalMoves().length} | ${perCall(() => position.legalMoves())} | ${perCall(() => legalMoves(p.variant, position.fen, []))} |`);
}
