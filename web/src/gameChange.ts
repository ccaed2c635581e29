// A change of a game as its event stream sends it (docs/api.md "Live updates"): the moves
// after the plies kept, the fields that changed and the versions, not the whole state. It
// applies to the state of the version it follows; a client that has another one re-reads
// the game (a gap: an event it missed, or one it has not seen yet).

export interface GameChange<Move> {
  version: number;
  previous_version: number;
  ply: number;
  from_ply: number; // the plies of the history kept (fewer after a takeback)
  moves: Move[]; // the history's moves after them
  changed: Record<string, unknown>; // every other field that changed, with its new value
}

interface VersionedState<Move> {
  version?: number;
  history: Move[];
}

// The state after `change`: 'seen' if `state` is that version or a later one already,
// 'gap' if `state` is not the version the change follows (read the game again).
export function applyChange<Move, State extends VersionedState<Move>>(state: State, change: GameChange<Move>): State | 'seen' | 'gap' {
  if (state.version !== undefined && change.version <= state.version) return 'seen';
  if (state.version !== change.previous_version || state.history.length < change.from_ply) return 'gap';
  return {
    ...state,
    ...change.changed,
    history: state.history.slice(0, change.from_ply).concat(change.moves),
    version: change.version,
  };
}
