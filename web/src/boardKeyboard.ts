// The board by keyboard: a focusable list of its 64 squares laid over the board. The arrow
// keys move a visible focus square, Enter or Space does what a click on it does (select a
// unit, move it there), Escape lets go. Each square is labelled "e4, white pawn".
import type { Key } from 'chessgroundx/types';
import type { GameBoard } from './board';
import { pieceName, type PieceLetter } from './moves';

const FILES = 'abcdefgh';

function squareLabel(square: Key, unit: { color: string; role: string } | null): string {
  if (!unit) return `${square}, empty`;
  const letter = unit.role[0] as PieceLetter;
  return `${square}, ${unit.color} ${pieceName(letter) ?? unit.role}`;
}

export class BoardKeyboard {
  private readonly list: HTMLElement;
  private readonly marker: HTMLElement;
  private readonly options = new Map<Key, HTMLElement>();
  private focus: Key = 'e2';

  constructor(
    frame: HTMLElement,
    private readonly board: GameBoard,
    // Called with Escape: the page may close what the board opened (a premove, a selection).
    private readonly onEscape: () => void = () => {},
  ) {
    this.list = document.createElement('div');
    this.list.className = 'board-keys';
    this.list.id = 'board-keys';
    this.list.tabIndex = 0;
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', 'Board: arrow keys move between squares, Enter selects and moves');
    for (let rank = 8; rank >= 1; rank--) {
      for (const file of FILES) {
        const square = `${file}${rank}` as Key;
        const option = document.createElement('div');
        option.id = `square-${square}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        this.list.append(option);
        this.options.set(square, option);
      }
    }
    this.marker = document.createElement('div');
    this.marker.className = 'board-key-focus';
    this.marker.setAttribute('aria-hidden', 'true');
    frame.classList.add('keyboard-board');
    frame.append(this.list, this.marker);
    this.list.addEventListener('keydown', (event) => this.onKey(event));
    this.list.addEventListener('focus', () => this.place());
    this.refresh();
  }

  // The labels again after the board changed.
  refresh(): void {
    for (const [square, option] of this.options) {
      option.setAttribute('aria-label', squareLabel(square, this.board.unitAt(square)));
      option.setAttribute('aria-selected', String(square === this.focus));
    }
    this.list.setAttribute('aria-activedescendant', `square-${this.focus}`);
    this.place();
  }

  private onKey(event: KeyboardEvent): void {
    const white = this.board.orientation === 'white';
    const moves: Record<string, [number, number]> = {
      ArrowUp: white ? [0, 1] : [0, -1],
      ArrowDown: white ? [0, -1] : [0, 1],
      ArrowLeft: white ? [-1, 0] : [1, 0],
      ArrowRight: white ? [1, 0] : [-1, 0],
    };
    const step = moves[event.key];
    if (step) {
      const file = Math.min(7, Math.max(0, FILES.indexOf(this.focus[0]) + step[0]));
      const rank = Math.min(8, Math.max(1, Number(this.focus[1]) + step[1]));
      this.focus = `${FILES[file]}${rank}` as Key;
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.board.select(this.focus);
    } else if (event.key === 'Escape') {
      this.board.unselect();
      this.onEscape();
    } else return;
    event.preventDefault();
    event.stopPropagation();
    this.refresh();
  }

  // The visible focus square, where the focused square is on screen.
  private place(): void {
    const white = this.board.orientation === 'white';
    const file = FILES.indexOf(this.focus[0]);
    const rank = Number(this.focus[1]) - 1;
    const column = white ? file : 7 - file;
    const row = white ? 7 - rank : rank;
    this.marker.style.left = `${column * 12.5}%`;
    this.marker.style.top = `${row * 12.5}%`;
    this.marker.classList.toggle('selected', this.board.selected === this.focus);
  }
}
