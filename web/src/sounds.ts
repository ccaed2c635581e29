// Sounds of the game, made in the browser with the Web Audio API (no sound files): a move,
// a capture, a check, an evolution (a move that promotes or changes a unit), the game's
// end, and a tournament's pairing (a game begins). Their level (off, quiet, on) is a setting; the switch in the header mutes them and
// turns them back on at the level they had.
import type { GameState } from './api';
import { parseMove } from './moves';
import type { SoundLevel } from './settings';

export type SoundName = 'move' | 'capture' | 'check' | 'evolution' | 'end' | 'pairing';

// How loud each level plays the tunes.
const VOLUME: Record<SoundLevel, number> = { off: 0, quiet: 0.25, on: 1 };

// Which sound a new state of the same game asks for: null when no move was played on it
// (another game opened, an undo, the same state again). The game's end wins over a check,
// a check over an evolution, an evolution over a capture.
export function soundFor(previous: GameState | null, next: GameState): SoundName | null {
  if (!previous || previous.id !== next.id) return null;
  if (next.result && !previous.result) return 'end';
  if (next.history.length <= previous.history.length) return null;
  const last = next.history[next.history.length - 1];
  if (next.check || /[+#]$/.test(last.san)) return 'check';
  if (parseMove(last)?.transformation) return 'evolution';
  if (last.san.includes('x')) return 'capture';
  return 'move';
}

export class Sounds {
  private context: AudioContext | null = null;
  private output: GainNode | null = null;
  // The level the header's switch turns the sounds back on at.
  private audible: SoundLevel;
  // What was asked for, for a reader of the page (the browser tests): the last sound's name,
  // and whether it was played (not muted).
  readonly log: { name: SoundName; played: boolean }[] = [];

  constructor(
    private readonly button: HTMLButtonElement,
    private level: SoundLevel,
    // The switch changed the level: the settings keep it.
    private readonly onSwitch: (level: SoundLevel) => void,
  ) {
    this.audible = level === 'off' ? 'on' : level;
    button.addEventListener('click', () => {
      this.setLevel(this.level === 'off' ? this.audible : 'off');
      this.onSwitch(this.level);
    });
    this.renderButton();
  }

  setLevel(level: SoundLevel): void {
    this.level = level;
    if (level !== 'off') this.audible = level;
    if (this.output) this.output.gain.value = VOLUME[level];
    this.renderButton();
  }

  private get muted(): boolean {
    return this.level === 'off';
  }

  play(name: SoundName): void {
    this.log.push({ name, played: !this.muted });
    const root = document.documentElement;
    root.dataset.lastSound = name;
    root.dataset.soundCount = String(this.log.length);
    root.dataset.lastSoundPlayed = String(!this.muted);
    root.dataset.lastSoundVolume = String(VOLUME[this.level]);
    if (this.muted) return;
    const context = this.audio();
    if (!context || !this.output) return;
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + 0.01;
    TUNES[name](context, start, this.output);
  }

  private renderButton(): void {
    this.button.setAttribute('aria-pressed', String(this.muted));
    // A drawn speaker (no emoji font needed): with sound waves, or crossed out when muted.
    this.button.innerHTML = speakerIcon(this.muted);
    this.button.title = this.muted ? 'Sounds are off: press to turn them on' : `Sounds are ${this.level}: press to mute them`;
    document.documentElement.dataset.muted = String(this.muted);
  }

  private audio(): AudioContext | null {
    if (this.context) return this.context;
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return null;
    try {
      this.context = new Context();
      this.output = this.context.createGain();
      this.output.gain.value = VOLUME[this.level];
      this.output.connect(this.context.destination);
    } catch {
      return null;
    }
    return this.context;
  }
}

function speakerIcon(muted: boolean): string {
  const marks = muted ? '<path d="M16 9l6 6M22 9l-6 6" />' : '<path d="M16 9.5a4 4 0 0 1 0 5M18.5 7a7.5 7.5 0 0 1 0 10" />';
  return (
    '<svg class="sound-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" ' +
    'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    `<path d="M3 9.5h4l5-4v13l-5-4H3z" fill="currentColor" />${marks}</svg>`
  );
}

// One tone with a quick attack and an exponential fade.
function tone(
  context: AudioContext,
  out: AudioNode,
  at: number,
  frequency: number,
  length: number,
  type: OscillatorType,
  volume: number,
): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(out);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

// A short burst of filtered noise: a piece set down on wood.
function knock(context: AudioContext, out: AudioNode, at: number, length: number, cutoff: number, volume: number): void {
  const samples = Math.ceil(context.sampleRate * length);
  const buffer = context.createBuffer(1, samples, context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 3;
  const source = context.createBufferSource();
  source.buffer = buffer;
  const filter = context.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = cutoff;
  const gain = context.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(out);
  source.start(at);
}

const TUNES: Record<SoundName, (context: AudioContext, at: number, out: AudioNode) => void> = {
  move: (c, at, out) => {
    knock(c, out, at, 0.07, 1800, 0.5);
    tone(c, out, at, 220, 0.06, 'sine', 0.15);
  },
  capture: (c, at, out) => {
    knock(c, out, at, 0.12, 3200, 0.7);
    knock(c, out, at + 0.05, 0.09, 1400, 0.5);
    tone(c, out, at, 160, 0.1, 'triangle', 0.2);
  },
  check: (c, at, out) => {
    knock(c, out, at, 0.06, 1800, 0.4);
    tone(c, out, at + 0.02, 880, 0.12, 'square', 0.06);
    tone(c, out, at + 0.14, 660, 0.16, 'square', 0.06);
  },
  evolution: (c, at, out) => {
    knock(c, out, at, 0.06, 1800, 0.4);
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(c, out, at + 0.03 + i * 0.06, f, 0.18, 'sine', 0.14));
  },
  end: (c, at, out) => {
    for (const f of [392, 493.88, 587.33]) tone(c, out, at, f, 0.9, 'triangle', 0.1);
    tone(c, out, at + 0.25, 783.99, 0.8, 'sine', 0.08);
  },
  // Two rising notes, as a bell calling to the board.
  pairing: (c, at, out) => {
    tone(c, out, at, 587.33, 0.25, 'triangle', 0.14);
    tone(c, out, at + 0.16, 880, 0.45, 'triangle', 0.14);
  },
};
