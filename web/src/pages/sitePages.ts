// The pages shown over the game page: the rules, and the site's pages (the lobby, a player or
// the leaderboard, the puzzles, my games, the account's API tokens, the tournaments and one
// tournament). Each view hides the game's layout while it is open;
// this module builds them in the order they put themselves after it, and opens and closes
// them as the router (or a game being shown) says.
import type { ServerInfo, Variant } from '../api';
import { ChallengeBanner } from '../lobby/challengeBanner';
import type { LobbyConnection } from '../lobby/lobbyConnection';
import { LobbyView } from '../lobby/lobbyPage';
import { MyGamesView } from '../myGames/myGamesPage';
import type { Me, PlayerBar } from '../player';
import { PlayersView } from '../players/playersPage';
import { PuzzleTrainer } from '../puzzles/puzzlePage';
import { showError } from '../notices';
import { currentRoute, isSitePage, type Route, type SitePage } from '../routes';
import { RulesView } from '../rules/rulesPage';
import { readAddress } from '../seats';
import { TokensView } from '../tokens/tokensPage';
import { ArenaBanner } from '../tournaments/arenaBanner';
import { TournamentView } from '../tournaments/tournamentPage';
import { TournamentsView } from '../tournaments/tournamentsPage';
import type { GamePage, PagesOverGame } from './gamePage';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export class SitePages implements PagesOverGame {
  private readonly rules: RulesView;
  private readonly lobby: LobbyView;
  private readonly players: PlayersView;
  private readonly puzzles: PuzzleTrainer;
  private readonly myGames: MyGamesView;
  private readonly tokens: TokensView;
  private readonly tournaments: TournamentsView;
  private readonly tournament: TournamentView;
  private readonly arenaBanner: ArenaBanner;

  // After the new-game dialog's set-up: the lobby names the variants as it does.
  constructor(
    info: ServerInfo,
    player: PlayerBar,
    // The lobby's stream, open on every page: its "game" event takes the player to a game of
    // theirs that has just begun (their seek or challenge accepted).
    private readonly lobbyStream: LobbyConnection,
    game: GamePage,
  ) {
    const layout = byId('game-layout');
    this.rules = new RulesView(layout, () => game.leaveRules());
    this.lobby = new LobbyView(
      layout,
      info,
      lobbyStream,
      (state) => game.enterGame(state.id, state.seat),
      (request) => game.startFromLobby(request),
    );
    this.players = new PlayersView(layout, info);
    this.puzzles = new PuzzleTrainer(layout, info);
    byId('puzzles-link').addEventListener('click', (event) => {
      event.preventDefault();
      location.hash = `#puzzles=${game.variant}`;
    });
    // Looking at a game: on its board, not on a page of the site over it.
    this.myGames = new MyGamesView(layout, (id) => !isSitePage(currentRoute()) && readAddress()?.id === id);
    lobbyStream.onYourTurn = (event) => this.myGames.yourTurn(event);
    this.tokens = new TokensView(layout, () => player.openDialog());
    this.tokens.setPlayer(player.me);
    this.tournaments = new TournamentsView(layout, info, () => player.openDialog());
    this.tournaments.setPlayer(player.me);
    this.tournament = new TournamentView(
      layout,
      () => player.openDialog(),
      () => game.playSound('pairing'),
    );
    this.tournament.setPlayer(player.me);
    // A tournament's pairing comes as a seek's game does: the app goes to the board, and the
    // tournament page, if open, adds the sound.
    lobbyStream.onGameBegun = () => this.tournament.gameBegan();
    this.arenaBanner = new ArenaBanner(byId('lobby-view').querySelector('.lobby-title')!);
    void this.myGames.refresh();
    new ChallengeBanner(byId('challenge-banner'), lobbyStream, (state) => game.enterGame(state.id, state.seat));
    this.lobby.setPlayer(player.me);
    lobbyStream.connect(player.me.name);
  }

  get rulesVariant(): Variant | null {
    return this.rules.variant;
  }

  get sitePageOpen(): boolean {
    return (
      this.lobby.isOpen ||
      this.players.isOpen ||
      this.puzzles.isOpen ||
      this.myGames.isOpen ||
      this.tokens.isOpen ||
      this.tournaments.isOpen ||
      this.tournament.isOpen
    );
  }

  // Signed in or out: the lobby knows the player by the new cookie; the badge counts their games.
  setPlayer(me: Me): void {
    this.lobbyStream.connect(me.name);
    this.lobby.setPlayer(me);
    this.tokens.setPlayer(me);
    this.tournaments.setPlayer(me);
    this.tournament.setPlayer(me);
    void this.myGames.refresh();
  }

  refreshMyGames(): void {
    void this.myGames.refresh();
  }

  // The site's pages that this route does not name are closed.
  closeUnnamed(route: Route): void {
    if (route.page !== 'players') this.players.close();
    if (route.page !== 'puzzles') this.puzzles.close();
    if (route.page !== 'lobby') {
      this.lobby.close();
      this.arenaBanner.stop();
    }
    if (route.page !== 'my-games') this.myGames.close();
    if (route.page !== 'tokens') this.tokens.close();
    this.closeTournamentsUnnamed(route);
  }

  open(route: SitePage): void {
    if (route.page === 'puzzles') void this.puzzles.open(route.address).catch(showError);
    else if (route.page === 'players') void this.players.open(route.address);
    else if (route.page === 'my-games') this.myGames.open();
    else if (route.page === 'tokens') this.tokens.open();
    else if (route.page === 'tournaments') {
      if (route.address.kind === 'list') this.tournaments.open();
      else this.tournament.open(route.address.id);
    } else {
      this.lobby.open();
      void this.arenaBanner.refresh();
    }
  }

  private closeTournamentsUnnamed(route: Route): void {
    const address = route.page === 'tournaments' ? route.address : null;
    if (address?.kind !== 'list') this.tournaments.close();
    if (address?.kind !== 'event') this.tournament.close();
  }

  // The rules page of the variant the route names, or none; true when it is open.
  followRules(route: Route): boolean {
    return this.rules.follow(route.page === 'rules' ? route.variant : null);
  }

  closeRules(): void {
    this.rules.close();
  }

  closeOverGame(): void {
    this.rules.close();
    // Unless the player went to the lobby while this game was loading (a game of theirs that
    // began, then "Lobby"): the game is kept behind it.
    const route = currentRoute();
    if (route.page !== 'lobby') {
      this.lobby.close();
      this.arenaBanner.stop();
    }
    if (route.page !== 'players') this.players.close();
    if (route.page !== 'puzzles') this.puzzles.close();
    if (route.page !== 'my-games') this.myGames.close();
    if (route.page !== 'tokens') this.tokens.close();
    this.closeTournamentsUnnamed(route);
  }
}
