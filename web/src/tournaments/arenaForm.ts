// "New arena": the form of a signed-in player's arena (POST /api/tournament). The server
// checks every value and names the field it refuses: its message is shown as it is.
import { ApiError, type ServerInfo } from '../api';
import { describeError } from '../notices';
import { variantTitle } from '../variantTitles';
import { make } from './elements';
import { tournamentApi } from './tournamentApi';
import { CLOCK_INCREMENTS, CLOCK_TIMES, arenaRequest, clockTimeLabel, type ArenaDetails } from './tournamentModel';

function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = make('label');
  label.append(text, control);
  return label;
}

function select(name: string, options: { value: string; text: string }[], chosen: string): HTMLSelectElement {
  const menu = make('select', { name });
  menu.append(...options.map(({ value, text }) => new Option(text, value, value === chosen, value === chosen)));
  return menu;
}

function checkbox(name: string, text: string, checked: boolean): HTMLLabelElement {
  const label = make('label', { className: 'checkbox-setting' });
  label.append(make('input', { type: 'checkbox', name, checked, defaultChecked: checked }), ` ${text}`);
  return label;
}

function numberInput(name: string, value: string, min: number, max: number): HTMLInputElement {
  const input = make('input', { type: 'number', name, value, defaultValue: value, step: '1' });
  input.min = String(min);
  input.max = String(max);
  input.inputMode = 'numeric';
  return input;
}

export class ArenaForm {
  readonly element: HTMLFormElement;
  private readonly message: HTMLElement;
  private readonly variants: HTMLSelectElement;
  private readonly rated: HTMLInputElement;
  private readonly casualOnly: Set<string>;

  constructor(
    info: ServerInfo,
    private readonly made: (arena: ArenaDetails) => void,
  ) {
    this.casualOnly = new Set(info.variants.filter((v) => v.built_in === false).map((v) => v.name));
    this.element = make('form', { id: 'arena-form', className: 'lobby-form arena-form', noValidate: true });
    const name = make('input', { type: 'text', name: 'name', maxLength: 30, spellcheck: false, placeholder: 'e.g. Friday EvoChess' });
    name.setAttribute('autocomplete', 'off');
    this.variants = select(
      'variant',
      info.variants.map((v) => ({ value: v.name, text: variantTitle(v.name) })),
      'evochess',
    );
    const times = select(
      'clockTime',
      CLOCK_TIMES.map((t) => ({ value: t, text: clockTimeLabel(t) })),
      '3',
    );
    const increments = select(
      'clockIncrement',
      CLOCK_INCREMENTS.map((s) => ({ value: s, text: s })),
      '2',
    );
    const rated = checkbox('rated', 'Rated', true);
    this.rated = rated.querySelector('input')!;
    this.variants.addEventListener('change', () => this.syncRated());
    this.message = make('p', { className: 'error-message arena-form-message', hidden: true });
    this.message.setAttribute('role', 'alert');
    const controls = make('div', { className: 'controls' });
    controls.append(make('button', { id: 'arena-create', textContent: 'Create arena' }));
    this.element.append(
      labelled('Name (optional)', name),
      labelled('Variant', this.variants),
      labelled('Clock minutes', times),
      labelled('Increment (s)', increments),
      labelled('Length (minutes)', numberInput('minutes', '45', 1, 720)),
      labelled('Starts in (minutes)', numberInput('waitMinutes', '5', 0, 360)),
      rated,
      checkbox('berserkable', 'Berserk allowed', true),
      checkbox('streakable', 'Win streaks (fire)', true),
      this.message,
      controls,
    );
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
    this.syncRated();
  }

  // A variant loaded from a file is played casual only (docs/tournaments.md, A1).
  private syncRated(): void {
    const casual = this.casualOnly.has(this.variants.value);
    this.rated.disabled = casual;
    if (casual) this.rated.checked = false;
  }

  private async submit(): Promise<void> {
    const data = new FormData(this.element);
    const text = (field: string) => String(data.get(field) ?? '');
    const body = arenaRequest({
      name: text('name'),
      variant: text('variant'),
      clockTime: text('clockTime'),
      clockIncrement: text('clockIncrement'),
      minutes: text('minutes'),
      waitMinutes: text('waitMinutes'),
      rated: data.has('rated'),
      berserkable: data.has('berserkable'),
      streakable: data.has('streakable'),
    });
    const button = this.element.querySelector<HTMLButtonElement>('#arena-create')!;
    button.disabled = true;
    try {
      const arena = await tournamentApi.create(body);
      this.show('');
      this.element.reset();
      this.syncRated();
      this.made(arena);
    } catch (error) {
      this.show(error instanceof ApiError ? `The server refused it: ${error.message}` : describeError(error));
    } finally {
      button.disabled = false;
    }
  }

  private show(text: string): void {
    this.message.textContent = text;
    this.message.hidden = !text;
  }
}
