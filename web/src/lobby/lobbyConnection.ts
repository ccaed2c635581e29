// The lobby's event stream (GET /api/lobby/events), open on every page of the app: the open
// seeks for the lobby page, the challenges for the banner, and the "game" event that takes a
// player to the board when someone accepts their seek or challenge.
import { request, type ClockRequest, type Seat, type SeatedState } from '../api';
import { parseYourTurnEvent, type YourTurnEvent } from '../myGames/myGamesModel';
import { EventStream, type StreamState } from '../eventStream';
import { variantTitle } from '../variantTitles';
import { serverReachedAgain } from '../notices';
import {
  applyChallengeEvent,
  applySeekEvent,
  declinedNotice,
  describeSeekClock,
  parseLobbyEvent,
  parseOnlineBots,
  type Challenges,
  type LobbyEvent,
  type OnlineBot,
  type RatingRange,
  type Seek,
} from './lobbyModel';

const RETRY_REFUSED_MS = 15_000; // a server without the stream (or before /api/me) refuses it

export class LobbyConnection {
  seeks: Seek[] = [];
  challenges: Challenges = { incoming: [], outgoing: [] };
  // The challenges of this player's that were declined since the page opened, in words
  // (who, which game, the reason they gave), until dismissed.
  declined: { id: number; text: string }[] = [];
  state: StreamState | 'connecting' = 'connecting';
  private stream: EventStream | null = null;
  private retryTimer: number | undefined;
  private readonly listeners = new Set<() => void>();
  // Told when the turn passes to this player in a correspondence game ("your_turn").
  onYourTurn: (event: YourTurnEvent) => void = () => {};
  // Told of a game of this player's that has just begun, before the app goes to it.
  onGameBegun: () => void = () => {};

  constructor(
    private me: string,
    private readonly onGame: (id: number, seat: Seat) => void,
  ) {}

  // Every change of the seeks, the challenges or the connection.
  subscribe(listener: () => void): void {
    this.listeners.add(listener);
  }

  get name(): string {
    return this.me;
  }

  // (Re)connects as this player: after a login or a logout the cookie names someone else.
  connect(me: string): void {
    this.me = me;
    this.stream?.close();
    window.clearTimeout(this.retryTimer);
    this.seeks = [];
    this.challenges = { incoming: [], outgoing: [] };
    this.state = 'connecting';
    const stream: EventStream = new EventStream('/api/lobby/events', undefined, {
      onState: (state) => {
        if (this.stream !== stream) return;
        this.state = state;
        if (state === 'open') {
          serverReachedAgain();
          void this.readChallenges();
        }
        if (state === 'closed') this.retryTimer = window.setTimeout(() => this.connect(this.me), RETRY_REFUSED_MS);
        this.changed();
      },
      onEvent: (message) => {
        if (this.stream !== stream) return;
        const event = parseLobbyEvent(message.data);
        if (event) this.apply(event);
      },
    });
    this.stream = stream;
    this.changed();
  }

  private apply(event: LobbyEvent): void {
    if (event.type === 'game') {
      this.onGameBegun();
      this.onGame(event.id, event.seat);
      return;
    }
    if (event.type === 'your_turn') {
      const yourTurn = parseYourTurnEvent(event);
      if (yourTurn) this.onYourTurn(yourTurn);
      return;
    }
    this.seeks = applySeekEvent(this.seeks, event);
    const declined = declinedNotice(
      this.challenges,
      event,
      (c) => `${variantTitle(c.variant)} ${describeSeekClock(c.clock)}, ${c.rated ? 'rated' : 'casual'}`,
    );
    if (declined && event.type === 'challenge_removed') this.declined = [...this.declined, { id: event.id, text: declined }];
    this.challenges = applyChallengeEvent(this.challenges, event, this.me);
    this.changed();
  }

  // The stream tells of challenges made from now on; the open ones are read once connected.
  private async readChallenges(): Promise<void> {
    try {
      const open = await request<Challenges>('GET', '/api/challenges');
      this.challenges = { incoming: open.incoming ?? [], outgoing: open.outgoing ?? [] };
      this.changed();
    } catch {
      // a server without challenges: none are shown
    }
  }

  dismissDeclined(id: number): void {
    this.declined = this.declined.filter((d) => d.id !== id);
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

// The REST side (docs/api.md "Seeks" and "Challenges"); the cookie says who asks.
export interface SeekRequest {
  variant: string;
  clock: ClockRequest | null;
  rated: boolean;
  colour: 'w' | 'b' | 'random';
  rating_range?: RatingRange | null; // docs/api.md, "Seeks"
}

// POST /api/autopairing (docs/api.md "Auto pairing"): the entry, and the game if it paired at once.
export interface AutoPairingRequest {
  combinations: { variant: string; clock: ClockRequest | null }[];
  rated: boolean;
}
export interface AutoPairingAnswer {
  auto: number;
  seeks: number[];
  game: SeatedState | null;
}

export const lobbyApi = {
  // The bots streaming now (lichess's NDJSON of users, docs/bots.md).
  onlineBots: async (): Promise<OnlineBot[]> => {
    const response = await fetch('/api/bot/online', { headers: { Accept: 'application/x-ndjson' } });
    if (!response.ok) return [];
    return parseOnlineBots(await response.text());
  },
  autoPair: (entry: AutoPairingRequest) => request<AutoPairingAnswer>('POST', '/api/autopairing', entry),
  cancelAutoPairing: (group: number) => request<{ cancelled: number[] }>('DELETE', `/api/autopairing/${group}`),
  // With "game" when the server paired it at once with a waiting auto-pairing entry.
  postSeek: (seek: SeekRequest) => request<{ id: number; game?: SeatedState }>('POST', '/api/seeks', seek),
  cancelSeek: (id: number) => request<{ cancelled: number }>('DELETE', `/api/seeks/${id}`),
  acceptSeek: (id: number) => request<SeatedState>('POST', `/api/seeks/${id}/accept`, {}),
  challenge: (to: string, seek: Omit<SeekRequest, 'rating_range'>) => request<{ id: number }>('POST', '/api/challenges', { to, ...seek }),
  acceptChallenge: (id: number) => request<SeatedState>('POST', `/api/challenges/${id}/accept`, {}),
  declineChallenge: (id: number, reason = 'generic') => request<{ declined: number }>('POST', `/api/challenges/${id}/decline`, { reason }),
  cancelChallenge: (id: number) => request<{ cancelled: number }>('DELETE', `/api/challenges/${id}`),
};
