// Arena tournaments as data (docs/tournaments.md "API", lichess's shapes): the addresses of
// their pages, the answers of /api/tournament, and the words and rows the pages show. No DOM
// here, so that node's unit tests run it as it is.
import type { Variant } from '../api';

export type TournamentsAddress = { kind: 'list' } | { kind: 'event'; id: string };

// `#tournaments` (the list) and `#tournament=ID` (an event; ids are numbers written as text).
export function readTournamentsAddress(hash: string): TournamentsAddress | null {
  if (hash === '#tournaments') return { kind: 'list' };
  const event = /^#tournament=(\d{1,18})$/.exec(hash);
  return event ? { kind: 'event', id: event[1] } : null;
}

export const tournamentAddress = (id: string) => `#tournament=${id}`;

export const STATUS = { created: 10, started: 20, finished: 30 } as const;

export interface ArenaSummary {
  id: string;
  createdBy: string;
  fullName: string;
  minutes: number;
  clock: { limit: number; increment: number }; // seconds
  rated: boolean;
  nbPlayers: number;
  variant: { key: string; name: string; short: string };
  startsAt: number;
  finishesAt: number;
  status: number;
  secondsToStart?: number;
  secondsToFinish?: number;
  berserkable: boolean;
  streakable: boolean;
  allowBots: boolean;
}

export interface ArenaLists {
  created: ArenaSummary[];
  started: ArenaSummary[];
  finished: ArenaSummary[];
}

export interface StandingPlayer {
  name: string;
  rank: number;
  rating: number;
  provisional?: boolean;
  score: number;
  sheet: { scores: string; fire?: boolean };
  withdraw?: boolean;
  title?: string;
}

export interface PodiumPlace extends StandingPlayer {
  nb: { game: number; win: number };
}

export interface ArenaDetails extends ArenaSummary {
  isStarted: boolean;
  isFinished: boolean;
  nbActivePlayers: number;
  standing: { page: number; players: StandingPlayer[] };
  topGames: string[];
  podium?: PodiumPlace[];
  me?: { rank: number; withdraw: boolean; gameId?: string; seatToken?: string };
}

// One line of GET /api/tournament/{id}/results (NDJSON).
export interface ArenaResult {
  rank: number;
  score: number;
  rating: number;
  username: string;
}

export const STANDING_PAGE_SIZE = 10; // the server's

export const pageCount = (players: number) => Math.max(1, Math.ceil(players / STANDING_PAGE_SIZE));
export const pageOfRank = (rank: number) => Math.max(1, Math.ceil(rank / STANDING_PAGE_SIZE));

// The server names an account by lichess's id, its name in lower case.
export const isMaker = (arena: ArenaSummary, me: string) => me !== '' && arena.createdBy === me.toLowerCase();

// A base time in lichess's words: whole minutes, or ¼ ½ ¾ and 1½ of one, else seconds.
export function clockText(clock: { limit: number; increment: number }): string {
  const fractions: Record<number, string> = { 15: '¼', 30: '½', 45: '¾', 90: '1½' };
  const base = clock.limit % 60 === 0 ? String(clock.limit / 60) : (fractions[clock.limit] ?? `${clock.limit} s`);
  return `${base}+${clock.increment}`;
}

// The instant the countdown runs to (the start, or the end of a running event), read from the
// server's seconds left when the answer came, so that a clock set wrong here does not matter.
export function deadlineOf(arena: ArenaSummary, receivedAt: number): number | null {
  if (arena.status === STATUS.created) return receivedAt + (arena.secondsToStart ?? 0) * 1000;
  if (arena.status === STATUS.started) return receivedAt + (arena.secondsToFinish ?? 0) * 1000;
  return null;
}

const two = (n: number) => String(n).padStart(2, '0');

// Time left as a clock: "4:05", "1:02:03"; "2 days" beyond a day; never below 0:00.
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds >= 2 * 86400) return `${Math.floor(seconds / 86400)} days`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

// The event's state in a few words, with the time left where it runs to something.
export function statusText(arena: ArenaSummary, deadline: number | null, now: number): string {
  if (arena.status === STATUS.finished) return 'Finished';
  const left = countdownText((deadline ?? now) - now);
  if (arena.status === STATUS.started) return `Running: ${left} left`;
  return deadline !== null && deadline <= now ? 'Starting now' : `Starts in ${left}`;
}

export function settingsText(arena: ArenaSummary): string {
  const parts = [arena.variant.name, clockText(arena.clock), arena.rated ? 'rated' : 'casual', `${arena.minutes} minutes`];
  if (arena.berserkable) parts.push('berserk allowed');
  if (!arena.streakable) parts.push('no streaks');
  return parts.join(' · ');
}

