// The lobby page (address #lobby), shown instead of the game while open: quick pairing, auto
// pairing (a grid of variants x clocks, "Pair me", then waiting with Cancel until the lobby
// stream's "game" event takes the player to the board), the open seeks (an auto-pairing
// entry's marked "auto") as the stream tells them (those this player may not accept greyed, with the
// reason), posting a seek (with an optional rating range; if nobody comes within the time
// chosen, a game against the house bot nearest the player's rating, rated for an account, or
// the in-page engine where no house bot plays the variant), the bots online with a challenge
// button each, challenging a player by name.
import './lobby.css';
import type { NewGameRequest, SeatedState, ServerInfo } from '../api';
import { variantTitle } from '../variantTitles';
import { CLOCK_PRESETS } from '../newGameOptions';
import { describeError, UNREACHABLE_TEXT } from '../notices';
import type { Me } from '../player';
import { playerName } from '../players/playerLink';
import { lobbyApi, type LobbyConnection, type SeekRequest } from './lobbyConnection';
import {
  AUTO_CLOCKS,
  autoPairingProblem,
  choosePairing,
  combinationKey,
  ownEntry,
  tickedCombinations,
  colourText,
  describeSeekClock,
  ENGINE_WAITS,
  engineOfferDue,
  INITIAL_RATING,
  nearestHouseBot,
  nearestLevel,
  QUICK_CLOCKS,
  rangeText,
  ratingIn,
  ratingText,
  readRatingRange,
  sameName,
  seekBarredFor,
  botRatingText,
  type Challenge,
  type OnlineBot,
  type Pool,
  type Seek,
} from './lobbyModel';

const BOTS_REFRESH_MS = 20_000;

