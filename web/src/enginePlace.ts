// Where the analysis board's and the review's engine runs: in the player's browser (the
// default where WebAssembly is there, so analysis works when the server's engines are busy or
// off) or on the server. A choice kept in the browser; the menus that show it stay in step.
// The server stays the referee of every game move either way: this is analysis only.
import { api, streamAnalysis, type AnalysisLine, type AnalysisRequest } from './api';
import { browserCanRunEngine, BrowserEngine, UnknownToBrowser, wasmPackage } from './browserEngine';

export type EnginePlace = 'browser' | 'server';

const STORAGE_KEY = 'evochess.enginePlace';
const menus: HTMLSelectElement[] = [];
let browserMissing = !browserCanRunEngine;
// Whether the server has an engine (`evochess serve --no-engine` turns it off; /api/info).
let serverEngine = true;

function stored(): EnginePlace | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'browser' || value === 'server' ? value : null;
  } catch {
    return null;
  }
}

export function enginePlace(): EnginePlace {
  if (browserMissing) return 'server';
  if (!serverEngine) return 'browser';
  return stored() ?? 'browser';
}

// Whether analysis has an engine anywhere: the browser's (as far as known) or the server's.
export function analysisEngineAvailable(): boolean {
  return !browserMissing || serverEngine;
}

// Tells whether the server has an engine; resolves once it is known whether the browser's
// loads, so that the page can show what it may offer.
export async function learnEngines(server: boolean): Promise<void> {
  serverEngine = server;
  showPlace();
  const wasm = await wasmPackage();
  if (!wasm) browserMissing = true;
  showPlace();
}

function showPlace(): void {
  for (const menu of menus) {
    menu.value = enginePlace();
    const browser = menu.querySelector<HTMLOptionElement>('option[value="browser"]');
    if (browser) browser.disabled = browserMissing;
    const server = menu.querySelector<HTMLOptionElement>('option[value="server"]');
    if (server) server.disabled = !serverEngine;
    menu.disabled = browserMissing || !serverEngine;
    menu.title = browserMissing
      ? 'The engine cannot run in this browser (or this server has no WebAssembly build of it)'
      : serverEngine
        ? ''
        : 'This server runs without an engine';
  }
}

// A menu ("in your browser / on the server") that shows and sets the place; `onChange` runs
// after the player changes it.
export function bindEnginePlaceMenu(menu: HTMLSelectElement, onChange: () => void): void {
  menus.push(menu);
  showPlace();
  menu.addEventListener('change', () => {
    try {
      localStorage.setItem(STORAGE_KEY, menu.value === 'server' ? 'server' : 'browser');
    } catch {
      // without storage the choice lasts as long as the page
    }
    showPlace();
    onChange();
  });
}

const analysisEngine = new BrowserEngine();
const reviewEngine = new BrowserEngine();

// The engine's lines for a position, from wherever the engine runs; a variant the browser's
// engine does not know (loaded from a file on the server) goes to the server.
export async function engineLines(
  request: AnalysisRequest,
  onLine: (line: AnalysisLine) => void,
  signal: AbortSignal,
): Promise<AnalysisLine[]> {
  if (enginePlace() === 'browser') {
    try {
      return await analysisEngine.analyse(request, onLine, signal);
    } catch (error) {
      if (!(error instanceof UnknownToBrowser)) throw error;
    }
  }
  return streamAnalysis(request, onLine, signal);
}

// One short search of a position for the review: its lines, or null when the game is over
// there (no search); `last` says it is the game's final position.
export async function reviewLines(request: AnalysisRequest, last: boolean, signal: AbortSignal): Promise<AnalysisLine[] | null> {
  if (enginePlace() === 'browser') {
    try {
      if (last && (await reviewEngine.isOver(request))) return null;
      return await reviewEngine.analyse(request, () => {}, signal);
    } catch (error) {
      if (!(error instanceof UnknownToBrowser)) throw error;
    }
  }
  return (await api.analyse(request, signal)).lines;
}
