// The panels around the board: status, both sides' evolution counters and rights,
// the SAN move list, and the result banner.
import type { GameState, Side } from './api';
import { otherSide } from './moves';
import { ratingChangesText, type RatingChanges } from './ratingChanges';

// What the panels read of a position: a game's state, or a position of the analysis board.
export type ShownPosition = Pick<GameState, 'turn' | 'check' | 'result' | 'counters' | 'royal_promotion'> &
  Partial<Pick<GameState, 'evolution' | 'players' | 'draw_offer'>>;

// A line of moves from a start position: a game's, or the analysis board's.
export type MoveLine = Pick<GameState, 'start_fen' | 'history'>;

// A mark a review puts on a move ("?!", "?", "??") with its meaning.
export interface MoveMark {
  symbol: string;
  meaning: string;
}

const SIDE_NAMES: Record<Side, string> = { w: 'White', b: 'Black' };
export const sideName = (side: Side) => SIDE_NAMES[side];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function chip(label: string, value: string, title: string, highlighted = false): HTMLElement {
  const node = element('span', highlighted ? 'chip chip-active' : 'chip');
  node.title = title;
  node.append(element('span', 'chip-label', label), element('span', 'chip-value', value));
  return node;
}

// One side's strip above or below the board: who plays it and what it holds.
export function renderSideStrip(container: HTMLElement, state: ShownPosition, side: Side): void {
  container.replaceChildren();
  container.dataset.side = side;
  const name = element('span', 'side-name', state.players ? `${sideName(side)} (${state.players[side]})` : sideName(side));
  if (state.turn === side && !state.result) name.classList.add('to-move');
  container.append(name);
  const counters = state.counters?.[side];
  if (counters) {
    // The variant's N and K (a variant read from a file may have others than 3 and 2).
    const pawnMoves = state.evolution?.minor_right_pawn_moves ?? 3;
    const captures = state.evolution?.rook_right_captures ?? 2;
    container.append(
      chip('pawn moves', `${counters.p}/${pawnMoves}`, `pawn moves since the last minor right: every ${pawnMoves} earn a new one`),
      chip('minor rights', String(counters.m), 'minor rights held: a pawn that moves may become a knight or a bishop', counters.m > 0),
      chip(
        'piece captures',
        `${counters.c}/${captures}`,
        `captures of enemy pieces (not pawns) since the last rook right: every ${captures} earn a new one`,
      ),
      chip(
        'rook rights',
        String(counters.r),
        'rook rights held: any knight or bishop may become a rook at the end of a move',
        counters.r > 0,
      ),
    );
  }
  if (state.royal_promotion?.first === side) {
    container.append(chip('promoted a king', 'first', 'promoted a king first: wins any draw except a draw by agreement', true));
  }
}

export function renderStatus(container: HTMLElement, state: ShownPosition, thinking: boolean): void {
  const parts: string[] = [];
  if (state.result) parts.push('Game over');
  else {
    parts.push(`${sideName(state.turn)} to move`);
    if (state.check) parts.push('check');
    if (thinking) parts.push('engine thinking…');
  }
  if (state.draw_offer && !state.result) parts.push(`${sideName(state.draw_offer)} offers a draw`);
  if (state.royal_promotion) {
    parts.push(`promotions into the other colour: ${state.royal_promotion.other_colour_promotions}`);
  }
  container.textContent = parts.join(' · ');
}

// What a screen reader hears after the engine has moved: its move, not its search.
export function engineMoveAnnouncement(state: Pick<GameState, 'history' | 'turn' | 'result'>): string {
  const last = state.history[state.history.length - 1];
  if (!last) return '';
  const mover = sideName(otherSide(state.turn));
  return `${mover} (engine) played ${last.san}.${state.result ? ' Game over.' : ` ${sideName(state.turn)} to move.`}`;
}

const FULLMOVE_FIELD = 5;

