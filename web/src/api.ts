// Typed client of the evochess JSON API (docs/api.md).
import { readServerSentEvents } from './eventStream';

export type Side = 'w' | 'b';
export type PlayerKind = 'human' | 'engine';
// A variant's name: a built-in one or one loaded with `evochess serve --variants FILE`.
export type Variant = string;
// "*" only for an aborted online game.
export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

export interface MoveNotation {
  uci: string;
  san: string;
}

export interface PlayedMove extends MoveNotation {
  fen: string;
}

export interface EvolutionCounters {
  p: number;
  m: number;
  c: number;
  r: number;
}

export interface EngineLimits {
  movetime_ms: number | null;
  depth: number | null;
  // A playing level of ServerInfo.levels; null: full strength under movetime/depth.
  level: number | null;
}

// One of the engine's playing levels, weakest first (GET /api/info).
export interface EngineLevel {
  number: number;
  name: string;
  description: string;
  elo: number; // approximate chess Elo
}

export interface GameState {
  id: number;
  variant: Variant;
  start_fen: string;
  fen: string;
  turn: Side;
  check: boolean;
  history: PlayedMove[];
  legal: MoveNotation[];
  counters: Record<Side, EvolutionCounters> | null;
  // With counters: how many pawn moves earn a minor right (N) and captures a rook right (K).
  evolution?: { minor_right_pawn_moves: number; rook_right_captures: number } | null;
  royal_promotion: { first: Side | null; other_colour_promotions: number } | null;
  result: GameResult | null;
  reason: string | null;
  points: Record<Side, number> | null;
  players: Record<Side, PlayerKind>;
  engine: EngineLimits;
  draw_offer: Side | null;
  created: string;
  updated: string;
  // Online play and clocks (docs/api.md); absent from servers before online play.
  online?: boolean;
  ply?: number;
  version?: number;
  clock?: ClockState | null;
  seats?: Record<Side, boolean>;
  away?: Record<Side, number | null>;
  // How long an opponent must be away before a victory is claimed; null: never in this game.
  claim_after_ms?: number | null;
  spectators?: number;
  takeback_offer?: Side | null;
  rematch_offer?: Side | null;
  rematch_id?: number | null;
  // Who sits at each seat of a game made by a seek or a challenge (null: not known).
  seat_players?: Record<Side, SeatPlayerInfo | null>;
}

export interface SeatPlayerInfo {
  name: string;
  rating: number | null;
  provisional: boolean;
  bot?: boolean; // a bot account: "BOT" beside the name
}

// A clock as of the moment the state was made: the running side counts down from there.
export interface ClockState {
  w: number;
  b: number;
  running: Side | null;
  initial_ms: number;
  increment_ms: number;
  days_per_move: number | null;
  // An arena's berserk (docs/tournaments.md): whether the game allows it, and who did.
  berserk?: { allowed: boolean; w: boolean; b: boolean };
}

export type ClockRequest = { initial_ms: number; increment_ms: number } | { days_per_move: number };

export interface Seat {
  colour: Side;
  token: string;
  link?: string;
}

// The answers of the online routes: the state, with the caller's seat where there is one.
export interface SeatedState extends GameState {
  seat?: Seat;
  token?: string; // a new local game's owner token
  invite?: string;
  rematch?: { id: number; seat: Seat };
}

export interface GameListing {
  id: number;
  variant: Variant;
  online: boolean;
  players: Record<Side, PlayerKind>;
  result: GameResult | null;
  reason: string | null;
  moves: number;
  fen: string;
  created: string;
  updated: string;
}

export interface ServerInfo {
  version: string;
  engine: boolean;
  levels?: EngineLevel[];
  variants: VariantInfo[];
  // Glicko-2's parameters (docs/ratings.md); the initial rating is a newcomer's.
  ratings?: { initial: number };
}

export type EngineScore = { cp: number } | { mate: number };

export interface SearchProgress {
  depth: number;
  score: EngineScore;
  pv: MoveNotation[];
  nodes: number;
  nps: number;
  time_ms: number;
}

export interface VariantInfo {
  name: Variant;
  start_fen: string;
  display_name?: string;
  description?: string;
  // false for a variant loaded from a file (`serve --variants`): played casual only.
  built_in?: boolean;
  evolution?: VariantEvolution | null;
  rules?: VariantRuleFields;
}

