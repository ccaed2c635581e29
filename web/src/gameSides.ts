// Who plays which side of a game on this screen: the people, the side that played a move, the
// side a draw offer or a resignation speaks for, and how far "Take back" goes.
import type { GameState, Side } from './api';
import { otherSide } from './moves';

type Sides = Pick<GameState, 'players' | 'start_fen' | 'history' | 'turn'>;

export function humanSidesOf(state: Pick<GameState, 'players'>): Side[] {
  return (['w', 'b'] as Side[]).filter((side) => state.players[side] === 'human');
}

// A game on this screen between a person and the engine, still being played: the engine's
// evaluation and line stay hidden until it ends (as on lichess).
export function againstTheEngine(state: Pick<GameState, 'players' | 'result' | 'online'>): boolean {
  return !state.online && state.result === null && humanSidesOf(state).length === 1;
}

// The side that played the move at this index of the history.
export function sideOfPly(state: Pick<GameState, 'start_fen'>, ply: number): Side {
  const startSide: Side = state.start_fen.split(' ')[1] === 'b' ? 'b' : 'w';
  return ply % 2 === 0 ? startSide : otherSide(startSide);
}

// The side a draw offer or a resignation speaks for: the only human, else the side to move.
export function speakingSide(state: Pick<GameState, 'players' | 'turn'>): Side {
  const humans = humanSidesOf(state);
  return humans.length === 1 ? humans[0] : state.turn;
}

// The moves "Take back" takes: back to the last position where a human is to move (one move
// when nobody here is human).
export function pliesToTakeBack(state: Sides): number {
  let plies = 1;
  const moves = state.history.length;
  if (humanSidesOf(state).length > 0) {
    while (plies < moves && state.players[sideOfPly(state, moves - plies)] === 'engine') plies += 1;
  }
  return plies;
}