export const playersText = (n: number) => (n === 1 ? '1 player' : `${n} players`);

// What the lobby's banner shows: the first running event, else the next to start.
export function bannerArena(lists: ArenaLists): ArenaSummary | null {
  const running = [...lists.started].sort((a, b) => a.finishesAt - b.finishesAt)[0];
  if (running) return running;
  return [...lists.created].sort((a, b) => a.startsAt - b.startsAt)[0] ?? null;
}

// One game's points on a player's sheet, and whether they were doubled by a fire (lichess
// shows those in another colour).
export interface SheetMark {
  points: number;
  doubled: boolean;
}

// The sheet's scores (latest first, one digit a game) in the order played, each marked as
// doubled or not. The server sends the points alone, so the fire is found again as the rules
// say (S2): a player whose two previous games were wins is on fire, a win then scores 4 (5
// with berserk) and a draw 2, until a game that is not a win. Without streaks nothing doubles.
export function sheetMarks(scores: string, streakable = true): SheetMark[] {
  const marks: SheetMark[] = [];
  let wins = 0;
  for (const digit of [...scores].reverse()) {
    const points = Number(digit);
    const onFire = streakable && wins >= 2;
    const won = onFire ? points >= 4 : points >= 2;
    marks.push({ points, doubled: onFire && points > 0 });
    wins = won ? wins + 1 : 0;
  }
  return marks;
}

export interface StandingRow extends StandingPlayer {
  mine: boolean;
}

// The page's rows with the player's own marked; and their row from another page, pinned above
// the table, when it is not on this one.
export function standingRows(
  page: StandingPlayer[],
  me: string,
  ownRow: StandingPlayer | null,
): { rows: StandingRow[]; pinned: StandingRow | null } {
  const mine = (p: StandingPlayer) => me !== '' && p.name.toLowerCase() === me.toLowerCase();
  const rows = page.map((p) => ({ ...p, mine: mine(p) }));
  const pinned = ownRow && !rows.some((r) => r.mine) ? { ...ownRow, mine: true } : null;
  return { rows, pinned };
}

export const ratingText = (p: { rating: number; provisional?: boolean }) => `${p.rating}${p.provisional ? '?' : ''}`;

export const podiumRecordText = (p: PodiumPlace) =>
  `${p.nb.game === 1 ? '1 game' : `${p.nb.game} games`}, ${p.nb.win === 1 ? '1 win' : `${p.nb.win} wins`}`;

// What the join button does for this player now (lichess's words: withdrawing from a running
// arena pauses, and joining again resumes with the score kept).
export type EntryAction = 'join' | 'withdraw' | 'pause' | 'resume' | null;

export function entryAction(arena: ArenaDetails, signedIn: boolean): EntryAction {
  if (arena.isFinished || !signedIn) return null;
  const me = arena.me;
  if (!me) return 'join';
  if (arena.isStarted) return me.withdraw ? 'resume' : 'pause';
  return me.withdraw ? 'join' : 'withdraw';
}

export const ENTRY_LABELS: Record<Exclude<EntryAction, null>, string> = {
  join: 'Join',
  withdraw: 'Withdraw',
  pause: 'Pause',
  resume: 'Resume',
};

// The new-arena form's fields as POST /api/tournament takes them (lichess's names). The
// server checks the values and names the field it refuses; here only what a form cannot say.
export interface ArenaForm {
  name: string;
  variant: Variant; // a name of GET /api/info
  clockTime: string; // minutes
  clockIncrement: string;
  minutes: string;
  waitMinutes: string;
  rated: boolean;
  berserkable: boolean;
  streakable: boolean;
}

export const lichessVariantKey = (variant: Variant) => (variant === 'chess' ? 'standard' : variant);

export function arenaRequest(form: ArenaForm): Record<string, string> {
  const body: Record<string, string> = {
    variant: lichessVariantKey(form.variant),
    clockTime: form.clockTime,
    clockIncrement: form.clockIncrement,
    minutes: form.minutes.trim(),
    waitMinutes: form.waitMinutes.trim(),
    rated: String(form.rated),
    berserkable: String(form.berserkable),
    streakable: String(form.streakable),
  };
  if (form.name.trim()) body.name = form.name.trim();
  return body;
}

// The form's choices (lichess's own lists, shortened).
export const CLOCK_TIMES = ['0.25', '0.5', '0.75', '1', '1.5', '2', '3', '5', '7', '10', '15', '20', '30', '45', '60'];
export const CLOCK_INCREMENTS = ['0', '1', '2', '3', '5', '10', '15', '20', '30'];
export const clockTimeLabel = (minutes: string) => clockText({ limit: Number(minutes) * 60, increment: 0 }).replace(/\+0$/, '');
