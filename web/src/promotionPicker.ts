// The promotion picker: when a from-to pair stands for several legal moves (a last-rank
// promotion, an evolution, or none), the player picks exactly one of them. As on lichess
// (chessground), the usual choices stand in a column on the promotion square's file, queen
// first; the others (declining, the other colour, another unit's evolution) are one tap away
// under "More", in a panel that never covers the whole board.
import type { DrawShape } from 'chessgroundx/draw';
import type { Side, Variant } from './api';
import { colorOf, type SquarePlace } from './boardBasics';
import { describeChoice, otherSide, type BoardUnit, type ParsedMove, type PieceLetter } from './moves';
import type { Key } from 'chessgroundx/types';
import { declineNote, otherColourNote } from './variantRules';

export interface PickerContext {
  mover: Side;
  units: Map<Key, BoardUnit>; // the position before the move
  highlight: (shapes: DrawShape[]) => void;
  variant: Variant;
  // The promotion square's place; without it the picker is a dialog in the middle.
  placeOf?: (square: Key) => SquarePlace | null;
}

// The column's order (queen first, as on every chess site), and how many it holds: with
// "More" and "Cancel" it stays within six squares of the eight.
const COLUMN_ORDER: PieceLetter[] = ['q', 'n', 'r', 'b', 'c', 'k', 'p'];
const COLUMN_SIZE = 4;

function iconOf(choice: ParsedMove, context: PickerContext): { letter: PieceLetter; side: Side } {
  const change = choice.transformation;
  if (!change) return { letter: context.units.get(choice.from)?.letter ?? 'p', side: context.mover };
  return { letter: change.letter, side: change.otherColour ? otherSide(context.mover) : context.mover };
}

// A usual choice: the moving unit becomes another unit of its own colour.
function isUsual(choice: ParsedMove, context: PickerContext): boolean {
  const change = choice.transformation;
  if (!change || !change.ofMovingUnit || change.otherColour) return false;
  return change.letter !== context.units.get(choice.from)?.letter;
}

// The choices split into the column (usual ones, queen first) and the rest (declining last).
export function arrangeChoices(choices: ParsedMove[], context: PickerContext): { column: ParsedMove[]; rest: ParsedMove[] } {
  const rank = (choice: ParsedMove) => COLUMN_ORDER.indexOf(choice.transformation!.letter);
  const usual = choices.filter((choice) => isUsual(choice, context)).sort((a, b) => rank(a) - rank(b));
  const others = choices.filter((choice) => !isUsual(choice, context));
  // The other colour's units, queen first, then another unit's evolutions, declining last.
  const order = (choice: ParsedMove) => {
    const change = choice.transformation;
    if (!change || (change.ofMovingUnit && !change.otherColour)) return 100;
    return (change.ofMovingUnit ? 0 : 10) + COLUMN_ORDER.indexOf(change.letter);
  };
  others.sort((a, b) => order(a) - order(b));
  return { column: usual.slice(0, COLUMN_SIZE), rest: [...usual.slice(COLUMN_SIZE), ...others] };
}

function pieceIcon(choice: ParsedMove, context: PickerContext): HTMLSpanElement {
  const icon = iconOf(choice, context);
  const image = document.createElement('span');
  image.className = `piece-icon ${icon.letter}-piece ${colorOf(icon.side)}`;
  return image;
}

