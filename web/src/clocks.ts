// Both sides' clocks. The server's clock is the truth (docs/api.md): each state carries the
// times as of the moment it was made, and the page counts the running side down from there.
import type { ClockState, Side } from './api';
import { sideName } from './gamePanels';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// "4:59", "0:08.3", "1:02:03", "2 d 5 h" (correspondence).
export function formatClock(ms: number, correspondence: boolean): string {
  const left = Math.max(0, ms);
  if (correspondence && left >= DAY) return `${Math.floor(left / DAY)} d ${Math.floor((left % DAY) / HOUR)} h`;
  if (correspondence && left >= HOUR) return `${Math.floor(left / HOUR)} h ${Math.floor((left % HOUR) / MINUTE)} min`;
  if (left >= HOUR) {
    const seconds = Math.floor(left / SECOND);
    return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  }
  if (left < 10 * SECOND) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / SECOND);
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

// A short name for a clock: "3+2", "1 day a move", "untimed".
export function describeClock(clock: ClockState | null | undefined): string {
  if (!clock) return 'untimed';
  if (clock.days_per_move) return `${clock.days_per_move} ${clock.days_per_move === 1 ? 'day' : 'days'} a move`;
  const minutes = clock.initial_ms / MINUTE;
  const initial = minutes >= 1 && Number.isInteger(minutes) ? String(minutes) : `${clock.initial_ms / SECOND} s`;
  return `${initial}+${clock.increment_ms / SECOND}`;
}

export class ClockPair {
  readonly elements: Record<Side, HTMLElement>;
  private clock: ClockState | null = null;
  private receivedAt = 0;
  private stopped = true;
  private zeroReported = false;
  private timer: number | undefined;

  // onZero: the running clock shows zero and no result has come yet (ask the server).
  constructor(private readonly onZero: () => void) {
    this.elements = { w: this.makeClock('w'), b: this.makeClock('b') };
  }

  private makeClock(side: Side): HTMLElement {
    const element = document.createElement('div');
    element.className = 'clock';
    element.dataset.side = side;
    element.setAttribute('role', 'timer');
    element.setAttribute('aria-label', `${sideName(side)}'s clock`);
    element.hidden = true;
    return element;
  }

  // A new state: its clock (null when untimed) and whether the game is over.
  update(clock: ClockState | null | undefined, over: boolean): void {
    this.clock = clock ?? null;
    this.receivedAt = performance.now();
    this.stopped = over;
    this.zeroReported = false;
    window.clearInterval(this.timer);
    this.timer = undefined;
    if (this.clock?.running && !over) this.timer = window.setInterval(() => this.render(), 100);
    this.render();
  }

  remaining(side: Side): number {
    const clock = this.clock;
    if (!clock) return 0;
    const elapsed = clock.running === side && !this.stopped ? performance.now() - this.receivedAt : 0;
    return Math.max(0, clock[side] - elapsed);
  }

  private render(): void {
    const clock = this.clock;
    for (const side of ['w', 'b'] as Side[]) {
      const element = this.elements[side];
      element.hidden = !clock;
      if (!clock) continue;
      const correspondence = clock.days_per_move !== null && clock.days_per_move !== undefined;
      const left = this.remaining(side);
      const running = clock.running === side && !this.stopped;
      element.textContent = formatClock(left, correspondence);
      element.classList.toggle('running', running);
      element.classList.toggle('low', left < (correspondence ? HOUR : 10 * SECOND));
      element.classList.toggle('flagged', left <= 0);
      if (running && left <= 0 && !this.zeroReported) {
        this.zeroReported = true;
        this.onZero();
      }
    }
  }
}
