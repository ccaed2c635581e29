// The address of an analysis board: `#analysis=<variant>&fen=<start FEN>&moves=<uci,uci…>&ply=N`,
// with `&game=<id>` when it was opened from a game. A link to it opens the same position.

export interface AnalysisAddress {
  variant: string;
  // The start position; null for the variant's own.
  startFen: string | null;
  moves: string[];
  // The position shown: after this many moves of the line.
  ply: number;
  game: number | null;
}

export function readAnalysisAddress(hash = location.hash): AnalysisAddress | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const variant = params.get('analysis');
  if (!variant) return null;
  const moves = (params.get('moves') ?? '').split(',').filter((move) => move.length > 0);
  const ply = Number(params.get('ply') ?? moves.length);
  const game = params.get('game');
  return {
    variant,
    startFen: params.get('fen') || null,
    moves,
    ply: Number.isInteger(ply) ? Math.min(Math.max(ply, 0), moves.length) : moves.length,
    game: game && /^\d+$/.test(game) ? Number(game) : null,
  };
}

export function analysisHash(address: AnalysisAddress): string {
  const params = new URLSearchParams({ analysis: address.variant });
  if (address.startFen) params.set('fen', address.startFen);
  if (address.moves.length) params.set('moves', address.moves.join(','));
  params.set('ply', String(address.ply));
  if (address.game !== null) params.set('game', String(address.game));
  return `#${params.toString()}`;
}
