// The player's settings (issue 23, item 11): board colours, piece set, sounds, move
// confirmation in correspondence games and zen mode. Kept in the browser's localStorage;
// applied as attributes of <body> that the style sheets read (no inline styles: the CSP).
export type BoardTheme = 'brown' | 'blue' | 'green';
export type PieceSet = 'cburnett' | 'letters';
export type SoundLevel = 'off' | 'quiet' | 'on';

export interface Settings {
  board: BoardTheme;
  pieces: PieceSet;
  sound: SoundLevel;
  // A move in a correspondence game waits for "Confirm" (a slip costs days there).
  confirmCorrespondence: boolean;
  zen: boolean;
}

const KEY = 'evochess.settings';
// The mute switch before settings existed: its choice is kept.
const OLD_MUTE_KEY = 'evochess.muted';

export const DEFAULT_SETTINGS: Settings = { board: 'brown', pieces: 'cburnett', sound: 'on', confirmCorrespondence: true, zen: false };

const CHOICES = {
  board: ['brown', 'blue', 'green'],
  pieces: ['cburnett', 'letters'],
  sound: ['off', 'quiet', 'on'],
} as const;

// The stored settings, each unknown or missing value replaced by its default.
export function readSettings(storage: Pick<Storage, 'getItem'> | null = safeStorage()): Settings {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(storage?.getItem(KEY) ?? '{}') ?? {};
  } catch {
    stored = {};
  }
  const pick = <K extends keyof typeof CHOICES>(key: K): Settings[K] => {
    const value = stored[key];
    return (CHOICES[key] as readonly string[]).includes(value as string) ? (value as Settings[K]) : DEFAULT_SETTINGS[key];
  };
  const oldMute = storage?.getItem(OLD_MUTE_KEY) === '1';
  return {
    board: pick('board'),
    pieces: pick('pieces'),
    sound: stored.sound === undefined && oldMute ? 'off' : pick('sound'),
    confirmCorrespondence:
      typeof stored.confirmCorrespondence === 'boolean' ? stored.confirmCorrespondence : DEFAULT_SETTINGS.confirmCorrespondence,
    zen: typeof stored.zen === 'boolean' ? stored.zen : DEFAULT_SETTINGS.zen,
  };
}

export function writeSettings(settings: Settings, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // storage refused (private mode): the settings still hold for this page
  }
}

function safeStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

// The settings on the page: the board's colours, the pieces and zen mode by <body>'s data.
export function applySettings(settings: Settings, body: HTMLElement = document.body): void {
  body.dataset.board = settings.board;
  body.dataset.pieces = settings.pieces;
  body.classList.toggle('zen', settings.zen);
}

// The settings dialog: every change is applied and kept at once.
export class SettingsDialog {
  private settings = readSettings();
  private readonly listeners: ((settings: Settings) => void)[] = [];

  constructor(dialog: HTMLDialogElement, openButton: HTMLElement, zenExit: HTMLElement) {
    applySettings(this.settings);
    const form = dialog.querySelector('form')!;
    openButton.addEventListener('click', () => {
      this.fill(form);
      dialog.showModal();
    });
    form.addEventListener('change', () => this.update(this.read(form)));
    zenExit.addEventListener('click', () => this.update({ ...this.settings, zen: false }));
  }

  get current(): Settings {
    return this.settings;
  }

  onChange(listener: (settings: Settings) => void): void {
    this.listeners.push(listener);
  }

  update(settings: Settings): void {
    this.settings = settings;
    writeSettings(settings);
    applySettings(settings);
    for (const listener of this.listeners) listener(settings);
  }

  private fill(form: HTMLFormElement): void {
    const field = <T extends HTMLElement>(name: string) => form.elements.namedItem(name) as unknown as T;
    field<HTMLSelectElement>('board').value = this.settings.board;
    field<HTMLSelectElement>('pieces').value = this.settings.pieces;
    field<HTMLSelectElement>('sound').value = this.settings.sound;
    field<HTMLInputElement>('confirm').checked = this.settings.confirmCorrespondence;
    field<HTMLInputElement>('zen').checked = this.settings.zen;
  }

  private read(form: HTMLFormElement): Settings {
    const field = <T extends HTMLElement>(name: string) => form.elements.namedItem(name) as unknown as T;
    return {
      board: field<HTMLSelectElement>('board').value as BoardTheme,
      pieces: field<HTMLSelectElement>('pieces').value as PieceSet,
      sound: field<HTMLSelectElement>('sound').value as SoundLevel,
      confirmCorrespondence: field<HTMLInputElement>('confirm').checked,
      zen: field<HTMLInputElement>('zen').checked,
    };
  }
}
