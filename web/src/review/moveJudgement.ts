// How good each move of a reviewed game was, as lichess judges it: by how much it lowered
// the mover's winning chances (a logistic of the centipawns, -1..1). A loss of 0.1 or more
// is an inaccuracy, 0.2 a mistake, 0.3 a blunder.
import type { EngineScore, Side } from '../api';
import type { MoveMark } from '../gamePanels';

// White's winning chances, -1 (Black wins) .. 1 (White wins).
export function winningChances(score: EngineScore): number {
  if ('mate' in score) return score.mate > 0 ? 1 : score.mate < 0 ? -1 : 0;
  const cp = Math.max(-1000, Math.min(1000, score.cp));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

const THRESHOLDS: [number, Judgement][] = [
  [0.3, 'blunder'],
  [0.2, 'mistake'],
  [0.1, 'inaccuracy'],
];

export const MARKS: Record<Judgement, MoveMark> = {
  inaccuracy: { symbol: '?!', meaning: 'inaccuracy' },
  mistake: { symbol: '?', meaning: 'mistake' },
  blunder: { symbol: '??', meaning: 'blunder' },
};

// The judgement of a move by `mover` from the position scored `before` to the one scored `after`.
export function judgeMove(before: EngineScore, after: EngineScore, mover: Side): Judgement | null {
  const sign = mover === 'w' ? 1 : -1;
  const loss = sign * (winningChances(before) - winningChances(after));
  return THRESHOLDS.find(([threshold]) => loss >= threshold)?.[1] ?? null;
}

export interface SideSummary {
  inaccuracy: number;
  mistake: number;
  blunder: number;
  // Average centipawn loss per move of this side (a mate counts as 1000).
  averageLoss: number;
}

const centipawns = (score: EngineScore) => ('mate' in score ? Math.sign(score.mate) * 1000 : Math.max(-1000, Math.min(1000, score.cp)));

// Each move's judgement (index = ply) from the scores of the positions 0..N, and each side's counts.
export function judgeGame(
  scores: EngineScore[],
  firstMover: Side,
): { judgements: (Judgement | null)[]; summary: Record<Side, SideSummary> } {
  const summary: Record<Side, SideSummary> = {
    w: { inaccuracy: 0, mistake: 0, blunder: 0, averageLoss: 0 },
    b: { inaccuracy: 0, mistake: 0, blunder: 0, averageLoss: 0 },
  };
  const loss = { w: 0, b: 0 };
  const moves = { w: 0, b: 0 };
  const judgements: (Judgement | null)[] = [];
  for (let ply = 0; ply + 1 < scores.length; ply++) {
    const mover: Side = (ply % 2 === 0) === (firstMover === 'w') ? 'w' : 'b';
    const judgement = judgeMove(scores[ply], scores[ply + 1], mover);
    judgements.push(judgement);
    if (judgement) summary[mover][judgement] += 1;
    const sign = mover === 'w' ? 1 : -1;
    loss[mover] += Math.max(0, sign * (centipawns(scores[ply]) - centipawns(scores[ply + 1])));
    moves[mover] += 1;
  }
  for (const side of ['w', 'b'] as Side[]) summary[side].averageLoss = moves[side] ? Math.round(loss[side] / moves[side]) : 0;
  return { judgements, summary };
}
