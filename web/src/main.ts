// The evochess web app's entry: the player and the server's info, then the pages in the order
// they have always been built (the game page first; the pages over it put themselves after
// its layout), then the page the address names.
import 'chessgroundx/assets/chessground.base.css';
import 'chessgroundx/assets/chessground.brown.css';
import './pieces.css';
import './style.css';
import './settings.css';
import { api, type ServerInfo } from './api';
import { LobbyConnection } from './lobby/lobbyConnection';
import { setUpNewGameDialog } from './newGameDialog';
import { showError } from './notices';
import { GamePage } from './pages/gamePage';
import { SitePages } from './pages/sitePages';
import { PlayerBar } from './player';
import { Router } from './router';
import { rememberVariants } from './variantRules';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

function startApp(info: ServerInfo, player: PlayerBar): Promise<void> {
  const game = new GamePage(info);
  const lobbyStream = new LobbyConnection('', (id, seat) => game.enterGame(id, seat));
  rememberVariants(info.variants);
  setUpNewGameDialog(byId<HTMLDialogElement>('new-game-dialog'), info);
  const site = new SitePages(info, player, lobbyStream, game);
  game.showUnder(site);
  // Signed in or out: the saved games shown are the new player's.
  player.onChange((me) => {
    site.setPlayer(me);
    void game.refreshSavedGames().catch(showError);
  });
  game.bindControls();
  const router = new Router(site, game);
  router.listen();
  return router.start();
}

async function main(): Promise<void> {
  try {
    const player = new PlayerBar(byId<HTMLDialogElement>('account-dialog'), byId('player-bar'));
    const [info] = await Promise.all([api.info(), player.load()]);
    await startApp(info, player);
  } catch (error) {
    showError(error);
  }
}

void main();
