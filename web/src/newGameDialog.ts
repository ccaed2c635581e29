// The new-game dialog: variant, who plays which side, the engine's level, and an optional
// start FEN or a PGN to import.
import type { EngineLevel, NewGameRequest, PlayerKind, ServerInfo, Side, Variant } from './api';
import { applyOnlineOptions, setUpOnlineOptions } from './newGameOptions';
import { describeError } from './notices';
import { rulesAddressFor } from './rules/rulesPage';
import { rememberVariantTitles, variantTitle } from './variantTitles';

// The level a new player meets first: gentle, but not the weakest.
export const DEFAULT_LEVEL = 3;
// The first-visit game's level: the weakest.
export const GENTLE_LEVEL = 1;

export const levelLabel = (level: EngineLevel) => `${level.number}. ${level.name} (about ${level.elo} Elo)`;

// Options for a level menu, from the engine's own table (/api/info).
export function levelOptions(levels: EngineLevel[], selected: number): HTMLOptionElement[] {
  return levels.map((l) => new Option(levelLabel(l), String(l.number), l.number === selected, l.number === selected));
}

export function setUpNewGameDialog(dialog: HTMLDialogElement, info: ServerInfo): void {
  const form = dialog.querySelector('form') as HTMLFormElement;
  const variants = form.elements.namedItem('variant') as HTMLSelectElement;
  rememberVariantTitles(info.variants);
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

// The message under a field of the form (made on first use), or cleared with null.
function fieldError(form: HTMLFormElement, name: string, message: string | null): void {
  const field = form.elements.namedItem(name) as HTMLElement | null;
  const label = field?.closest('label') ?? form.querySelector('.controls');
  if (!label) return;
  const id = `${name}-error`;
  let box = form.querySelector<HTMLElement>(`#${id}`);
  if (!box) {
    box = document.createElement('p');
    box.id = id;
    box.className = `field-error ${name}-error`;
    box.setAttribute('role', 'alert');
    if (name === 'start') label.before(box);
    else label.after(box);
  }
  box.textContent = message ?? '';
  box.hidden = message === null;
  if (field && name !== 'start') {
    if (message === null) field.removeAttribute('aria-invalid');
    else field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', id);
  }
}

function requestOf(form: HTMLFormElement): NewGameRequest {
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
  return request;
}

// Opens the dialog (on `variant`, if given); `start` makes the game. While the server refuses
// the request (a bad FEN or PGN), the dialog stays open with the text and the error under the
// field. Resolves when the dialog closes: true when a game was started.
export function askForNewGame(
  dialog: HTMLDialogElement,
  start: (request: NewGameRequest) => Promise<void>,
  variant?: Variant,
): Promise<boolean> {
  const form = dialog.querySelector('form') as HTMLFormElement;
  const variants = form.elements.namedItem('variant') as HTMLSelectElement;
  if (variant && Array.from(variants.options).some((option) => option.value === variant)) {
    variants.value = variant;
    variants.dispatchEvent(new Event('change'));
  }
  const fields = ['fen', 'pgn', 'start'];
  for (const name of fields) fieldError(form, name, null);
  const startButton = form.querySelector<HTMLButtonElement>('button[value=start]')!;
  return new Promise((resolve) => {
    form.onsubmit = (event) => {
      if ((event.submitter as HTMLButtonElement | null)?.value !== 'start') return;
      event.preventDefault();
      const request = requestOf(form);
      for (const name of fields) fieldError(form, name, null);
      startButton.disabled = true;
      start(request)
        .then(() => {
          // A start position or PGN is for this game only: the next game starts from the
          // variant picked then (issue 11, bug 1).
          for (const name of ['fen', 'pgn']) (form.elements.namedItem(name) as HTMLInputElement).value = '';
          dialog.close('start');
        })
        .catch((error: unknown) => {
          const field = request.pgn ? 'pgn' : request.fen ? 'fen' : 'start';
          fieldError(form, field, describeError(error));
          if (field !== 'start') (form.elements.namedItem(field) as HTMLElement).focus();
        })
        .finally(() => (startButton.disabled = false));
    };
    dialog.onclose = () => {
      dialog.onclose = null;
      form.onsubmit = null;
      resolve(dialog.returnValue === 'start');
    };
    dialog.returnValue = '';
    dialog.showModal();
  });
}
