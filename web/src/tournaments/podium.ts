// The finished arena's podium (lichess's): the first three, each with their score and record.
import { titledName } from '../players/playerLink';
import { make } from './elements';
import { podiumRecordText, type PodiumPlace } from './tournamentModel';

const PLACES = ['First', 'Second', 'Third'];

export class PodiumView {
  readonly element: HTMLElement;
  private readonly list: HTMLOListElement;

  constructor() {
    this.element = make('section', { id: 'arena-podium', className: 'lobby-section arena-podium', hidden: true });
    this.element.setAttribute('aria-labelledby', 'arena-podium-heading');
    this.list = make('ol', { className: 'podium-places' });
    this.element.append(make('h3', { id: 'arena-podium-heading', textContent: 'Podium' }), this.list);
  }

  show(places: PodiumPlace[] | null): void {
    this.element.hidden = !places?.length;
    this.list.replaceChildren(
      ...(places ?? []).map((place, i) => {
        const item = make('li', { className: `podium-place podium-${i + 1}` });
        item.append(
          make('span', { className: 'podium-rank', textContent: PLACES[i] ?? `#${place.rank}` }),
          titledName(place.name, place.title === 'BOT', 'player-link podium-name'),
          make('span', { className: 'podium-score', textContent: `${place.score} points` }),
          make('span', { className: 'podium-record', textContent: podiumRecordText(place) }),
        );
        return item;
      }),
    );
  }
}