const CONNECTION_TEXT = { connecting: 'connecting…', open: 'live', reconnecting: 'reconnecting…', closed: 'offline' };

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export class LobbyView {
  private readonly root = byId('lobby-view');
  private readonly seekForm = byId<HTMLFormElement>('seek-form');
  private readonly challengeForm = byId<HTMLFormElement>('challenge-form');
  private readonly autoForm = byId<HTMLFormElement>('auto-form');
  private me: Me = { name: '', anonymous: true };
  // The seek this page posted and waits on, for the engine offer when nobody comes.
  private waiting: { id: number; postedMs: number; waitMs: number | null; request: SeekRequest } | null = null;
  private offerDismissed = false;
  private readonly initialRating: number;
  private bots: OnlineBot[] = [];

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    private readonly info: ServerInfo,
    private readonly lobby: LobbyConnection,
    // A game of this player's began (accepted here): its state holds the seat.
    private readonly enterGame: (state: SeatedState) => void,
    // The engine game offered when nobody took the seek: made and shown.
    private readonly startEngineGame: (request: NewGameRequest) => Promise<void>,
  ) {
    this.initialRating = info.ratings?.initial ?? INITIAL_RATING;
    const waits = this.seekForm.elements.namedItem('engine_wait') as HTMLSelectElement;
    for (const wait of ENGINE_WAITS) waits.add(new Option(wait.label, wait.value, false, wait.value === '60'));
    this.seekForm.addEventListener('change', () => this.render());
    byId('engine-offer-button').addEventListener('click', () => void this.playEngineInstead());
    byId('engine-offer-dismiss').addEventListener('click', () => {
      this.offerDismissed = true;
      this.render();
    });
    window.setInterval(() => this.renderEngineOffer(), 1000);
    const variants = this.seekForm.elements.namedItem('variant') as HTMLSelectElement;
    for (const variant of info.variants)
      variants.add(new Option(variant.display_name ?? variant.name, variant.name, false, variant.name === 'evochess'));
    const clocks = this.seekForm.elements.namedItem('clock') as HTMLSelectElement;
    for (const preset of CLOCK_PRESETS) clocks.add(new Option(preset.label, preset.value, false, preset.value === '5+3'));
    this.seekForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.run(async () => {
        const request = this.seekRequest();
        const wait = ENGINE_WAITS.find((w) => w.value === new FormData(this.seekForm).get('engine_wait'));
        const { id, game } = await lobbyApi.postSeek(request);
        if (game) return this.enterGame(game);
        this.waiting = { id, postedMs: Date.now(), waitMs: wait?.ms ?? null, request };
        this.offerDismissed = false;
      });
    });
    this.challengeForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const to = String(new FormData(this.challengeForm).get('to') ?? '').trim();
      void this.run(async () => {
        const { rating_range: _range, ...offer } = this.seekRequest();
        await lobbyApi.challenge(to, offer);
        this.challengeForm.reset();
      });
    });
    this.setUpQuickPairing();
    this.setUpAutoPairing();
    lobby.subscribe(() => this.render());
    window.setInterval(() => {
      if (this.isOpen) void this.refreshBots();
    }, BOTS_REFRESH_MS);
  }

  // The bots online, asked again while the lobby is open (bots come and go).
  private async refreshBots(): Promise<void> {
    try {
      this.bots = await lobbyApi.onlineBots();
    } catch {
      return; // offline: the list stays as it was
    }
    this.renderBots();
  }

  private renderBots(): void {
    const variant = String(new FormData(this.seekForm).get('variant') ?? 'evochess');
    byId('bot-list').replaceChildren(...this.bots.map((bot) => this.botRow(bot, variant)));
    byId('bot-list-empty').hidden = this.bots.length > 0;
  }

  private botRow(bot: OnlineBot, variant: string): HTMLLIElement {
    const row = document.createElement('li');
    row.className = 'seek online-bot';
    row.dataset.bot = bot.name;
    const name = cell('seek-name', '');
    const rating = botRatingText(bot, variant);
    name.append(cell('bot-title', 'BOT'), ' ', playerName(bot.name), rating ? ` (${rating})` : '');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'bot-challenge';
    button.textContent = 'Challenge';
    button.setAttribute('aria-label', `Challenge ${bot.name}: ${variantTitle(variant)}`);
    button.addEventListener(
      'click',
      () =>
        void this.run(async () => {
          const { rating_range: _range, ...offer } = this.seekRequest();
          await lobbyApi.challenge(bot.name, offer);
          this.showMessage(`Challenge sent to ${bot.name}: the game starts when it accepts.`, false);
        }),
    );
    row.append(name, button);
    return row;
  }

  // The variants the server plays (its registry, GET /api/info: built-in and loaded alike).
  private get variantNames(): string[] {
    return this.info.variants.map((variant) => variant.name);
  }

  // Variants from a file are casual only on the server (offer.cpp): rated is not for them.
  private casualOnly(variant: string): boolean {
    return this.info.variants.find((v) => v.name === variant)?.built_in === false;
  }

  // One row per variant of the registry: its name, then a button per quick clock.
  private setUpQuickPairing(): void {
    const quick = byId('quick-pairing');
    for (const variant of this.variantNames) {
      const row = document.createElement('div');
      row.className = 'quick-row';
      row.setAttribute('role', 'group');
      row.setAttribute('aria-label', variantTitle(variant));
      row.append(cell('quick-variant', variantTitle(variant)));
      for (const clock of QUICK_CLOCKS) {
        const pool: Pool = { variant, clock };
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'secondary quick-pool';
        button.textContent = describeSeekClock(clock);
        button.setAttribute('aria-label', `${variantTitle(variant)} ${describeSeekClock(clock)}`);
        button.dataset.pool = `${variant} ${describeSeekClock(clock)}`;
        button.addEventListener('click', () => void this.quickPair(pool));
        row.append(button);
      }
      quick.append(row);
    }
  }

  // The ticked combinations, and why they cannot be sent (null: they can).
  private autoChoice() {
    const data = new FormData(this.autoForm);
    const combinations = tickedCombinations(this.variantNames, new Set(data.getAll('combination').map(String)));
    const rated = data.get('auto_rated') === 'on';
    const problem = autoPairingProblem(
      combinations.length,
      rated,
      combinations.some((c) => this.casualOnly(c.variant)),
    );
    return { combinations, rated, problem };
  }

  // The grid of variants x clocks, "Pair me" and "Cancel".
  private setUpAutoPairing(): void {
    const grid = byId<HTMLTableElement>('auto-grid');
    const head = grid.createTHead().insertRow();
    head.append(document.createElement('td'));
    for (const clock of AUTO_CLOCKS) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = describeSeekClock(clock);
      head.append(th);
    }
    const body = grid.createTBody();
    for (const variant of this.variantNames) {
      const row = body.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = variantTitle(variant);
      row.append(th);
      for (const clock of AUTO_CLOCKS) {
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.name = 'combination';
        box.value = combinationKey({ variant, clock });
        box.setAttribute('aria-label', `${variantTitle(variant)} ${describeSeekClock(clock)}`);
        row.insertCell().append(box);
      }
    }
    this.autoForm.addEventListener('change', () => this.render());
    this.autoForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const { combinations, rated, problem } = this.autoChoice();
      if (combinations.length === 0 || problem) return;
      void this.run(async () => {
        const answer = await lobbyApi.autoPair({ combinations, rated });
        if (answer.game) this.enterGame(answer.game);
      });
    });
    byId('auto-cancel-button').addEventListener('click', () => {
      const entry = ownEntry(this.lobby.seeks, this.me.name);
      if (entry) void this.run(async () => void (await lobbyApi.cancelAutoPairing(entry.group)));
    });
  }

  // Waiting (this player's entry is listed) or the grid to choose from.
  private renderAutoPairing(): void {
    const entry = ownEntry(this.lobby.seeks, this.me.name);
    this.autoForm.hidden = entry !== null;
    byId('auto-waiting').hidden = entry === null;
    if (entry) {
      const games = entry.seeks.map((seek) => `${variantTitle(seek.variant)} ${describeSeekClock(seek.clock)}`);
      byId('auto-waiting-text').textContent =
        `Looking for an opponent: ${games.join(', ')}. The game starts as soon as someone wants one of them.`;
    }
    const rated = this.autoForm.elements.namedItem('auto_rated') as HTMLInputElement;
    rated.disabled = this.me.anonymous;
    if (this.me.anonymous) rated.checked = false;
    const { combinations, problem } = this.autoChoice();
    byId<HTMLButtonElement>('auto-pair-button').disabled = combinations.length === 0 || problem !== null;
    const note = byId('auto-problem');
    note.textContent = problem ?? '';
    note.hidden = problem === null;
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
    void this.refreshBots();
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
    const range = readRatingRange(String(data.get('range_from') ?? ''), String(data.get('range_to') ?? ''));
    if ('problem' in range) throw new Error(range.problem);
    return {
      variant: String(data.get('variant')),
      clock: preset?.clock ?? null,
      rated: data.get('rated') === 'on',
      colour: (data.get('colour') as SeekRequest['colour']) ?? 'random',
      rating_range: range.range,
    };
  }

  // Once the wait chosen is over and the seek is still open: the house bot nearest the
  // player's rating in the seek's variant (a rated game for an account, as the seek's
  // otherwise), else the in-page engine's level nearest it; null otherwise.
  private engineOffer() {
    const waiting = this.waiting;
    if (!waiting || this.offerDismissed) return null;
    if (!this.lobby.seeks.some((seek) => seek.id === waiting.id)) return null;
    if (!engineOfferDue(waiting.postedMs, waiting.waitMs, Date.now())) return null;
    const rating = ratingIn(this.me, waiting.request.variant, this.initialRating);
    const house = nearestHouseBot(this.bots, waiting.request.variant, rating);
    if (house)
      return { kind: 'bot' as const, bot: house.bot, botRating: house.rating, rating, rated: !this.me.anonymous || waiting.request.rated };
    const level = nearestLevel(this.info.engine ? this.info.levels : [], rating);
    return level && { kind: 'engine' as const, level, rating };
  }

  private renderEngineOffer(): void {
    if (this.waiting && this.lobby.state === 'open' && !this.lobby.seeks.some((seek) => seek.id === this.waiting?.id)) this.waiting = null;
    const offer = this.engineOffer();
    byId('engine-offer').hidden = !offer || !this.isOpen;
    const request = this.waiting?.request;
    if (!offer || !request) return;
    const game = `${variantTitle(request.variant)} ${describeSeekClock(request.clock)}`;
    byId('engine-offer-button').textContent = offer.kind === 'bot' ? `Play ${offer.bot.name}` : 'Play the engine';
    byId('engine-offer-text').textContent =
      offer.kind === 'bot'
        ? `Nobody has taken your game yet. Play the bot ${offer.bot.name} instead (${Math.round(offer.botRating)}), the nearest to your rating, ${offer.rating}: ${offer.rated ? 'rated' : 'casual'} ${game}?`
        : `Nobody has taken your game yet. Play the engine instead: ${offer.level.name} (level ${offer.level.number}, about ${offer.level.elo} Elo), the nearest to your rating, ${offer.rating}, ` +
          `${game}?`;
  }

  // Cancels the waiting seek, then challenges the house bot offered (the game starts when it
  // accepts, as any challenge's) or starts the game against the engine offered.
  private async playEngineInstead(): Promise<void> {
    const offer = this.engineOffer();
    const waiting = this.waiting;
    if (!offer || !waiting) return;
    await this.run(async () => {
      await lobbyApi.cancelSeek(waiting.id);
      this.waiting = null;
      if (offer.kind === 'bot') {
        const { rating_range: _range, ...request } = waiting.request;
        await lobbyApi.challenge(offer.bot.name, { ...request, rated: offer.rated });
        this.showMessage(`Challenge sent to ${offer.bot.name}: the game starts when it accepts.`, false);
        return;
      }
      const { variant, colour } = waiting.request;
      const engineSide = colour === 'b' ? 'w' : 'b';
      const humanSide = engineSide === 'w' ? 'b' : 'w';
      await this.startEngineGame({
        variant,
        players: { [humanSide]: 'human', [engineSide]: 'engine' } as NewGameRequest['players'],
        engine: { level: offer.level.number },
        // The game the player asked for, with the engine: the seek's clock too.
        clock: waiting.request.clock,
      });
    });
  }

  private async quickPair(pool: Pool): Promise<void> {
    const choice = choosePairing(this.lobby.seeks, pool, this.me.name);
    if (choice.kind === 'accept') return this.accept(choice.seek);
    if (choice.kind === 'wait') return this.showMessage('Your game of this kind is posted: waiting for an opponent.', false);
    await this.run(async () => {
      const { game } = await lobbyApi.postSeek(choice.request);
      if (game) return this.enterGame(game);
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
    // Live again: "cannot be reached" is no longer true (issue 49).
    if (this.lobby.state === 'open' && byId('lobby-message').textContent === UNREACHABLE_TEXT) this.showMessage('');
    const rated = this.seekForm.elements.namedItem('rated') as HTMLInputElement;
    rated.disabled = this.me.anonymous;
    if (this.me.anonymous) rated.checked = false;
    this.root.querySelector<HTMLElement>('.rated-note')!.hidden = !this.me.anonymous;
    const clock = CLOCK_PRESETS.find((p) => p.value === (this.seekForm.elements.namedItem('clock') as HTMLSelectElement).value)?.clock;
    const correspondenceBarred = this.me.anonymous && !!clock && 'days_per_move' in clock;
    this.root.querySelector<HTMLElement>('.correspondence-note')!.hidden = !correspondenceBarred;
    byId<HTMLButtonElement>('post-seek-button').disabled = correspondenceBarred;
    this.renderEngineOffer();
    this.renderAutoPairing();

    const list = byId('seek-list');
    list.replaceChildren(...this.lobby.seeks.map((seek) => this.seekRow(seek)));
    byId('seek-list-empty').hidden = this.lobby.seeks.length > 0;
    byId('outgoing-challenges').replaceChildren(...this.lobby.challenges.outgoing.map((c) => this.outgoingRow(c)));
    this.renderBots();
  }

  private seekRow(seek: Seek): HTMLLIElement {
    const mine = sameName(seek.name, this.me.name);
    const row = document.createElement('li');
    row.className = 'seek';
    row.dataset.seek = String(seek.id);
    const rating = ratingText(seek);
    const name = cell('seek-name', '');
    name.append(playerName(seek.name), rating ? ` (${rating})` : '');
    if (typeof seek.auto === 'number') {
      const auto = cell('seek-auto', 'auto');
      auto.title = 'Auto pairing: one of several games this player would play; taking it withdraws the others';
      name.append(auto);
    }
    const rated = cell('seek-rated', seek.rated ? 'rated' : 'casual');
    if (seek.rating_range) {
      const range = cell('seek-range', rangeText(seek.rating_range));
      range.title = `For players rated ${rangeText(seek.rating_range)}`;
      rated.append(range);
    }
    row.append(
      name,
      cell('seek-variant', variantTitle(seek.variant)),
      cell('seek-clock', describeSeekClock(seek.clock)),
      rated,
      cell('seek-colour', colourText(seek.colour, mine)),
    );
    const barred = mine ? null : seekBarredFor(seek, this.me, this.initialRating);
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
      button.disabled = barred !== null;
      button.addEventListener('click', () => void this.accept(seek));
    }
    row.append(button);
    if (barred) {
      row.classList.add('seek-barred');
      row.append(cell('seek-barred-reason', `${barred}.`));
    }
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