// The rules a variant's players read about, named as in the variants file (docs/variants.md).
export interface VariantRuleFields {
  promotion_pieces: string; // letters of p n b r q, in the order moves are listed
  promotion_either_color: boolean;
  pawns_on_back_ranks: boolean;
  direct_rook_promotion: boolean;
  king_becomes_cthulhu: boolean;
  king_double_step: boolean;
  king_en_passant: boolean;
  king_follows_pawn: boolean;
  ordinary_castling: boolean;
  vertical_castling: boolean;
  draws_won_by_first_king_promoter: boolean;
  scores_points: boolean;
}

// A variant's evolution rights: kept (EvoChess) or expiring (EChess), and its N and K.
export interface VariantEvolution {
  rights: 'kept' | 'expire';
  minor_right_pawn_moves: number;
  rook_right_captures: number;
}

// A position by its moves from a start (POST /api/position, POST /api/analysis).
export interface PositionRequest {
  variant: Variant;
  fen?: string;
  moves?: string[];
}

// What the server answers for a position: the fields of a game state the board needs.
export type PositionState = Pick<
  GameState,
  'variant' | 'fen' | 'turn' | 'check' | 'legal' | 'counters' | 'evolution' | 'royal_promotion' | 'result' | 'reason' | 'history'
> &
  Partial<Pick<GameState, 'points' | 'start_fen'>>;

// One of the engine's best lines; the score is from White's point of view.
export interface AnalysisLine {
  multipv: number;
  depth: number;
  score: EngineScore;
  pv: MoveNotation[];
  nodes?: number;
}

export interface AnalysisRequest extends PositionRequest {
  multipv?: number;
  movetime_ms?: number;
  depth?: number;
}

export interface NewGameRequest {
  variant?: Variant;
  fen?: string;
  pgn?: string;
  players?: Record<Side, PlayerKind>;
  engine?: Partial<EngineLimits>;
  online?: boolean;
  clock?: ClockRequest | null;
  colour?: Side | 'random';
}

// An answer of the server that is not a success, with the server's own message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// One JSON request; `token` is a seat's secret, sent as `Authorization: Bearer`.
export async function request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetchRetrying(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(text, response.status));
  return (text ? JSON.parse(text) : null) as T;
}

function errorMessageOf(text: string, status: number): string {
  try {
    const parsed = JSON.parse(text) as { error?: string };
    if (parsed.error) return parsed.error;
  } catch {
    // not JSON: fall through to the status line
  }
  return `the server answered ${status}`;
}

const gamePath = (id: number) => `/api/games/${id}`;

// The secret that lets this browser act on a local game: its owner's token, which a server
// open to others asks for (docs/api.md). Online games send their seat's token themselves.
let ownerTokenOf: (id: number) => string | undefined = () => undefined;
export function useOwnerTokens(source: (id: number) => string | undefined): void {
  ownerTokenOf = source;
}
const act = <T>(method: string, id: number, suffix: string, body?: unknown) =>
  request<T>(method, `${gamePath(id)}${suffix}`, body, ownerTokenOf(id));

export const api = {
  info: () => request<ServerInfo>('GET', '/api/info'),
  listGames: () => request<GameListing[]>('GET', '/api/games'),
  createGame: (game: NewGameRequest) => request<GameState>('POST', '/api/games', game),
  getGame: (id: number) => request<GameState>('GET', gamePath(id)),
  deleteGame: (id: number) => act<{ deleted: number }>('DELETE', id, ''),
  // An aborted online game, by one of its players (their seat's token, else their cookie).
  deleteAbortedGame: (id: number, seatToken?: string) => request<{ deleted: number }>('DELETE', gamePath(id), undefined, seatToken),
  // A move in UCI, or in SAN as a person typed it (the server reads both).
  playMove: (id: number, move: string | { uci: string } | { san: string }) =>
    act<GameState>('POST', id, '/moves', typeof move === 'string' ? { uci: move } : move),
  undo: (id: number, plies: number) => act<GameState>('POST', id, '/undo', { plies }),
  resign: (id: number, side: Side) => act<GameState>('POST', id, '/resign', { side }),
  offerDraw: (id: number, side: Side) => act<GameState>('POST', id, '/draw', { side }),
  updatePlayers: (id: number, players: Record<Side, PlayerKind>, engine: Partial<EngineLimits>) =>
    act<GameState>('PATCH', id, '', { players, engine }),
  stopEngine: (id: number) => act<{ stopped: boolean }>('POST', id, '/engine/stop'),
  position: (position: PositionRequest) => request<PositionState>('POST', '/api/position', position),
  // The final lines of one analysis; retried while every engine is busy (503).
  analyse: (analysis: AnalysisRequest, signal?: AbortSignal) => analyseOnce(analysis, signal),
  pgn: async (id: number): Promise<string> => {
    const response = await fetchRetrying(`${gamePath(id)}/pgn`, {});
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, errorMessageOf(text, response.status));
    return text;
  },
};

