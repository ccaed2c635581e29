// Challenges addressed to this player, on every page of the app (the lobby stream's
// "challenge" events): who, what game, Accept or Decline; Decline asks why (lichess's reasons),
// and the challenger is told the reason in lichess's words.
import type { SeatedState } from '../api';
import { variantTitle } from '../variantTitles';
import { describeError } from '../notices';
import { playerName } from '../players/playerLink';
import { lobbyApi, type LobbyConnection } from './lobbyConnection';
import { declineChoicesFor, describeSeekClock, type Challenge } from './lobbyModel';

export class ChallengeBanner {
  private message = '';
  // The challenge whose Decline was pressed: its row lists the reasons to pick from.
  private decliningId: number | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly lobby: LobbyConnection,
    private readonly enterGame: (state: SeatedState) => void,
  ) {
    lobby.subscribe(() => this.render());
  }

  private render(): void {
    const incoming = this.lobby.challenges.incoming;
    if (!incoming.some((c) => c.id === this.decliningId)) this.decliningId = null;
    const declined = this.lobby.declined;
    this.root.hidden = incoming.length === 0 && declined.length === 0 && !this.message;
    const rows = incoming.map((challenge) => this.row(challenge));
    rows.push(...declined.map((notice) => this.declinedRow(notice)));
    if (this.message) {
      const note = document.createElement('p');
      note.className = 'challenge-message';
      note.setAttribute('role', 'alert');
      note.textContent = this.message;
      rows.push(note);
    }
    this.root.replaceChildren(...rows);
  }

  private row(challenge: Challenge): HTMLElement {
    const row = document.createElement('div');
    row.className = 'challenge';
    row.dataset.challenge = String(challenge.id);
    const colour = challenge.colour === 'w' ? 'you play Black' : challenge.colour === 'b' ? 'you play White' : 'colours by lot';
    const text = document.createElement('span');
    text.className = 'challenge-text';
    text.append(
      playerName(challenge.from),
      ` challenges you: ${variantTitle(challenge.variant)} ${describeSeekClock(challenge.clock)}, ` +
        `${challenge.rated ? 'rated' : 'casual'}, ${colour}.`,
    );
    const accept = document.createElement('button');
    accept.type = 'button';
    accept.className = 'challenge-accept';
    accept.textContent = 'Accept';
    accept.addEventListener(
      'click',
      () => void this.act(() => lobbyApi.acceptChallenge(challenge.id).then((state) => this.enterGame(state))),
    );
    const decline = document.createElement('button');
    decline.type = 'button';
    decline.className = 'secondary challenge-decline';
    decline.textContent = 'Decline';
    const choosing = this.decliningId === challenge.id;
    decline.setAttribute('aria-expanded', String(choosing));
    decline.addEventListener('click', () => {
      this.decliningId = choosing ? null : challenge.id;
      this.render();
      if (!choosing) this.root.querySelector<HTMLButtonElement>(`[data-challenge="${challenge.id}"] .decline-reason`)?.focus();
    });
    row.append(text, accept, decline);
    if (choosing) row.append(this.reasons(challenge));
    return row;
  }

  // The reasons to decline `challenge` with, one button each; Escape or Decline again closes it.
  private reasons(challenge: Challenge): HTMLElement {
    const group = document.createElement('div');
    group.className = 'decline-reasons';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', 'Why do you decline?');
    const lead = document.createElement('span');
    lead.className = 'decline-lead';
    lead.setAttribute('aria-hidden', 'true');
    lead.textContent = 'Decline because:';
    group.append(lead);
    for (const { key, label } of declineChoicesFor(challenge)) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'secondary decline-reason';
      button.dataset.reason = key;
      button.textContent = label;
      button.addEventListener('click', () => {
        this.decliningId = null;
        void this.act(async () => void (await lobbyApi.declineChallenge(challenge.id, key)));
      });
      group.append(button);
    }
    group.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      this.decliningId = null;
      this.render();
      this.root.querySelector<HTMLButtonElement>(`[data-challenge="${challenge.id}"] .challenge-decline`)?.focus();
    });
    return group;
  }

  // A challenge of this player's declined: who, what game, their reason; OK dismisses it.
  private declinedRow(notice: { id: number; text: string }): HTMLElement {
    const row = document.createElement('div');
    row.className = 'challenge challenge-declined';
    row.dataset.declined = String(notice.id);
    row.setAttribute('role', 'status');
    const text = document.createElement('span');
    text.className = 'challenge-text';
    text.textContent = notice.text;
    const ok = document.createElement('button');
    ok.type = 'button';
    ok.className = 'secondary challenge-dismiss';
    ok.textContent = 'OK';
    ok.setAttribute('aria-label', 'Dismiss: challenge declined');
    ok.addEventListener('click', () => this.lobby.dismissDeclined(notice.id));
    row.append(text, ok);
    return row;
  }

  private async act(action: () => Promise<void>): Promise<void> {
    this.message = '';
    try {
      await action();
    } catch (error) {
      this.message = describeError(error);
    }
    this.render();
  }
}
