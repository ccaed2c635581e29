// The new-game dialog's online and clock choices: "a friend online (by link)" among the ways
// to play, the clock (presets, correspondence, custom, untimed) and the creator's colour.
import type { ClockRequest, NewGameRequest, Side } from './api';

const MINUTE = 60_000;

export const CLOCK_PRESETS: { value: string; label: string; clock: ClockRequest | null }[] = [
  { value: '1+0', label: '1+0 bullet', clock: { initial_ms: MINUTE, increment_ms: 0 } },
  { value: '3+2', label: '3+2 blitz', clock: { initial_ms: 3 * MINUTE, increment_ms: 2000 } },
  { value: '5+3', label: '5+3 blitz', clock: { initial_ms: 5 * MINUTE, increment_ms: 3000 } },
  { value: '10+5', label: '10+5 rapid', clock: { initial_ms: 10 * MINUTE, increment_ms: 5000 } },
  { value: '15+10', label: '15+10 rapid', clock: { initial_ms: 15 * MINUTE, increment_ms: 10000 } },
  { value: '30+20', label: '30+20 classical', clock: { initial_ms: 30 * MINUTE, increment_ms: 20000 } },
  { value: 'd1', label: 'correspondence, 1 day a move', clock: { days_per_move: 1 } },
  { value: 'd3', label: 'correspondence, 3 days a move', clock: { days_per_move: 3 } },
  { value: 'd7', label: 'correspondence, 7 days a move', clock: { days_per_move: 7 } },
  { value: 'untimed', label: 'untimed', clock: null },
];

const ONLINE_DEFAULT_CLOCK = '5+3';

function labelled(text: string, control: HTMLElement, className = ''): HTMLLabelElement {
  const label = document.createElement('label');
  if (className) label.className = className;
  label.append(`${text} `, control);
  return label;
}

function numberInput(name: string, value: number, min: number, max: number): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'number';
  input.name = name;
  input.value = String(value);
  input.min = String(min);
  input.max = String(max);
  input.step = '1';
  input.inputMode = 'numeric';
  return input;
}

// Adds the choices to the dialog's form, right after the "You play" select.
export function setUpOnlineOptions(form: HTMLFormElement): void {
  const side = form.elements.namedItem('side') as HTMLSelectElement;
  side.add(new Option('Play a friend online (invite link)', 'online'));

  const clock = document.createElement('select');
  clock.name = 'clock';
  clock.replaceChildren(
    ...CLOCK_PRESETS.map((preset) => new Option(preset.label, preset.value, preset.value === 'untimed', preset.value === 'untimed')),
    new Option('custom…', 'custom'),
  );
  const custom = document.createElement('div');
  custom.className = 'custom-clock';
  custom.append(
    labelled('Initial time (seconds)', numberInput('clock_initial_s', 60, 1, 86400)),
    labelled('Increment (seconds)', numberInput('clock_increment_s', 1, 0, 600)),
  );
  const colour = document.createElement('select');
  colour.name = 'colour';
  colour.replaceChildren(new Option('White', 'w'), new Option('Black', 'b'), new Option('random', 'random', true, true));
  const colourLabel = labelled('Your colour', colour, 'online-only');

  const levelLabel = (form.elements.namedItem('level') as HTMLElement).closest('label');
  const levelDescription = form.querySelector<HTMLElement>('.level-description');
  const sideLabel = side.closest('label')!;
  sideLabel.after(labelled('Clock', clock), custom, colourLabel);

  let clockTouched = false;
  clock.addEventListener('change', () => {
    clockTouched = true;
    sync();
  });
  const sync = () => {
    const online = side.value === 'online';
    if (online && !clockTouched && clock.value === 'untimed') clock.value = ONLINE_DEFAULT_CLOCK;
    if (!online && !clockTouched && clock.value === ONLINE_DEFAULT_CLOCK) clock.value = 'untimed';
    colourLabel.hidden = !online;
    if (levelLabel) levelLabel.hidden = online;
    if (levelDescription) levelDescription.hidden = online;
    custom.hidden = clock.value !== 'custom';
  };
  side.addEventListener('change', sync);
  sync();
}

function clockOf(data: FormData): ClockRequest | null {
  const choice = String(data.get('clock') ?? 'untimed');
  if (choice === 'custom') {
    const initial = Math.max(1, Number(data.get('clock_initial_s')) || 60);
    const increment = Math.max(0, Number(data.get('clock_increment_s')) || 0);
    return { initial_ms: Math.round(initial * 1000), increment_ms: Math.round(increment * 1000) };
  }
  return CLOCK_PRESETS.find((preset) => preset.value === choice)?.clock ?? null;
}

// Adds the online and clock fields to a request. Local untimed games send none of them.
export function applyOnlineOptions(request: NewGameRequest, data: FormData): void {
  const clock = clockOf(data);
  if (String(data.get('side')) === 'online') {
    delete request.players;
    delete request.engine;
    request.online = true;
    request.clock = clock;
    request.colour = String(data.get('colour') ?? 'random') as Side | 'random';
  } else if (clock) request.clock = clock;
}
