// The chessgroundx board: shows a position, offers the legal moves, reports the user's moves.
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import type { DrawShape } from 'chessgroundx/draw';
import type { Color, Key } from 'chessgroundx/types';
import type { Side } from './api';

export interface BoardView {
  fen: string;
  turn: Side;
  check: boolean;
  lastMove: [Key, Key] | null;
  // Destinations by origin for the side that may move now; null when nobody may.
  dests: Map<Key, Key[]> | null;
}

export const colorOf = (side: Side): Color => (side === 'w' ? 'white' : 'black');

export class GameBoard {
  private readonly ground: Api;

  constructor(element: HTMLElement, onUserMove: (from: Key, to: Key) => void) {
    this.ground = Chessground(element, {
      dimensions: { width: 8, height: 8 },
      kingRoles: ['k-piece', 'c-piece'],
      autoCastle: false,
      highlight: { lastMove: true, check: true },
      animation: { enabled: true, duration: 150 },
      premovable: { enabled: false },
      drawable: { enabled: true },
      movable: {
        free: false,
        showDests: true,
        events: { after: (orig, dest) => onUserMove(orig, dest) },
      },
    });
    // chessground keeps the board's screen position until a scroll or a resize; the panels
    // around it move it too (a clock appears, a strip wraps): measure again at every press.
    for (const type of ['mousedown', 'touchstart'] as const) {
      element.addEventListener(type, () => this.ground.state.dom.bounds.clear(), { capture: true, passive: true });
    }
  }

  show(view: BoardView): void {
    this.ground.set({
      fen: view.fen.split(' ')[0],
      turnColor: colorOf(view.turn),
      check: view.check,
      lastMove: view.lastMove ?? undefined,
      movable: {
        color: view.dests ? colorOf(view.turn) : undefined,
        dests: view.dests ?? new Map(),
      },
    });
    this.ground.setAutoShapes([]);
  }

  get orientation(): Color {
    return this.ground.state.orientation;
  }

  setOrientation(color: Color): void {
    if (this.ground.state.orientation !== color) this.ground.toggleOrientation();
  }

  flip(): void {
    this.ground.toggleOrientation();
  }

  highlight(shapes: DrawShape[]): void {
    this.ground.setAutoShapes(shapes);
  }
}
