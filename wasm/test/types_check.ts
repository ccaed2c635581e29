// Compiled (not run) by tests/wasm/run_package_tests.sh: the types in evochess.d.ts fit their use.
import { Game, Position, Engine, legalMoves, EvoChessError, type Line } from '../evochess.js';
const g: Game = new Game('evochess');
const uci: string = g.push('e4');
const p: Position = g.position;
const n: number = p.white.minorRights + p.perft(1);
const moves: string[] = legalMoves('chess', '', ['e2e4']);
const e = new Engine({ hashMb: 8 });
e.analyse(g, { depth: 3, onLine: (l: Line) => l.pv.join(' ') }).then((a) => a.bestMove?.length);
try { g.push('x'); } catch (err) { if (err instanceof EvoChessError) console.log(err.kind, uci, n, moves); }
