// "Tournaments" (address #tournaments), like lichess's: the arenas about to start (with a
// countdown), running (the time left) and finished (the winner), each a link to its page, and
// the "New arena" form for a signed-in player. The lists are read again every few seconds
// while the page is open; the countdowns tick every second between.
import './tournaments.css';
import { ApiError, type ServerInfo } from '../api';
import { describeError } from '../notices';
import type { Me } from '../player';
import { ArenaForm } from './arenaForm';
import { countdown, make } from './elements';
import { tournamentApi } from './tournamentApi';
import {
  deadlineOf,
  playersText,
  settingsText,
  statusText,
  tournamentAddress,
  type ArenaLists,
  type ArenaResult,
  type ArenaSummary,
} from './tournamentModel';

const REFRESH_MS = 10_000;
const WINNERS_SHOWN = 10; // the finished events whose winner is asked for, one request each

interface Section {
  key: keyof ArenaLists;
  title: string;
  empty: string;
}

const SECTIONS: Section[] = [
  { key: 'started', title: 'Running', empty: 'No arena is running.' },
  { key: 'created', title: 'Starting soon', empty: 'No arena is about to start: make one below.' },
  { key: 'finished', title: 'Finished', empty: 'No arena has finished yet.' },
];

export class TournamentsView {
  private readonly root: HTMLElement;
  private readonly lists = new Map<keyof ArenaLists, HTMLUListElement>();
  private readonly empties = new Map<keyof ArenaLists, HTMLElement>();
  private readonly message: HTMLElement;
  private readonly signedOut: HTMLElement;
  private readonly form: ArenaForm;
  private readonly formSection: HTMLElement;
  // The countdowns on the page and the instant each runs to.
  private clocks: { element: HTMLElement; arena: ArenaSummary; deadline: number | null }[] = [];
  private readonly winners = new Map<string, ArenaResult | null>();
  private refreshTimer: number | undefined;
  private tickTimer: number | undefined;
  private asked = 0;

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    info: ServerInfo,
    private readonly openAccount: () => void,
  ) {
    this.root = make('main', { id: 'tournaments-view', className: 'tournaments-view', hidden: true });
    this.root.setAttribute('aria-labelledby', 'tournaments-heading');
    const title = make('h2', { id: 'tournaments-heading', className: 'lobby-title', textContent: 'Tournaments' });
    const intro = make('p', {
      className: 'lobby-note',
      textContent:
        'Arenas: play as many games as you can until the time is up. Each win scores 2, a draw 1; after two wins in a row you are on fire and score double.',
    });
    this.message = make('p', { className: 'error-message', hidden: true });
    this.message.setAttribute('role', 'alert');
    this.root.append(title, intro, this.message);
    for (const section of SECTIONS) {
      const element = make('section', { className: 'lobby-section' });
      const headingId = `arenas-${section.key}-heading`;
      element.setAttribute('aria-labelledby', headingId);
      const list = make('ul', { id: `arenas-${section.key}`, className: 'arena-list' });
      list.setAttribute('aria-labelledby', headingId);
      const empty = make('p', { className: 'lobby-note', textContent: section.empty, hidden: true });
      element.append(make('h3', { id: headingId, textContent: section.title }), list, empty);
      this.lists.set(section.key, list);
      this.empties.set(section.key, empty);
      this.root.append(element);
    }
    this.form = new ArenaForm(info, (arena) => (location.hash = tournamentAddress(arena.id)));
    this.formSection = make('section', { className: 'lobby-section', id: 'arena-new' });
    this.formSection.setAttribute('aria-labelledby', 'arena-new-heading');
    this.signedOut = make('p', { className: 'lobby-note', hidden: true });
    const signIn = make('button', { type: 'button', className: 'secondary', id: 'arena-sign-in', textContent: 'Sign in' });
    signIn.addEventListener('click', () => this.openAccount());
    this.signedOut.append('Arenas are made by accounts: ', signIn, ' to make one.');
    this.formSection.append(make('h3', { id: 'arena-new-heading', textContent: 'New arena' }), this.signedOut, this.form.element);
    this.root.append(this.formSection);
    hideWhileOpen.after(this.root);
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  open(): void {
    if (!this.isOpen) {
      this.hideWhileOpen.hidden = true;
      this.root.hidden = false;
      window.scrollTo(0, 0);
      this.tickTimer = window.setInterval(() => this.tick(), 1000);
    }
    void this.refresh();
  }

  close(): void {
    if (!this.isOpen) return;
    this.asked++;
    window.clearTimeout(this.refreshTimer);
    window.clearInterval(this.tickTimer);
    this.root.hidden = true;
    this.hideWhileOpen.hidden = false;
  }

  setPlayer(me: Me): void {
    this.signedOut.hidden = !me.anonymous;
    this.form.element.hidden = me.anonymous;
  }

  private async refresh(): Promise<void> {
    const asked = ++this.asked;
    window.clearTimeout(this.refreshTimer);
    this.root.setAttribute('aria-busy', 'true');
    try {
      const lists = await tournamentApi.lists();
      if (asked !== this.asked) return;
      const receivedAt = Date.now();
      this.render(lists, receivedAt);
      this.show('');
      void this.readWinners(lists.finished.slice(0, WINNERS_SHOWN), asked);
    } catch (error) {
      if (asked !== this.asked) return;
      this.show(error instanceof ApiError ? error.message : describeError(error));
    } finally {
      if (asked === this.asked) {
        this.root.removeAttribute('aria-busy');
        this.refreshTimer = window.setTimeout(() => void this.refresh(), REFRESH_MS);
      }
    }
  }

  private render(lists: ArenaLists, receivedAt: number): void {
    this.clocks = [];
    for (const { key } of SECTIONS) {
      const arenas = lists[key] ?? [];
      this.lists.get(key)!.replaceChildren(...arenas.map((arena) => this.row(arena, deadlineOf(arena, receivedAt))));
      this.empties.get(key)!.hidden = arenas.length > 0;
    }
    this.tick();
  }

  private row(arena: ArenaSummary, deadline: number | null): HTMLLIElement {
    const row = make('li', { className: 'arena-row' });
    row.dataset.arena = arena.id;
    const link = make('a', { href: tournamentAddress(arena.id), className: 'arena-name', textContent: arena.fullName });
    const settings = make('span', { className: 'arena-settings', textContent: settingsText(arena) });
    const players = make('span', { className: 'arena-players', textContent: playersText(arena.nbPlayers) });
    const when = countdown('arena-when');
    if (arena.status !== 30) this.clocks.push({ element: when, arena, deadline });
    else {
      when.className = 'arena-when arena-winner';
      const winner = this.winners.get(arena.id);
      when.textContent = winner ? `Winner: ${winner.username} (${winner.score})` : 'Finished';
    }
    row.append(link, settings, players, when);
    return row;
  }

  private tick(): void {
    const now = Date.now();
    let due = false;
    for (const { element, arena, deadline } of this.clocks) {
      element.textContent = statusText(arena, deadline, now);
      if (deadline !== null && deadline <= now - 1500) due = true;
    }
    // One started or ended meanwhile: the lists are read now rather than at the next refresh.
    if (due && this.isOpen) {
      this.clocks = [];
      void this.refresh();
    }
  }

  private async readWinners(finished: ArenaSummary[], asked: number): Promise<void> {
    const unknown = finished.filter((arena) => !this.winners.has(arena.id));
    if (!unknown.length) return;
    const found = await Promise.all(unknown.map((arena) => tournamentApi.winner(arena.id).catch(() => null)));
    unknown.forEach((arena, i) => this.winners.set(arena.id, found[i]));
    if (asked !== this.asked) return;
    for (const arena of unknown) {
      const winner = this.winners.get(arena.id);
      const cell = this.root.querySelector(`[data-arena="${arena.id}"] .arena-winner`);
      if (cell && winner) cell.textContent = `Winner: ${winner.username} (${winner.score})`;
    }
  }

  private show(text: string): void {
    this.message.textContent = text;
    this.message.hidden = !text;
  }
}
