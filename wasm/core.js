// Loads the WebAssembly module once, in Node (reading the .wasm beside it) or a browser or
// worker (fetching it from beside this file), and turns its answers into values or errors.
import createEvochess from './dist/evochess_wasm.mjs';

const wasmUrl = new URL('./dist/evochess_wasm.wasm', import.meta.url);
const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function wasmBinary() {
  if (!inNode) return undefined; // the module fetches it
  const { readFile } = await import('node:fs/promises');
  return readFile(wasmUrl);
}

export const wasm = await createEvochess({
  wasmBinary: await wasmBinary(),
  locateFile: () => wasmUrl.href,
});

/** Bad input: `kind` says which (see evochess.d.ts), `message` is the core's. */
export class EvoChessError extends Error {
  constructor(kind, message, details) {
    super(message);
    this.name = 'EvoChessError';
    this.kind = kind;
    if (details) Object.assign(this, details); // a variants file's kind is its `fileErrorKind`
  }
}

// The value of a binding's answer, or its error thrown.
export function unwrap(answer) {
  if (answer.error !== undefined) {
    let details;
    if (answer.details) {
      const { kind, ...rest } = answer.details;
      details = { fileErrorKind: kind, ...rest };
    }
    throw new EvoChessError(answer.error, answer.message, details);
  }
  return answer.value;
}

export function badArgument(message) {
  return new EvoChessError('bad-argument', message);
}

// A string argument, checked before it reaches the binding.
export function text(value, what) {
  if (typeof value !== 'string') throw badArgument(`${what} must be a string`);
  return value;
}

// UCI moves as the binding takes them: one string, separated by spaces.
export function moveList(moves) {
  if (!Array.isArray(moves)) throw badArgument('moves must be an array of UCI strings');
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    if (typeof m !== 'string' || m === '' || /\s/.test(m))
      throw new EvoChessError('illegal-move', `move ${i + 1}: not a UCI move: '${String(m).slice(0, 40)}'`);
  }
  return moves.join(' ');
}

export function words(joined) {
  return joined === '' ? [] : joined.split(' ');
}
