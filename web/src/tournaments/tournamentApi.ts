// The arena routes the pages call (docs/tournaments.md "API"); the session cookie says who asks.
import { request } from '../api';
import type { ArenaDetails, ArenaLists, ArenaResult } from './tournamentModel';

const path = (id: string, suffix = '') => `/api/tournament/${encodeURIComponent(id)}${suffix}`;

export const tournamentApi = {
  lists: () => request<ArenaLists>('GET', '/api/tournament'),
  event: (id: string, page = 1) => request<ArenaDetails>('GET', page > 1 ? `${path(id)}?page=${page}` : path(id)),
  create: (fields: Record<string, string>) => request<ArenaDetails>('POST', '/api/tournament', fields),
  join: (id: string) => request<{ ok: boolean }>('POST', path(id, '/join'), {}),
  withdraw: (id: string) => request<{ ok: boolean }>('POST', path(id, '/withdraw'), {}),
  terminate: (id: string) => request<{ ok: boolean }>('POST', path(id, '/terminate'), {}),
  // The winner of a finished event: the lists name none (lichess's do).
  winner: async (id: string): Promise<ArenaResult | null> => {
    const response = await fetch(path(id, '/results?nb=1'), { headers: { Accept: 'application/x-ndjson' } });
    if (!response.ok) return null;
    const line = (await response.text()).split('\n').find((l) => l.trim());
    return line ? (JSON.parse(line) as ArenaResult) : null;
  },
};
