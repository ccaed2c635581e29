// What the rules say of a position the player explores (the analysis board, the rules'
// examples): its legal moves (the dots and the promotion picker's choices), counters and
// result. From the WebAssembly package in this browser when it has loaded and knows the
// variant, so each move tried shows at once, with no request; else from the server (POST
// /api/position): no WebAssembly, no package on this server, or a variant loaded from a file
// on the server, which the package does not know. The answer has the server's form
// (src/app/game_json.cpp, position_json). The server stays the referee of every game move:
// a game's legal moves come with its state, and the server judges each move played.
import type * as EvoChessWasm from '../../wasm/evochess.js';
import { api, ApiError, type EvolutionCounters, type PlayedMove, type PositionRequest, type PositionState } from './api';
import { rulesPackage } from './browserEngine';

// The parts of the package this needs (so a test may load it from Node).
export type RulesPackage = Pick<typeof EvoChessWasm, 'Game' | 'variant' | 'EvoChessError'>;

function countersOf(counters: EvoChessWasm.Counters): EvolutionCounters {
  return { p: counters.pawnMoves, m: counters.minorRights, c: counters.captures, r: counters.rookRights };
}

// The variant's name as the package knows it, or null for one it does not know.
function knownVariant(wasm: RulesPackage, name: string): EvoChessWasm.VariantInfo | null {
  try {
    return wasm.variant(name);
  } catch (error) {
    if (error instanceof wasm.EvoChessError && error.kind === 'unknown-variant') return null;
    throw error;
  }
}

// The position a request names, by the package's rules; null when the package does not know
// its variant. A bad FEN or move throws an ApiError as the server would answer it (400, 422),
// with the core's message.
export function positionFromPackage(wasm: RulesPackage, request: PositionRequest): PositionState | null {
  const info = knownVariant(wasm, request.variant);
  if (!info) return null;
  let game: EvoChessWasm.Game;
  try {
    game = new wasm.Game(info.name, request.fen ?? '');
  } catch (error) {
    if (error instanceof wasm.EvoChessError) throw new ApiError(400, error.message);
    throw error;
  }
  try {
    const history: PlayedMove[] = [];
    for (const move of request.moves ?? []) {
      try {
        history.push({ uci: game.push(move), san: '', fen: game.fen() });
      } catch (error) {
        if (error instanceof wasm.EvoChessError) throw new ApiError(422, error.message);
        throw error;
      }
    }
    game.sanMoves.forEach((san, index) => (history[index].san = san));
    const position = game.position;
    const result = game.result();
    const legal = result.over ? [] : game.legalMoves();
    const legalSan = result.over ? [] : game.legalMovesSan();
    return {
      variant: info.name,
      start_fen: game.startPosition.fen,
      fen: position.fen,
      turn: position.turn,
      check: position.inCheck,
      history,
      legal: legal.map((uci, index) => ({ uci, san: legalSan[index] })),
      result: result.over ? (result.outcome as PositionState['result']) : null,
      reason: result.over ? result.description : null,
      points: result.over && info.scoresPoints ? { w: result.whitePoints, b: result.blackPoints } : null,
      counters: info.extraState === 'evolution-counters' ? { w: countersOf(position.white), b: countersOf(position.black) } : null,
      evolution:
        info.extraState === 'evolution-counters'
          ? { minor_right_pawn_moves: info.minorRightPawnMoves, rook_right_captures: info.rookRightCaptures }
          : null,
      royal_promotion:
        info.extraState === 'promote-king'
          ? { first: position.firstKingPromoter, other_colour_promotions: position.otherColorPromotions }
          : null,
    };
  } finally {
    game.dispose();
  }
}

// Where positions come from: the package (null when it cannot load here) and the server.
export interface PositionSources {
  rules: () => Promise<RulesPackage | null>;
  server: (request: PositionRequest) => Promise<PositionState>;
}

const pageSources: PositionSources = { rules: rulesPackage, server: (request) => api.position(request) };

// The position a request names: from the browser's rules when they can answer, else from the server.
export async function positionState(request: PositionRequest, sources: PositionSources = pageSources): Promise<PositionState> {
  const wasm = await sources.rules();
  const local = wasm ? positionFromPackage(wasm, request) : null;
  return local ?? sources.server(request);
}
