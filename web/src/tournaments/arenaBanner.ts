// The lobby's banner of the arena running now, else of the next to start (GET /api/tournament):
// its name as a link to its page, and when it ends or starts. Read each time the lobby opens,
// and again once the countdown has run out (the arena started, or ended).
import { make } from './elements';
import { tournamentApi } from './tournamentApi';
import { bannerArena, clockText, deadlineOf, statusText, tournamentAddress, type ArenaSummary } from './tournamentModel';

export class ArenaBanner {
  private readonly element: HTMLElement;
  private arena: ArenaSummary | null = null;
  private deadline: number | null = null;
  private tickTimer: number | undefined;
  private shown = false; // the lobby is open
  private asked = 0;
  private readonly when: HTMLElement;
  private readonly link: HTMLAnchorElement;

  // Put after `above` (the lobby's title).
  constructor(above: HTMLElement) {
    this.element = make('p', { id: 'arena-banner', className: 'arena-banner', hidden: true });
    this.link = make('a', { id: 'arena-banner-link' });
    this.when = make('span', { className: 'arena-banner-when' });
    this.element.append(make('span', { className: 'arena-banner-label', textContent: 'Arena: ' }), this.link, this.when);
    above.after(this.element);
  }

  async refresh(): Promise<void> {
    this.shown = true;
    const asked = ++this.asked;
    window.clearInterval(this.tickTimer);
    try {
      const arena = bannerArena(await tournamentApi.lists());
      if (asked !== this.asked) return;
      this.arena = arena;
      this.deadline = arena ? deadlineOf(arena, Date.now()) : null;
    } catch {
      if (asked !== this.asked) return;
      this.arena = null; // a server without arenas: no banner
    }
    this.element.hidden = !this.arena;
    if (!this.arena || !this.shown) return;
    this.link.href = tournamentAddress(this.arena.id);
    this.link.textContent = `${this.arena.fullName} (${this.arena.variant.name} ${clockText(this.arena.clock)})`;
    this.tick();
    this.tickTimer = window.setInterval(() => this.tick(), 1000);
  }

  stop(): void {
    this.shown = false;
    this.asked++;
    window.clearInterval(this.tickTimer);
  }

  private tick(): void {
    if (!this.arena) return;
    const now = Date.now();
    this.when.textContent = ` · ${statusText(this.arena, this.deadline, now)}`;
    if (this.deadline !== null && now > this.deadline + 2000) void this.refresh();
  }
}
