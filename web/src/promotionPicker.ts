// The promotion picker: when a from-to pair stands for several legal moves (a last-rank
// promotion, an evolution, or none), the player picks exactly one of them.
import type { DrawShape } from 'chessgroundx/draw';
import type { Side, Variant } from './api';
import { colorOf } from './board';
import { describeChoice, otherSide, type BoardUnit, type ParsedMove, type PieceLetter } from './moves';
import type { Key } from 'chessgroundx/types';
import { rulesFamilyOf } from './variantRules';

export interface PickerContext {
  mover: Side;
  units: Map<Key, BoardUnit>; // the position before the move
  highlight: (shapes: DrawShape[]) => void;
  variant: Variant;
}

// What choosing no promotion means in each variant, in one line.
const DECLINE_NOTES: Partial<Record<Variant, string>> = {
  evochess: 'No promotion: you keep your rights for a later move (in EvoChess they never expire).',
  echess: 'No promotion: the right is lost (in EChess a right must be used in the move that earns it).',
  promoteking: 'Keeping the pawn leaves it on the last rank, where it can never move forward again.',
};

function iconOf(choice: ParsedMove, context: PickerContext): { letter: PieceLetter; side: Side } {
  const change = choice.transformation;
  if (!change) return { letter: context.units.get(choice.from)?.letter ?? 'p', side: context.mover };
  return { letter: change.letter, side: change.otherColour ? otherSide(context.mover) : context.mover };
}

export function pickPromotion(
  dialog: HTMLDialogElement,
  choices: ParsedMove[],
  context: PickerContext,
): Promise<ParsedMove | null> {
  const pieceAt = (square: Key) => context.units.get(square)?.letter ?? null;
  dialog.replaceChildren();
  const heading = document.createElement('h2');
  heading.textContent = 'Choose the promotion';
  // The heading takes the focus, so that a stray Enter plays nothing.
  heading.tabIndex = -1;
  const list = document.createElement('div');
  list.className = 'promotion-choices';
  dialog.append(heading);
  const note = DECLINE_NOTES[rulesFamilyOf(context.variant)];
  if (note) {
    const line = document.createElement('p');
    line.className = 'decline-note';
    line.textContent = note;
    dialog.append(line);
  }
  dialog.append(list);

  return new Promise((resolve) => {
    const finish = (choice: ParsedMove | null) => {
      context.highlight([]);
      dialog.onclose = null;
      dialog.close();
      resolve(choice);
    };
    for (const choice of choices) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'promotion-choice';
      button.dataset.uci = choice.uci;
      const icon = iconOf(choice, context);
      const image = document.createElement('span');
      image.className = `piece-icon ${icon.letter}-piece ${colorOf(icon.side)}`;
      const san = document.createElement('strong');
      san.textContent = choice.san;
      const text = document.createElement('span');
      text.textContent = describeChoice(choice, context.mover, pieceAt);
      button.append(image, san, text);
      const square = choice.transformation?.square ?? choice.to;
      const showSquare = () => context.highlight([{ orig: square, brush: 'green' }]);
      button.addEventListener('mouseenter', showSquare);
      button.addEventListener('focus', showSquare);
      button.addEventListener('click', () => finish(choice));
      list.append(button);
    }
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'secondary';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => finish(null));
    dialog.append(cancel);
    dialog.onclose = () => finish(null);
    dialog.showModal();
    heading.focus();
  });
}
