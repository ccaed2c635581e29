// The chessgroundx board: shows a position, offers the legal moves, reports the user's moves,
// and keeps one premove while the other side is to move.
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import type { DrawShape } from 'chessgroundx/draw';
import type { Color, Key } from 'chessgroundx/types';
import type { Side } from './api';
import { colorOf, type SquarePlace } from './boardBasics';

export interface BoardView {
  fen: string;
  turn: Side;
  check: boolean;
  lastMove: [Key, Key] | null;
  // Destinations by origin for the side that may move now; null when nobody may.
  dests: Map<Key, Key[]> | null;
  // The player's side while the other side is to move: a premove may be set for it.
  premoveSide?: Side | null;
}

const FILES = 'abcdefgh';

// Where a unit might go next turn, whatever it is by then (units evolve): every square on a
// queen's line or a knight's jump from it. The server judges the premove when it is played.
export function premoveDestinations(origin: Key): Key[] {
  const file = FILES.indexOf(origin[0]);
  const rank = Number(origin[1]) - 1;
  const squares: Key[] = [];
  for (let f = 0; f < 8; f++) {
    for (let r = 0; r < 8; r++) {
      const df = Math.abs(f - file);
      const dr = Math.abs(r - rank);
      if (df + dr === 0) continue;
      if (df === 0 || dr === 0 || df === dr || df * dr === 2) squares.push(`${FILES[f]}${r + 1}` as Key);
    }
  }
  return squares;
}

export class GameBoard {
  private readonly ground: Api;
  private premove: [Key, Key] | null = null;

  constructor(
    element: HTMLElement,
    onUserMove: (from: Key, to: Key) => void,
    private readonly onPremoveChange: () => void = () => {},
    // The FEN shown first: its pieces stand still when they are shown, where a board that
    // starts from the chess start and is shown another position at once (before the page has
    // laid it out) animates its pieces from far off the page.
    initialFen?: string,
  ) {
    this.ground = Chessground(element, {
      fen: initialFen?.split(' ')[0],
      dimensions: { width: 8, height: 8 },
      kingRoles: ['k-piece', 'c-piece'],
      autoCastle: false,
      highlight: { lastMove: true, check: true },
      animation: { enabled: true, duration: 150 },
      premovable: {
        enabled: true,
        premoveFunc: (_board, key) => premoveDestinations(key),
        events: {
          set: (orig, dest) => {
            this.premove = [orig as Key, dest];
            this.onPremoveChange();
          },
          unset: () => {
            this.premove = null;
            this.onPremoveChange();
          },
        },
      },
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
    // A right click takes the premove back (as on lichess).
    element.addEventListener('contextmenu', () => {
      if (this.premove) this.cancelPremove();
    });
  }

  show(view: BoardView): void {
    const premoveColor = !view.dests && view.premoveSide && view.premoveSide !== view.turn ? colorOf(view.premoveSide) : undefined;
    if (!premoveColor && !view.dests) this.cancelPremove();
    this.ground.set({
      fen: view.fen.split(' ')[0],
      turnColor: colorOf(view.turn),
      check: view.check,
      lastMove: view.lastMove ?? undefined,
      movable: {
        color: view.dests ? colorOf(view.turn) : premoveColor,
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

  // Where a square is on the screen, and which half of the board it is in (the promotion
  // picker stands on it); null while the board is not shown.
  placeOf(square: Key): SquarePlace | null {
    const board = this.ground.state.dom.elements.board.getBoundingClientRect();
    if (board.width === 0) return null;
    const size = board.width / 8;
    const file = FILES.indexOf(square[0]);
    const rank = Number(square[1]) - 1;
    const white = this.ground.state.orientation === 'white';
    const column = white ? file : 7 - file;
    const row = white ? 7 - rank : rank;
    return { board, square: new DOMRect(board.left + column * size, board.top + row * size, size, size), nearTop: row < 4 };
  }

  highlight(shapes: DrawShape[]): void {
    this.ground.setAutoShapes(shapes);
  }

  // The premove waiting for the player's turn, as [from, to].
  get pendingPremove(): [Key, Key] | null {
    return this.premove;
  }

  // Plays the premove if it is legal now (the board's destinations say); else drops it.
  playPremove(): boolean {
    return this.premove ? this.ground.playPremove() : false;
  }

  cancelPremove(): void {
    if (this.premove) this.ground.cancelPremove();
    this.premove = null;
  }

  // What a click on this square does: select a unit, move the selected one, or unselect.
  select(square: Key): void {
    this.ground.selectSquare(square);
  }

  unselect(): void {
    this.ground.unselect();
    this.ground.redrawAll();
  }

  get selected(): Key | null {
    const selected = this.ground.state.selectable.selected;
    return typeof selected === 'string' ? selected : null;
  }

  // The unit on a square as chessgroundx has it: its colour and role ("p-piece").
  unitAt(square: Key): { color: Color; role: string } | null {
    const piece = this.ground.state.boardState.pieces.get(square);
    return piece ? { color: piece.color, role: piece.role } : null;
  }
}
