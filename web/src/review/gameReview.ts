// A review of a finished game: the engine scores every position of it, one short analysis
// at a time (the server's rate limit is per address), in the background, with progress; in
// the browser or on the server (enginePlace.ts).
import { ApiError, type AnalysisLine, type EngineScore, type GameState } from '../api';
import { reviewLines } from '../enginePlace';

export const REVIEW_MOVETIME_MS = 300;

export interface ReviewProgress {
  done: number; // positions scored
  total: number; // positions of the game: the start and one after each move
}

// The score of the game's final position when the engine has no move there (mate, stalemate).
function finalScore(game: GameState): EngineScore {
  if (game.result === '1-0') return { mate: 1 };
  if (game.result === '0-1') return { mate: -1 };
  return { cp: 0 };
}

// Scores positions 0..N of the game (White's point of view); stops when `signal` aborts.
export async function reviewGame(
  game: GameState,
  onProgress: (progress: ReviewProgress, scores: EngineScore[]) => void,
  signal: AbortSignal,
): Promise<EngineScore[]> {
  const moves = game.history.map((move) => move.uci);
  const total = moves.length + 1;
  const scores: EngineScore[] = [];
  onProgress({ done: 0, total }, scores);
  for (let ply = 0; ply < total; ply++) {
    if (signal.aborted) throw new DOMException('review cancelled', 'AbortError');
    const request = { variant: game.variant, fen: game.start_fen, moves: moves.slice(0, ply), multipv: 1, movetime_ms: REVIEW_MOVETIME_MS };
    const last = ply === moves.length;
    let lines: AnalysisLine[] | null;
    try {
      lines = await reviewLines(request, last, signal);
    } catch (error) {
      // The game is over in its last position (mate, stalemate, a draw by rule): no search there.
      if (!(error instanceof ApiError && error.status === 422 && last)) throw error;
      lines = null;
    }
    const best = lines?.find((line) => line.multipv === 1) ?? lines?.[0];
    scores.push(best ? best.score : finalScore(game));
    onProgress({ done: scores.length, total }, scores);
  }
  return scores;
}
