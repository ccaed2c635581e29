// The engine's worker (a Web Worker or a Node worker_thread): one search at a time, in this
// thread, posting each line as the search reports it, then the result.
import { wasm, EvoChessError, unwrap } from './core.js';

const port = typeof self === 'object' && typeof self.postMessage === 'function'
  ? self
  : (await import('node:worker_threads')).parentPort;
const engine = new wasm.Engine();

function handle(request) {
  const { id } = request;
  try {
    if (request.type === 'option') {
      unwrap(engine.setOption(String(request.name), String(request.value)));
      return port.postMessage({ id, type: 'done', result: true });
    }
    if (request.type === 'newGame') {
      engine.newGame();
      return port.postMessage({ id, type: 'done', result: true });
    }
    const { variant, fen, moves, depth, nodes, timeMs, multipv, level } = request;
    const result = unwrap(engine.analyse(variant, fen, moves, depth, nodes, timeMs, multipv, level,
      (line) => port.postMessage({ id, type: 'line', line: { ...line, pv: line.pv === '' ? [] : line.pv.split(' ') } })));
    port.postMessage({ id, type: 'done', result });
  } catch (e) {
    const error = e instanceof EvoChessError ? { ...e, message: e.message } : { kind: 'internal', message: String(e) };
    port.postMessage({ id, type: 'error', error });
  }
}

if (typeof self === 'object' && port === self) self.onmessage = (event) => handle(event.data);
else port.on('message', handle);
port.postMessage({ type: 'ready' });
