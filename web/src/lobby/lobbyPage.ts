// The lobby page (address #lobby), shown instead of the game while open: quick pairing, the
// open seeks as the stream tells them, posting a seek, challenging a player by name.
import './lobby.css';
import type { SeatedState, ServerInfo } from '../api';
import { variantTitle } from '../newGameDialog';
import { CLOCK_PRESETS } from '../newGameOptions';
import { describeError } from '../notices';
import type { Me } from '../player';
import { playerName } from '../players/playerLink';
import { lobbyApi, type LobbyConnection, type SeekRequest } from './lobbyConnection';
import {
  choosePairing,
  colourText,
  describeSeekClock,
  QUICK_POOLS,
  ratingText,
  sameName,
  type Challenge,
  type Pool,
  type Seek,
} from './lobbyModel';

export const isLobbyAddress = (hash = location.hash) => hash === '#lobby';

const CONNECTION_TEXT = { connecting: 'connecting…', open: 'live', reconnecting: 'reconnecting…', closed: 'offline' };

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export class LobbyView {
  private readonly root = byId('lobby-view');
  private readonly seekForm = byId<HTMLFormElement>('seek-form');
  private readonly challengeForm = byId<HTMLFormElement>('challenge-form');
  private me: Me = { name: '', anonymous: true };

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    info: ServerInfo,
    private readonly lobby: LobbyConnection,
    // A game of this player's began (accepted here): its state holds the seat.
    private readonly enterGame: (state: SeatedState) => void,
  ) {
    const variants = this.seekForm.elements.namedItem('variant') as HTMLSelectElement;
    for (const variant of info.variants)
      variants.add(new Option(variant.display_name ?? variant.name, variant.name, false, variant.name === 'evochess'));
    const clocks = this.seekForm.elements.namedItem('clock') as HTMLSelectElement;
    for (const preset of CLOCK_PRESETS) clocks.add(new Option(preset.label, preset.value, false, preset.value === '5+3'));
    this.seekForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.run(async () => void (await lobbyApi.postSeek(this.seekRequest())));
    });
    this.challengeForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const to = String(new FormData(this.challengeForm).get('to') ?? '').trim();
      void this.run(async () => {
        await lobbyApi.challenge(to, this.seekRequest());
        this.challengeForm.reset();
      });
    });
    const quick = byId('quick-pairing');
    for (const pool of QUICK_POOLS) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'secondary quick-pool';
      button.textContent = `${variantTitle(pool.variant)} ${describeSeekClock(pool.clock)}`;
      button.dataset.pool = `${pool.variant} ${describeSeekClock(pool.clock)}`;
      button.addEventListener('click', () => void this.quickPair(pool));
      quick.append(button);
    }
    lobby.subscribe(() => this.render());
  }

  setPlayer(me: Me): void {
    this.me = me;
    this.render();
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  open(): void {
    if (this.isOpen) return;
    this.hideWhileOpen.hidden = true;
    this.root.hidden = false;
    this.showMessage('');
    this.render();
    window.scrollTo(0, 0);
  }

  close(): void {
    if (!this.isOpen) return;
    this.root.hidden = true;
    this.hideWhileOpen.hidden = false;
  }

  private seekRequest(): SeekRequest {
    const data = new FormData(this.seekForm);
    const preset = CLOCK_PRESETS.find((p) => p.value === data.get('clock'));
    return {
      variant: String(data.get('variant')),
      clock: preset?.clock ?? null,
      rated: data.get('rated') === 'on',
      colour: (data.get('colour') as SeekRequest['colour']) ?? 'random',
    };
  }

  private async quickPair(pool: Pool): Promise<void> {
    const choice = choosePairing(this.lobby.seeks, pool, this.me.name);
    if (choice.kind === 'accept') return this.accept(choice.seek);
    if (choice.kind === 'wait') return this.showMessage('Your game of this kind is posted: waiting for an opponent.', false);
    await this.run(async () => {
      await lobbyApi.postSeek(choice.request);
      this.showMessage('Posted: the game starts when someone takes it.', false);
    });
  }

  private async accept(seek: Seek): Promise<void> {
    await this.run(async () => this.enterGame(await lobbyApi.acceptSeek(seek.id)));
  }

  // Runs one request; the server's refusal is shown in the lobby.
  private async run(action: () => Promise<void>): Promise<void> {
    this.showMessage('');
    try {
      await action();
    } catch (error) {
      this.showMessage(describeError(error));
    }
  }

  private showMessage(text: string, isError = true): void {
    const box = byId('lobby-message');
    box.textContent = text;
    box.hidden = !text;
    box.classList.toggle('lobby-info', !isError);
  }

  render(): void {
    if (!this.isOpen) return;
    const connection = byId('lobby-connection');
    connection.textContent = CONNECTION_TEXT[this.lobby.state];
    connection.dataset.state = this.lobby.state;
    const rated = this.seekForm.elements.namedItem('rated') as HTMLInputElement;
    rated.disabled = this.me.anonymous;
    if (this.me.anonymous) rated.checked = false;
    this.root.querySelector<HTMLElement>('.rated-note')!.hidden = !this.me.anonymous;

    const list = byId('seek-list');
    list.replaceChildren(...this.lobby.seeks.map((seek) => this.seekRow(seek)));
    byId('seek-list-empty').hidden = this.lobby.seeks.length > 0;
    byId('outgoing-challenges').replaceChildren(...this.lobby.challenges.outgoing.map((c) => this.outgoingRow(c)));
  }

  private seekRow(seek: Seek): HTMLLIElement {
    const mine = sameName(seek.name, this.me.name);
    const row = document.createElement('li');
    row.className = 'seek';
    row.dataset.seek = String(seek.id);
    const rating = ratingText(seek);
    const name = cell('seek-name', '');
    name.append(playerName(seek.name), rating ? ` (${rating})` : '');
    row.append(
      name,
      cell('seek-variant', variantTitle(seek.variant)),
      cell('seek-clock', describeSeekClock(seek.clock)),
      cell('seek-rated', seek.rated ? 'rated' : 'casual'),
      cell('seek-colour', colourText(seek.colour, mine)),
    );
    const button = document.createElement('button');
    button.type = 'button';
    if (mine) {
      button.className = 'secondary seek-cancel';
      button.textContent = 'Cancel';
      button.addEventListener('click', () => void this.run(async () => void (await lobbyApi.cancelSeek(seek.id))));
    } else {
      button.className = 'seek-accept';
      button.textContent = 'Play';
      button.setAttribute('aria-label', `Play ${seek.name}: ${variantTitle(seek.variant)} ${describeSeekClock(seek.clock)}`);
      button.disabled = seek.rated && this.me.anonymous;
      button.addEventListener('click', () => void this.accept(seek));
    }
    row.append(button);
    return row;
  }

  private outgoingRow(challenge: Challenge): HTMLLIElement {
    const row = document.createElement('li');
    row.className = 'seek outgoing-challenge';
    const to = cell('seek-name', 'to ');
    to.append(playerName(challenge.to));
    row.append(
      to,
      cell('seek-variant', variantTitle(challenge.variant)),
      cell('seek-clock', describeSeekClock(challenge.clock)),
      cell('seek-rated', challenge.rated ? 'rated' : 'casual'),
    );
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'secondary';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => void this.run(async () => void (await lobbyApi.cancelChallenge(challenge.id))));
    row.append(cancel);
    return row;
  }
}

function cell(className: string, text: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}
