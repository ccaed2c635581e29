// The state of an earlier position of a game, as the panels show it while the player looks
// back: its own counters, rights, side to move and check, read from the FEN after that move.
import type { EvolutionCounters, GameState, Side } from './api';

function countersOf(field: string | undefined): Record<Side, EvolutionCounters> {
  const parse = (text: string | undefined): EvolutionCounters => {
    const [p, m, c, r] = (text ?? '').split(',').map((value) => Number(value) || 0);
    return { p: p ?? 0, m: m ?? 0, c: c ?? 0, r: r ?? 0 };
  };
  const [white, black] = (field ?? '').split('/');
  return { w: parse(white), b: parse(black) };
}

// `ply` indexes state.history (the position after that move); -1 is the start position.
export function viewedState(state: GameState, ply: number): GameState {
  const move = ply >= 0 ? state.history[ply] : null;
  const fen = move ? move.fen : state.start_fen;
  const fields = fen.split(' ');
  const seventh = fields[6];
  const view: GameState = {
    ...state,
    fen,
    turn: fields[1] === 'b' ? 'b' : 'w',
    check: move ? /[+#]$/.test(move.san) : state.history.length === 0 && state.check,
    result: null,
    reason: null,
    points: null,
    draw_offer: null,
  };
  if (state.counters) view.counters = countersOf(seventh);
  if (state.royal_promotion) {
    const [first, count] = (seventh ?? '-,0').split(',');
    view.royal_promotion = {
      first: first === 'w' || first === 'b' ? first : null,
      other_colour_promotions: Number(count) || 0,
    };
  }
  return view;
}
