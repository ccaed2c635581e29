// A rated game's rating changes on the result banner ("rating_changes" in a finished rated
// game's state, docs/ratings.md); a server or game without them shows nothing.
import type { Side } from './api';

export interface RatingChange {
  before: number;
  after: number;
  change: number;
}

export type RatingChanges = Partial<Record<Side, RatingChange | null>>;

const signed = (change: number) => (change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0');

// "Ratings: White 1500 → 1512 (+12), Black 1500 → 1488 (−12)", whole points; '' without changes.
export function ratingChangesText(changes: RatingChanges | null | undefined): string {
  if (!changes) return '';
  const parts = (['w', 'b'] as Side[]).flatMap((side) => {
    const change = changes[side];
    if (!change || typeof change.after !== 'number') return [];
    const before = Math.round(change.before);
    const after = Math.round(change.after);
    return [`${side === 'w' ? 'White' : 'Black'} ${before} → ${after} (${signed(after - before)})`];
  });
  return parts.length ? `Ratings: ${parts.join(', ')}` : '';
}