export function pickPromotion(dialog: HTMLDialogElement, choices: ParsedMove[], context: PickerContext): Promise<ParsedMove | null> {
  const pieceAt = (square: Key) => context.units.get(square)?.letter ?? null;
  const { column, rest } = arrangeChoices(choices, context);
  dialog.replaceChildren();
  dialog.className = 'promotion-dialog';
  const heading = document.createElement('h2');
  heading.className = 'visually-hidden';
  heading.id = 'promotion-heading';
  heading.textContent = 'Choose the promotion';
  // The heading takes the focus, so that a stray Enter plays nothing.
  heading.tabIndex = -1;
  dialog.setAttribute('aria-labelledby', heading.id);
  const columnList = document.createElement('div');
  columnList.className = 'promotion-column';
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'promotion-more';
  more.textContent = `+${rest.length}`;
  more.title = 'More choices';
  more.setAttribute('aria-label', `+${rest.length} more choices`);
  more.setAttribute('aria-expanded', 'false');
  more.hidden = rest.length === 0;
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'promotion-cancel';
  cancel.textContent = '×';
  cancel.title = 'Cancel';
  cancel.setAttribute('aria-label', 'Cancel');
  const restPanel = document.createElement('div');
  restPanel.className = 'promotion-rest';
  restPanel.hidden = true;
  dialog.append(heading, columnList, restPanel);

  // Every choice of the pair ends on the same square: the picker stands there.
  const square = choices[0].to;
  const place = () => placeDialog(dialog, context.placeOf?.(square) ?? null);

  return new Promise((resolve) => {
    const finish = (choice: ParsedMove | null) => {
      context.highlight([]);
      dialog.onclose = null;
      dialog.removeEventListener('pointerdown', pressOutside);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      dialog.close();
      resolve(choice);
    };
    const button = (choice: ParsedMove, inColumn: boolean) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = `promotion-choice ${inColumn ? 'in-column' : 'in-list'}`;
      element.dataset.uci = choice.uci;
      const description = describeChoice(choice, context.mover, pieceAt);
      if (inColumn) {
        element.title = `${choice.san}: ${description}`;
        element.setAttribute('aria-label', `${choice.san}: ${description}`);
        element.append(pieceIcon(choice, context));
      } else {
        const san = document.createElement('strong');
        san.textContent = choice.san;
        const text = document.createElement('span');
        text.textContent = description;
        element.append(pieceIcon(choice, context), san, text);
      }
      const target = choice.transformation?.square ?? choice.to;
      const showSquare = () => context.highlight([{ orig: target, brush: 'green' }]);
      element.addEventListener('mouseenter', showSquare);
      element.addEventListener('focus', showSquare);
      element.addEventListener('click', () => finish(choice));
      return element;
    };
    columnList.append(...column.map((choice) => button(choice, true)), more, cancel);
    // The variant's own notes, each before the first choice it explains.
    const notes = [
      {
        className: 'other-colour-note',
        text: otherColourNote(context.variant),
        explains: (change: ParsedMove['transformation']) => !!change?.otherColour,
      },
      {
        className: 'decline-note',
        text: declineNote(context.variant),
        explains: (change: ParsedMove['transformation']) => !change || (change.ofMovingUnit && !change.otherColour),
      },
    ];
    for (const choice of rest) {
      for (const note of notes) {
        if (!note.text || !note.explains(choice.transformation) || restPanel.querySelector(`.${note.className}`)) continue;
        const line = document.createElement('p');
        line.className = note.className;
        line.textContent = note.text;
        restPanel.append(line);
      }
      restPanel.append(button(choice, false));
    }
    const expand = () => {
      dialog.classList.add('expanded');
      restPanel.hidden = false;
      more.setAttribute('aria-expanded', 'true');
      more.hidden = true;
      place();
    };
    more.addEventListener('click', () => {
      expand();
      restPanel.querySelector<HTMLButtonElement>('button')?.focus();
    });
    cancel.addEventListener('click', () => finish(null));
    // A press on the dimmed board around the picker cancels it, as on lichess. (A press, not a
    // click: the release of the press that made the move may land on the picker's backdrop.)
    const pressOutside = (event: PointerEvent) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) finish(null);
    };
    dialog.addEventListener('pointerdown', pressOutside);
    dialog.onclose = () => finish(null);
    dialog.showModal();
    if (column.length === 0) expand();
    else place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    heading.focus();
  });
}

// Puts the picker on the promotion square's file, hanging from the square towards the
// board's middle and kept on the board; expanded, it spans the board's width from the nearer
// edge, at most three quarters of its height.
function placeDialog(dialog: HTMLDialogElement, place: SquarePlace | null): void {
  dialog.classList.toggle('at-square', place !== null);
  for (const property of ['left', 'top', 'bottom', 'width', 'max-height']) dialog.style.removeProperty(property);
  if (!place) return;
  const { board, square, nearTop } = place;
  // Below the middle the column rises, the queen on the square itself.
  dialog.classList.toggle('rises', !nearTop);
  dialog.style.setProperty('--square', `${square.width}px`);
  const expanded = dialog.classList.contains('expanded');
  const width = expanded ? Math.min(board.width, 26 * 16) : square.width;
  const left = expanded ? Math.min(Math.max(square.left + square.width / 2 - width / 2, board.left), board.right - width) : square.left;
  dialog.style.left = `${left}px`;
  dialog.style.width = `${width}px`;
  if (expanded) dialog.style.maxHeight = `${Math.round(board.height * 0.75)}px`;
  const edge = expanded ? (nearTop ? board.top : board.bottom) : nearTop ? square.top : square.bottom;
  if (nearTop) dialog.style.top = `${edge}px`;
  else dialog.style.bottom = `${window.innerHeight - edge}px`;
  // A square near the middle: the column is moved back onto the board.
  const box = dialog.getBoundingClientRect();
  if (nearTop && box.bottom > board.bottom) dialog.style.top = `${Math.max(board.top, board.bottom - box.height)}px`;
  if (!nearTop && box.top < board.top) dialog.style.bottom = `${window.innerHeight - Math.min(board.bottom, board.top + box.height)}px`;
}
