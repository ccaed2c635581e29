// The engine in the player's browser: the evochess-wasm package (wasm/, docs/javascript.md),
// which the web build copies into dist/wasm/ when it has been built. It is loaded on first
// use, from the server's own files; without them (or without WebAssembly) it is not there and
// the engine runs on the server. Its lines are turned into the server's form: scores from
// White's point of view, moves in UCI and SAN.
import type * as EvoChessWasm from '../../wasm/evochess.js';
import type { AnalysisLine, AnalysisRequest, EngineScore } from './api';

type WasmPackage = typeof EvoChessWasm;

// Whether this browser could run the rules (WebAssembly) and the engine (module workers too).
const browserCanRunRules = typeof WebAssembly === 'object';
export const browserCanRunEngine = browserCanRunRules && typeof Worker === 'function';

let loading: Promise<WasmPackage | null> | null = null;

// The package for its rules (positionRules.ts), loaded once; null when it is missing or
// cannot start here.
export function rulesPackage(): Promise<WasmPackage | null> {
  if (!browserCanRunRules) return Promise.resolve(null);
  loading ??= import(/* @vite-ignore */ new URL('wasm/evochess.js', document.baseURI).href).then(
    (module) => module as WasmPackage,
    () => null,
  );
  return loading;
}

// The package for its engine; null also where there are no workers to search in.
export function wasmPackage(): Promise<WasmPackage | null> {
  return browserCanRunEngine ? rulesPackage() : Promise.resolve(null);
}

// A variant this package does not know (one loaded from a file on the server): the caller
// asks the server instead.
export class UnknownToBrowser extends Error {}

// The line of a search in the server's form. `game` is at the position searched.
function lineOf(wasm: WasmPackage, game: EvoChessWasm.Game, line: EvoChessWasm.Line): AnalysisLine {
  const sign = game.position.turn === 'w' ? 1 : -1;
  const score: EngineScore = line.mate !== null ? { mate: sign * line.mate } : { cp: sign * (line.centipawns ?? 0) };
  const walk = new wasm.Game(game.variant, game.position.fen);
  try {
    const pv = line.pv.map((uci) => {
      const san = walk.position.san(uci);
      walk.push(uci);
      return { uci, san };
    });
    return { multipv: line.multipv, depth: line.depth, score, pv, nodes: line.nodes };
  } finally {
    walk.dispose();
  }
}

// The position a request names, as a game (its moves count for repetitions).
function gameOf(wasm: WasmPackage, request: AnalysisRequest): EvoChessWasm.Game {
  let game: EvoChessWasm.Game;
  try {
    game = new wasm.Game(request.variant, request.fen ?? '');
  } catch (error) {
    if (error instanceof wasm.EvoChessError && error.kind === 'unknown-variant') throw new UnknownToBrowser(error.message);
    throw error;
  }
  for (const uci of request.moves ?? []) game.push(uci);
  return game;
}

// One engine searching in a worker of its own (the analysis board and the review each have
// one, so stopping one search leaves the other's alone).
export class BrowserEngine {
  private engine: EvoChessWasm.Engine | null = null;

  // Searches the position for `movetime_ms` (and `depth` if given), telling each line as it
  // comes; answers the last lines, best first ([] when the side to move has no move).
  async analyse(request: AnalysisRequest, onLine: (line: AnalysisLine) => void, signal?: AbortSignal): Promise<AnalysisLine[]> {
    const wasm = await wasmPackage();
    if (!wasm) throw new UnknownToBrowser('the engine cannot run in this browser');
    if (signal?.aborted) throw new DOMException('analysis cancelled', 'AbortError');
    const game = gameOf(wasm, request);
    const engine = (this.engine ??= new wasm.Engine({ hashMb: 32 }));
    const stop = () => engine.stop();
    signal?.addEventListener('abort', stop);
    try {
      const analysis = await engine.analyse(game, {
        timeMs: request.movetime_ms,
        depth: request.depth,
        multipv: request.multipv ?? 1,
        onLine: (line) => {
          if (!signal?.aborted) onLine(lineOf(wasm, game, line));
        },
      });
      if (signal?.aborted) throw new DOMException('analysis cancelled', 'AbortError');
      return analysis.lines.map((line) => lineOf(wasm, game, line));
    } finally {
      signal?.removeEventListener('abort', stop);
      game.dispose();
    }
  }

  // Whether the game a request names is over in its position (no search there).
  async isOver(request: AnalysisRequest): Promise<boolean> {
    const wasm = await wasmPackage();
    if (!wasm) throw new UnknownToBrowser('the engine cannot run in this browser');
    const game = gameOf(wasm, request);
    try {
      return game.result().over || game.legalMoves().length === 0;
    } finally {
      game.dispose();
    }
  }
}
