// The list of saved games: open one, or delete it.
import type { GameListing } from './api';
import { variantTitle } from './variantTitles';

export interface SavedGameActions {
  open: (id: number) => void;
  remove: (game: GameListing) => void;
}

// A game this list may delete: a local one, or an online one that was aborted (it counted for
// nothing; the server keeps every other online game).
export function deletable(game: Pick<GameListing, 'online' | 'result'>): boolean {
  return !game.online || game.result === '*';
}

export function renderSavedGames(list: HTMLElement, games: GameListing[], currentId: number | null, actions: SavedGameActions): void {
  list.replaceChildren();
  if (games.length === 0) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = 'No saved games yet.';
    list.append(empty);
    return;
  }
  for (const game of games) {
    const item = document.createElement('li');
    item.className = game.id === currentId ? 'saved-game current' : 'saved-game';
    item.dataset.gameId = String(game.id);
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'saved-game-open';
    const players = game.online ? 'online' : `${game.players.w} v ${game.players.b}`;
    const outcome = game.result ? `${game.result}${game.reason ? ` (${game.reason})` : ''}` : 'in progress';
    open.textContent = `#${game.id} ${variantTitle(game.variant)} · ${players} · ${game.moves} ${game.moves === 1 ? 'ply' : 'plies'} · ${outcome}`;
    open.title = `updated ${game.updated}`;
    open.addEventListener('click', () => actions.open(game.id));
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'saved-game-delete secondary';
    remove.textContent = 'Delete';
    remove.setAttribute('aria-label', `Delete game ${game.id}`);
    remove.addEventListener('click', () => actions.remove(game));
    if (deletable(game)) item.append(open, remove);
    else item.append(open);
    list.append(item);
  }
}
