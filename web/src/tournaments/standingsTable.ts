// The arena's standings as a table (lichess's): rank, player, rating, the sheet of each game's
// points (those a fire doubled in their own colour, a flame for a player on fire now) and the
// score; the player's own row marked, and pinned above the table when on another page.
import { titledName } from '../players/playerLink';
import { make } from './elements';
import { ratingText, sheetMarks, type StandingRow } from './tournamentModel';

const SVG = 'http://www.w3.org/2000/svg';

// A drawn flame (no emoji font needed): the player is on fire.
function flame(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'sheet-fire');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'on fire');
  const title = document.createElementNS(SVG, 'title');
  title.textContent = 'On fire: the next win scores double';
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M12 2c.5 3.5 5.5 6 5.5 11.5a5.5 5.5 0 0 1-11 0c0-3 1.6-4.6 2.6-6.6.9 1.6 1.4 3 1.2 4.6 1.9-2 2.4-5.5 1.7-9.5z');
  path.setAttribute('fill', 'currentColor');
  svg.append(title, path);
  return svg;
}

function sheetCell(row: StandingRow, streakable: boolean): HTMLTableCellElement {
  const cell = make('td', { className: 'standing-sheet' });
  const marks = sheetMarks(row.sheet.scores, streakable);
  const games = make('span', { className: 'sheet-scores' });
  for (const mark of marks)
    games.append(make('span', { className: mark.doubled ? 'sheet-score doubled' : 'sheet-score', textContent: String(mark.points) }));
  const doubled = marks.filter((m) => m.doubled).length;
  // The digits are for the eye; a reader hears the games in words.
  games.setAttribute('aria-hidden', 'true');
  const words = marks.length
    ? `Games: ${marks.map((m) => m.points).join(' ')}${doubled ? `, ${doubled} doubled on fire` : ''}`
    : 'No games yet';
  cell.append(make('span', { className: 'visually-hidden', textContent: words }));
  cell.append(games);
  if (row.sheet.fire) {
    cell.append(' ', flame());
  }
  return cell;
}

function standingRow(row: StandingRow, streakable: boolean): HTMLTableRowElement {
  const tr = make('tr', { className: row.mine ? 'standing-row mine' : 'standing-row' });
  tr.dataset.player = row.name;
  if (row.mine) tr.setAttribute('aria-current', 'true');
  const name = make('td', { className: 'standing-name' });
  name.append(titledName(row.name, row.title === 'BOT'));
  if (row.withdraw) name.append(make('span', { className: 'standing-paused', textContent: ' (paused)' }));
  tr.append(
    make('td', { className: 'standing-rank', textContent: String(row.rank) }),
    name,
    make('td', { className: 'standing-rating', textContent: ratingText(row) }),
    sheetCell(row, streakable),
    make('td', { className: 'standing-score', textContent: String(row.score) }),
  );
  return tr;
}

export function standingsTable(rows: StandingRow[], pinned: StandingRow | null, streakable: boolean): HTMLTableElement {
  const table = make('table', { id: 'arena-standings', className: 'arena-standings' });
  table.append(make('caption', { className: 'visually-hidden', textContent: 'Standings' }));
  const head = make('thead');
  const headRow = make('tr');
  for (const [text, className] of [
    ['#', 'standing-rank'],
    ['Player', 'standing-name'],
    ['Rating', 'standing-rating'],
    ['Games', 'standing-sheet'],
    ['Score', 'standing-score'],
  ]) {
    const th = make('th', { scope: 'col', className, textContent: text });
    if (text === '#') th.setAttribute('aria-label', 'Rank');
    headRow.append(th);
  }
  head.append(headRow);
  table.append(head);
  if (pinned) {
    const own = make('tbody', { className: 'standing-pinned' });
    own.append(standingRow(pinned, streakable));
    table.append(own);
  }
  const body = make('tbody');
  body.append(...rows.map((row) => standingRow(row, streakable)));
  table.append(body);
  return table;
}
