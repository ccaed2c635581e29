// What the board and the promotion picker drawn over it both speak of: chessground's name of
// a side's colour, and where a square lies on the screen. Below both, so neither imports the other.
import type { Color } from 'chessgroundx/types';
import type { Side } from './api';

export const colorOf = (side: Side): Color => (side === 'w' ? 'white' : 'black');

// Where a square lies on the screen, and the board around it (GameBoard.placeOf).
export interface SquarePlace {
  board: DOMRect;
  square: DOMRect;
  // The square is in the half of the board nearer the top of the screen: the column hangs down.
  nearTop: boolean;
}