// Asks the engine to move and reports its progress until it has played; resolves with the new state.
export async function engineMove(id: number, onProgress: (progress: SearchProgress) => void, signal?: AbortSignal): Promise<GameState> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
  const token = ownerTokenOf(id);
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetchRetrying(`${gamePath(id)}/engine`, {
    method: 'POST',
    headers,
    body: '{}',
    signal,
  });
  if (!response.ok || !response.body) {
    throw new ApiError(response.status, errorMessageOf(await response.text(), response.status));
  }
  let finalState: GameState | null = null;
  for await (const event of readServerSentEvents(response.body)) {
    if (event.name === 'info') onProgress(JSON.parse(event.data) as SearchProgress);
    else if (event.name === 'state') finalState = JSON.parse(event.data) as GameState;
    else if (event.name === 'error') throw new ApiError(409, (JSON.parse(event.data) as { error: string }).error);
  }
  if (!finalState) throw new ApiError(500, 'the engine stream ended without a move');
  return finalState;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

// The longest Retry-After the app waits out by itself: longer is a lock (a name locked
// after wrong passwords, for minutes), which the person is told at once, not retried.
const MAX_RETRY_AFTER_SECONDS = 5;

// A request the server turned away before acting on it: 429, this address sent too many
// (a review or a rules page sends a burst); with `untilEnginesFree`, 503, every engine busy.
// It is sent again after the Retry-After the server gave, so the app slows down instead of
// failing; a 429 still there after about 20 s of waiting, or one that asks for a longer wait
// than MAX_RETRY_AFTER_SECONDS, is answered.
async function fetchRetrying(path: string, init: RequestInit, untilEnginesFree = false): Promise<Response> {
  let waitedMs = 0;
  for (;;) {
    const response = await fetch(path, init);
    const seconds = Number(response.headers.get('Retry-After')) || 1;
    const turnedAway =
      response.status === 429 ? waitedMs < 20000 && seconds <= MAX_RETRY_AFTER_SECONDS : response.status === 503 && untilEnginesFree;
    if (!turnedAway) return response;
    await response.text();
    const ms = Math.min(seconds, MAX_RETRY_AFTER_SECONDS) * 1000;
    await wait(ms, init.signal ?? undefined);
    waitedMs += ms;
  }
}

// POSTs an analysis request, asking again while all engines are busy (503).
function postAnalysis(analysis: AnalysisRequest, accept: string, signal?: AbortSignal): Promise<Response> {
  return fetchRetrying(
    '/api/analysis',
    { method: 'POST', headers: { Accept: accept, 'Content-Type': 'application/json' }, body: JSON.stringify(analysis), signal },
    true,
  );
}

async function analyseOnce(analysis: AnalysisRequest, signal?: AbortSignal): Promise<{ lines: AnalysisLine[]; depth: number }> {
  const response = await postAnalysis(analysis, 'application/json', signal);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(text, response.status));
  return JSON.parse(text) as { lines: AnalysisLine[]; depth: number };
}

// Streams an analysis: every progress message of a line, then the final lines.
export async function streamAnalysis(
  analysis: AnalysisRequest,
  onLine: (line: AnalysisLine) => void,
  signal?: AbortSignal,
): Promise<AnalysisLine[]> {
  const response = await postAnalysis(analysis, 'text/event-stream', signal);
  if (!response.ok || !response.body) {
    throw new ApiError(response.status, errorMessageOf(await response.text(), response.status));
  }
  for await (const event of readServerSentEvents(response.body)) {
    const message = JSON.parse(event.data) as Partial<AnalysisLine> & { done?: boolean; lines?: AnalysisLine[]; error?: string };
    if (message.error) throw new ApiError(500, message.error);
    if (message.done) return message.lines ?? [];
    if (message.pv && message.score) onLine(message as AnalysisLine);
  }
  throw new ApiError(500, 'the analysis stream ended without its lines');
}