// The SAN move list, numbered from the start FEN; clicking a move calls onSelect with its index.
export function renderMoveList(
  list: HTMLOListElement,
  state: MoveLine,
  selected: number | null,
  onSelect: (ply: number) => void,
  markOf: (ply: number) => MoveMark | null = () => null,
): void {
  list.replaceChildren();
  const startFields = state.start_fen.split(' ');
  let moveNumber = Number(startFields[FULLMOVE_FIELD]) || 1;
  let side: Side = startFields[1] === 'b' ? 'b' : 'w';
  let row: HTMLLIElement | null = null;
  state.history.forEach((move, ply) => {
    if (!row || side === 'w') {
      row = element('li', 'move-row');
      row.append(element('span', 'move-number', side === 'w' ? `${moveNumber}.` : `${moveNumber}…`));
      if (side === 'b') row.append(element('span', 'move-placeholder', ''));
      list.append(row);
    }
    const button = element('button', ply === selected ? 'move selected' : 'move', move.san);
    button.type = 'button';
    button.dataset.ply = String(ply);
    button.dataset.uci = move.uci;
    button.addEventListener('click', () => onSelect(ply));
    const mark = markOf(ply);
    if (mark) {
      const symbol = element('span', `move-mark mark-${mark.meaning}`, mark.symbol);
      symbol.title = mark.meaning;
      button.append(symbol);
      button.setAttribute('aria-label', `${move.san}, ${mark.meaning}`);
      button.dataset.mark = mark.meaning;
    }
    row.append(button);
    if (side === 'b') moveNumber += 1;
    side = side === 'w' ? 'b' : 'w';
  });
  // Keep the selected move in view, else the last one; scroll the list only, not the page.
  const target = (selected !== null ? list.querySelector<HTMLElement>('button.move.selected') : null) ?? list.lastElementChild;
  if (target instanceof HTMLElement) {
    const top = target.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientTop + list.scrollTop;
    const height = target.getBoundingClientRect().height;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + height > list.scrollTop + list.clientHeight) list.scrollTop = top + height - list.clientHeight;
  }
}

// `onRematch`: a local game's "Rematch" button (online games have their own in the online panel).
// `onAnalyse`: "Analyse this game" opens the analysis board at the game's last position.
export function renderResultBanner(banner: HTMLElement, state: GameState, onRematch?: () => void, onAnalyse?: () => void): void {
  banner.hidden = !state.result;
  if (!state.result) return;
  banner.replaceChildren(element('strong', 'result-score', state.result), element('span', 'result-text', ` ${resultSentence(state)}`));
  if (state.points) {
    banner.append(element('div', 'result-points', `Points: White ${state.points.w} – Black ${state.points.b}`));
  }
  const ratings = ratingChangesText((state as { rating_changes?: RatingChanges }).rating_changes);
  if (ratings) banner.append(element('div', 'result-ratings', ratings));
  const row = element('div', 'result-actions');
  if (onRematch) {
    const button = element('button', 'secondary rematch-button', 'Rematch');
    button.type = 'button';
    button.id = 'local-rematch-button';
    button.title = 'A new game: the same variant, start position and players, sides swapped';
    button.addEventListener('click', onRematch);
    row.append(button);
  }
  if (onAnalyse) {
    const button = element('button', 'secondary', 'Analyse this game');
    button.type = 'button';
    button.id = 'analyse-game-button';
    button.addEventListener('click', onAnalyse);
    row.append(button);
  }
  if (row.childElementCount > 0) banner.append(row);
}

// "White wins by resignation", "Draw by agreement", "Game aborted", "Black wins: the opponent left".
function resultSentence(state: GameState): string {
  if (state.result === '*') return state.reason === 'aborted' || !state.reason ? 'Game aborted' : `No result: ${state.reason}`;
  const outcome = state.result === '1-0' ? 'White wins' : state.result === '0-1' ? 'Black wins' : 'Draw';
  if (!state.reason) return outcome;
  return state.reason === 'opponent left' ? `${outcome}: the opponent left` : `${outcome} by ${state.reason}`;
}
