// The hash router: the page the address names (routes.ts) is the one shown. Switching keeps
// one order: the site's pages the address no longer names close first; then, for a site page,
// the rules and the analysis board close before it opens; else the rules page follows the
// address, and then the analysis board or the game page does.
import { isFirstVisit, showFirstVisit } from './firstVisit';
import { showError } from './notices';
import type { GamePage } from './pages/gamePage';
import type { SitePages } from './pages/sitePages';
import { readAnalysisAddress } from './analysis/analysisAddress';
import { currentRoute, isSitePage, type Route } from './routes';
import { rulesAddressFor } from './rules/rulesPage';
import { readAddress } from './seats';

export class Router {
  constructor(
    private readonly site: SitePages,
    private readonly game: GamePage,
  ) {}

  listen(): void {
    window.addEventListener('hashchange', () => void this.follow());
  }

  // The first page: the one the address names; with none, the welcome of a first visit, else
  // the last saved game, else a new one.
  async start(): Promise<void> {
    const route = currentRoute();
    if (this.followSitePage(route)) return void this.game.refreshSavedGames().catch(showError);
    if (this.site.followRules(route)) return;
    if (isFirstVisit() && !location.hash) {
      this.game.showStartOf('evochess');
      return showFirstVisit({
        learn: () => (location.hash = rulesAddressFor('evochess')),
        play: () => void this.game.playGentleEngine(),
        dismiss: () => void this.game.newGame().catch(showError),
      });
    }
    const games = await this.game.refreshSavedGames();
    // The address read again: it may have changed while the list loaded.
    if (readAddress() !== null || readAnalysisAddress() !== null) return this.follow();
    if (games.length > 0) return this.game.openGame(games[0].id);
    return this.game.newGame();
  }

  // The address changed (or the first page names one): the page it names.
  async follow(): Promise<void> {
    const route = currentRoute();
    if (this.followSitePage(route)) return;
    if (this.site.followRules(route)) return;
    if (route.page === 'analysis') return this.game.openAnalysis(route.address);
    return this.game.openAt(route.page === 'game' ? route.address : null);
  }

  // A page of the site instead of the game (and of the rules); true when one is open.
  private followSitePage(route: Route): boolean {
    this.site.closeUnnamed(route);
    if (!isSitePage(route)) return false;
    this.site.closeRules();
    this.game.closeAnalysis();
    this.site.open(route);
    return true;
  }
}
