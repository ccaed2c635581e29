// The engine, searching in a Web Worker (browser) or a worker_thread (Node), so that the page
// or the program stays responsive. WebAssembly here has no threads: each Engine searches
// with one; stop() ends a search by ending its worker (a new one starts for the next).
import { EvoChessError, badArgument, moveList, text } from './core.js';
import { Game } from './game.js';
import { Position } from './rules.js';

const workerUrl = new URL('./engine-worker.js', import.meta.url);
const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function startWorker() {
  if (inNode) {
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(workerUrl);
    worker.unref(); // an idle engine does not keep Node running
    return {
      post: (message) => worker.postMessage(message),
      listen: (handler) => worker.on('message', handler),
      failed: (handler) => worker.on('error', handler),
      terminate: () => worker.terminate(),
      ref: (on) => (on ? worker.ref() : worker.unref()),
    };
  }
  const worker = new Worker(workerUrl, { type: 'module' });
  return {
    post: (message) => worker.postMessage(message),
    listen: (handler) => worker.addEventListener('message', (event) => handler(event.data)),
    failed: (handler) => worker.addEventListener('error', (event) => handler(event.error ?? new Error(event.message))),
    terminate: () => worker.terminate(),
    ref: () => {},
  };
}

// What an analysis searches: a Game (its moves count for repetitions), a Position, or
// {variant, fen, moves}.
function targetOf(target) {
  if (target instanceof Game)
    return { variant: target.variant, fen: target.startPosition.fen, moves: target.moves };
  if (target instanceof Position) return { variant: target.variant, fen: target.fen, moves: [] };
  if (target && typeof target === 'object')
    return { variant: text(target.variant, 'variant'), fen: text(target.fen ?? '', 'fen'), moves: target.moves ?? [] };
  throw badArgument('analyse takes a Game, a Position or {variant, fen, moves}');
}

function positiveOrZero(value, name) {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
    throw badArgument(`${name} must be a positive number`);
  return value;
}

export class Engine {
  /** An engine with a hash table of `hashMb` MB. */
  constructor({ hashMb = 16 } = {}) {
    this._options = { Hash: String(hashMb) };
    this._worker = null;
    this._pending = null; // the request under way: {id, resolve, reject, lines}
    this._nextId = 1;
    this._queue = Promise.resolve();
  }

  async _ready() {
    if (this._worker) return this._worker;
    const worker = await startWorker();
    await new Promise((resolve, reject) => {
      worker.listen((message) => message.type === 'ready' && resolve());
      worker.failed(reject);
    });
    worker.failed((error) => this._fail(error));
    worker.listen((message) => this._receive(message));
    this._worker = worker;
    for (const [name, value] of Object.entries(this._options))
      await this._request({ type: 'option', name, value });
    return worker;
  }

  _receive(message) {
    const pending = this._pending;
    if (!pending || message.id !== pending.id) return;
    if (message.type === 'line') {
      pending.lines[message.line.multipv - 1] = message.line;
      pending.onLine?.(message.line);
      return;
    }
    this._pending = null;
    this._worker.ref(false);
    if (message.type === 'done') pending.resolve(message.result);
    else pending.reject(Object.assign(new EvoChessError(message.error.kind, message.error.message), message.error));
  }

  // The worker died (out of memory, a bug): the request under way fails, the next starts anew.
  _fail(error) {
    const pending = this._pending;
    this._pending = null;
    this._worker?.terminate();
    this._worker = null;
    pending?.reject(new EvoChessError('internal', `the engine's worker failed: ${error?.message ?? error}`));
  }

  _request(request, onLine) {
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending = { id, resolve, reject, lines: [], onLine };
      this._worker.ref(true);
      this._worker.post({ ...request, id });
    });
  }

  // One request at a time, in the order asked.
  _serial(work) {
    const run = this._queue.then(work, work);
    this._queue = run.catch(() => {});
    return run;
  }

  /** Sets a UCI option (Hash, MultiPV, Level, ...) for this engine's searches. */
  setOption(name, value) {
    return this._serial(async () => {
      await this._ready();
      await this._request({ type: 'option', name: text(name, 'name'), value: String(value) });
      this._options[name] = String(value);
    });
  }

  /**
   * Searches until the first limit: depth (plies), nodes, time (ms); one is needed.
   * `onLine` gets every complete line as it is found. Resolves with the best move, the
   * lines (best first) and the search's figures.
   */
  analyse(target, { depth, nodes, timeMs, multipv = 1, level, onLine } = {}) {
    return this._serial(async () => {
      const { variant, fen, moves } = targetOf(target);
      const request = {
        type: 'analyse', variant, fen, moves: moveList(moves),
        depth: positiveOrZero(depth, 'depth'), nodes: positiveOrZero(nodes, 'nodes'),
        timeMs: positiveOrZero(timeMs, 'timeMs'),
        multipv: Number.isInteger(multipv) ? multipv : 0,
        level: level === undefined ? 0 : Number.isInteger(level) && level >= 1 ? level : -1,
      };
      await this._ready();
      const promise = this._request(request, onLine);
      const pending = this._pending;
      const result = await promise;
      return { lines: pending.lines.filter(Boolean), stopped: false, ...result };
    });
  }

  /**
   * Ends the search under way: it resolves at once with the lines found so far (best move:
   * the first line's first move) and `stopped: true`. The next request starts a new worker,
   * with this engine's options but an empty hash table.
   */
  stop() {
    const pending = this._pending;
    if (!pending || !this._worker) return;
    this._worker.terminate();
    this._worker = null;
    this._pending = null;
    const lines = pending.lines.filter(Boolean);
    const best = lines[0]?.pv[0] ?? null;
    pending.resolve({ bestMove: best, ponder: null, depth: lines[0]?.depth ?? 0, nodes: 0, timeMs: 0, stopped: true, lines });
  }

  /** Ends the worker; the engine starts a new one if used again. */
  close() {
    this.stop();
    this._worker?.terminate();
    this._worker = null;
  }
}
