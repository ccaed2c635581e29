// The address (the hash) read as the page it names. The first match wins, in this order: the
// site's pages (puzzles, a player or the leaderboard, my games, the lobby, the account's API
// tokens, the tournaments and one tournament), a rules page, the analysis board (whose address may name a game too), a game.
// Anything else is `home`: the game page as the player left it.
import { readAnalysisAddress, type AnalysisAddress } from './analysis/analysisAddress';
import { readPlayersAddress, type PlayersAddress } from './players/playersModel';
import { readPuzzlesAddress, type PuzzlesAddress } from './puzzles/puzzleModel';
import { readAddress, type GameAddress } from './seats';
import { readTournamentsAddress, type TournamentsAddress } from './tournaments/tournamentModel';

export type Route =
  | { page: 'puzzles'; address: PuzzlesAddress }
  | { page: 'players'; address: PlayersAddress }
  | { page: 'my-games' }
  | { page: 'lobby' }
  | { page: 'tokens' }
  | { page: 'tournaments'; address: TournamentsAddress }
  // The variant as the address names it; the rules page shows EvoChess's for one it does not know.
  | { page: 'rules'; variant: string }
  | { page: 'analysis'; address: AnalysisAddress }
  | { page: 'game'; address: GameAddress }
  | { page: 'home' };

export type SitePage = Extract<Route, { page: 'puzzles' | 'players' | 'my-games' | 'lobby' | 'tokens' | 'tournaments' }>;

export function parseRoute(hash: string): Route {
  const puzzles = readPuzzlesAddress(hash);
  if (puzzles) return { page: 'puzzles', address: puzzles };
  const players = readPlayersAddress(hash);
  if (players) return { page: 'players', address: players };
  if (hash === '#my-games') return { page: 'my-games' };
  if (hash === '#lobby') return { page: 'lobby' };
  if (hash === '#api-tokens') return { page: 'tokens' };
  const tournaments = readTournamentsAddress(hash);
  if (tournaments) return { page: 'tournaments', address: tournaments };
  const rules = /^#rules(?:=([A-Za-z0-9_-]+))?$/.exec(hash);
  if (rules) return { page: 'rules', variant: rules[1] ?? 'evochess' };
  const analysis = readAnalysisAddress(hash);
  if (analysis) return { page: 'analysis', address: analysis };
  const game = readAddress(hash);
  if (game) return { page: 'game', address: game };
  return { page: 'home' };
}

export const currentRoute = (): Route => parseRoute(location.hash);

// A page of the site, shown instead of the game (and of the rules).
export const isSitePage = (route: Route): route is SitePage =>
  route.page === 'puzzles' ||
  route.page === 'players' ||
  route.page === 'my-games' ||
  route.page === 'lobby' ||
  route.page === 'tokens' ||
  route.page === 'tournaments';
