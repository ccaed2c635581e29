// The new-game dialog: variant, who plays which side, the engine's level, and an optional
// start FEN or a PGN to import.
import type { EngineLevel, NewGameRequest, PlayerKind, ServerInfo, Side, Variant } from './api';
import { applyOnlineOptions, setUpOnlineOptions } from './newGameOptions';
import { rulesAddressFor } from './rules/rulesPage';

// The level a new player meets first: gentle, but not the weakest.
export const DEFAULT_LEVEL = 3;
// The first-visit game's level: the weakest.
export const GENTLE_LEVEL = 1;

export const levelLabel = (level: EngineLevel) => `${level.number}. ${level.name} (about ${level.elo} Elo)`;

// Options for a level menu, from the engine's own table (/api/info).
export function levelOptions(levels: EngineLevel[], selected: number): HTMLOptionElement[] {
  return levels.map((l) => new Option(levelLabel(l), String(l.number), l.number === selected, l.number === selected));
}

// Display names as the server lists them (/api/info), filled by setUpNewGameDialog.
const VARIANT_TITLES = new Map<Variant, string>();
export const variantTitle = (variant: Variant) => VARIANT_TITLES.get(variant) ?? variant;

export function setUpNewGameDialog(dialog: HTMLDialogElement, info: ServerInfo): void {
  const form = dialog.querySelector('form') as HTMLFormElement;
  const variants = form.elements.namedItem('variant') as HTMLSelectElement;
  for (const v of info.variants) VARIANT_TITLES.set(v.name, v.display_name || v.name);
  variants.replaceChildren(
    ...info.variants.map(({ name }) => new Option(variantTitle(name), name, name === 'evochess', name === 'evochess')),
  );
  // The chosen variant's description, below the menu.
  let description = dialog.querySelector('.variant-description') as HTMLElement | null;
  if (!description) {
    description = document.createElement('p');
    description.className = 'variant-description';
    variants.closest('label')?.after(description);
  }
  const describe = () => {
    const chosen = info.variants.find((v) => v.name === variants.value);
    description!.textContent = chosen?.description ?? '';
  };
  variants.onchange = describe;
  describe();
  const levels = info.levels ?? [];
  const levelMenu = form.elements.namedItem('level') as HTMLSelectElement;
  levelMenu.replaceChildren(...levelOptions(levels, DEFAULT_LEVEL));
  const levelNote = dialog.querySelector('.level-description') as HTMLElement;
  const describeLevel = () => {
    levelNote.textContent = levels.find((l) => String(l.number) === levelMenu.value)?.description ?? '';
  };
  levelMenu.onchange = describeLevel;
  describeLevel();
  const side = form.elements.namedItem('side') as HTMLSelectElement;
  const note = dialog.querySelector('.engine-note') as HTMLElement;
  if (!info.engine) {
    side.value = 'both';
    for (const option of Array.from(side.options)) option.disabled = option.value !== 'both';
    levelMenu.disabled = true;
    note.textContent = 'This build of evochess has no engine: both sides are played here.';
  }
  setUpOnlineOptions(form);
  // "How to play": the rules page of the variant picked.
  const rulesLink = document.createElement('a');
  rulesLink.className = 'dialog-rules-link';
  rulesLink.textContent = 'How to play this variant';
  const syncLink = () => (rulesLink.href = rulesAddressFor(variants.value));
  variants.addEventListener('change', syncLink);
  syncLink();
  rulesLink.addEventListener('click', () => dialog.close('cancel'));
  variants.closest('label')!.after(rulesLink);
}

function playersFor(choice: string): Record<Side, PlayerKind> {
  if (choice === 'w') return { w: 'human', b: 'engine' };
  if (choice === 'b') return { w: 'engine', b: 'human' };
  if (choice === 'engines') return { w: 'engine', b: 'engine' };
  return { w: 'human', b: 'human' };
}

// Opens the dialog; resolves with the request to send, or null when cancelled.
export function askForNewGame(dialog: HTMLDialogElement): Promise<NewGameRequest | null> {
  const form = dialog.querySelector('form') as HTMLFormElement;
  return new Promise((resolve) => {
    dialog.onclose = () => {
      dialog.onclose = null;
      if (dialog.returnValue !== 'start') return resolve(null);
      const data = new FormData(form);
      const pgn = String(data.get('pgn') ?? '').trim();
      const fen = String(data.get('fen') ?? '').trim();
      const request: NewGameRequest = {
        players: playersFor(String(data.get('side'))),
        engine: data.get('level') ? { level: Number(data.get('level')) } : { movetime_ms: 1000 },
      };
      if (pgn) request.pgn = pgn;
      else {
        request.variant = String(data.get('variant')) as Variant;
        if (fen) request.fen = fen;
      }
      applyOnlineOptions(request, data);
      // A start position or PGN is for this game only: the next game starts from the
      // variant picked then (issue 11, bug 1).
      for (const name of ['fen', 'pgn']) (form.elements.namedItem(name) as HTMLInputElement).value = '';
      resolve(request);
    };
    dialog.returnValue = '';
    dialog.showModal();
  });
}
