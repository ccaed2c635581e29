// The player in the header (docs/api.md "Players and accounts"): the name this browser plays
// under, anonymous or an account, and the dialog to sign in, create an account or log out.
// The session is a same-origin HttpOnly cookie: fetch sends it and the Origin header itself.
import { ApiError, request } from './api';
import { describeError } from './notices';
import { titledName } from './players/playerLink';

export interface Me {
  name: string;
  anonymous: boolean;
  bot?: boolean; // a bot account (docs/bots.md): "BOT" before its name
  ratings?: Record<string, { rating: number; provisional: boolean }>;
}

export const NAME_PATTERN = '[A-Za-z0-9_\\-]{3,20}';
export const MIN_PASSWORD = 8;

// What is wrong with a name and password before they are sent, or null (the server checks again).
export function accountInputProblem(name: string, password: string): string | null {
  if (!new RegExp(`^${NAME_PATTERN}$`).test(name)) return 'A name has 3 to 20 letters, digits, _ or -.';
  if (password.length < MIN_PASSWORD) return `A password has at least ${MIN_PASSWORD} characters.`;
  return null;
}

export class PlayerBar {
  me: Me = { name: '', anonymous: true };
  private readonly listeners = new Set<(me: Me) => void>();
  private readonly nameLabel: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly form: HTMLFormElement;

  constructor(
    private readonly dialog: HTMLDialogElement,
    bar: HTMLElement,
  ) {
    this.nameLabel = bar.querySelector('#player-name')!;
    this.button = bar.querySelector('#account-button')!;
    this.form = dialog.querySelector('form')!;
    this.button.addEventListener('click', () => this.openDialog());
    const name = this.form.elements.namedItem('name') as HTMLInputElement;
    name.pattern = NAME_PATTERN;
    (this.form.elements.namedItem('password') as HTMLInputElement).minLength = MIN_PASSWORD;
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      void this.submit(submitter?.value ?? 'sign-in');
    });
    dialog.querySelector('#account-cancel')!.addEventListener('click', () => dialog.close());
    // The account's pages (#api-tokens) open over the dialog's page: the dialog closes.
    dialog.querySelector('#api-tokens-link')!.addEventListener('click', () => dialog.close());
    dialog.querySelector('#log-out-button')!.addEventListener('click', () => void this.logOut('/api/session'));
    dialog.querySelector('#log-out-everywhere-button')!.addEventListener('click', () => void this.logOut('/api/sessions'));
  }

  onChange(listener: (me: Me) => void): void {
    this.listeners.add(listener);
  }

  // Who this browser is; also gives an anonymous visitor its cookie.
  async load(): Promise<Me> {
    try {
      this.me = await request<Me>('GET', '/api/me');
    } catch {
      this.me = { name: '', anonymous: true }; // a server without players
    }
    this.render();
    return this.me;
  }

  private render(): void {
    // An account's name links to its page (`#/@/NAME`); an anonymous visitor has none.
    this.nameLabel.replaceChildren(this.me.anonymous ? this.me.name : titledName(this.me.name, this.me.bot, 'player-link own-name'));
    this.button.textContent = this.me.anonymous ? 'Sign in' : 'Account';
    this.button.setAttribute('aria-label', this.me.anonymous ? 'Sign in or create an account' : `Account of ${this.me.name}`);
    this.dialog.querySelector<HTMLElement>('.signed-out')!.hidden = !this.me.anonymous;
    this.dialog.querySelector<HTMLElement>('.signed-in')!.hidden = this.me.anonymous;
    this.dialog.querySelector('#account-signed-in-name')!.textContent = this.me.name;
  }

  // The account dialog: sign in or create an account, or the account's links and log out.
  openDialog(): void {
    this.showMessage('');
    this.render();
    this.dialog.showModal();
  }

  private showMessage(text: string): void {
    const box = this.dialog.querySelector<HTMLElement>('.account-message')!;
    box.textContent = text;
    box.hidden = !text;
  }

  private async submit(action: string): Promise<void> {
    const data = new FormData(this.form);
    const name = String(data.get('name') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const problem = accountInputProblem(name, password);
    if (problem) return this.showMessage(problem);
    try {
      await request('POST', action === 'create' ? '/api/accounts' : '/api/session', { name, password });
    } catch (error) {
      return this.showMessage(error instanceof ApiError ? error.message : describeError(error));
    }
    this.form.reset();
    this.dialog.close();
    await this.changed();
  }

  private async logOut(path: string): Promise<void> {
    try {
      await request('DELETE', path);
    } catch (error) {
      return this.showMessage(describeError(error));
    }
    this.dialog.close();
    await this.changed();
  }

  private async changed(): Promise<void> {
    await this.load();
    for (const listener of this.listeners) listener(this.me);
  }
}
