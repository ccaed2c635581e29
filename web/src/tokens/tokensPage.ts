// "API tokens" (address #api-tokens, reached from the account dialog): the signed-in player's
// personal API tokens for programs (docs/bots.md "Tokens"), a page of the site shown instead
// of the game. It lists them (GET /api/tokens: never a secret), makes one with a description
// and scopes (POST /api/tokens), shows its secret this once with a copy button, and revokes
// one after asking (DELETE /api/tokens/{id}). The session cookie is what manages tokens.
import './tokens.css';
import { ApiError, request } from '../api';
import { describeError } from '../notices';
import type { Me } from '../player';
import {
  MAX_DESCRIPTION_BYTES,
  TOKEN_SCOPES,
  countText,
  createdText,
  lastUsedText,
  listingOf,
  orderTokens,
  revokeQuestion,
  scopesText,
  tokenRequest,
  withToken,
  withoutToken,
  type NewToken,
  type TokenListing,
} from './tokensModel';

function make<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element, props);
  return element;
}

export class TokensView {
  private readonly root: HTMLElement;
  private readonly signedOut: HTMLElement;
  private readonly content: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly formMessage: HTMLElement;
  private readonly made: HTMLElement;
  private readonly secret: HTMLInputElement;
  private readonly copyButton: HTMLButtonElement;
  private readonly copyNote: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly count: HTMLElement;
  private readonly listMessage: HTMLElement;
  private tokens: TokenListing[] = [];
  private me: Me = { name: '', anonymous: true };
  // Counts the lists asked for: an answer for a player or page left meanwhile is dropped.
  private asked = 0;

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    private readonly openAccount: () => void,
  ) {
    this.root = make('main', { id: 'tokens-view', className: 'tokens-view', hidden: true });
    this.root.setAttribute('aria-labelledby', 'tokens-heading');
    const title = make('h2', { id: 'tokens-heading', className: 'lobby-title', textContent: 'API tokens' });
    const intro = make('p', { className: 'lobby-note' });
    intro.append(
      'A token lets a program act for your account through the API: a bot (lichess-bot, ',
      make('code', { textContent: 'evochess bot' }),
      ') or a board app. It goes in the program\u2019s configuration and is sent as ',
      make('code', { textContent: 'Authorization: Bearer TOKEN' }),
      '. Give each program its own, with only the scopes it needs, and revoke one you no longer use.',
    );

    this.signedOut = make('div', { className: 'tokens-signed-out', hidden: true });
    const signIn = make('button', { type: 'button', textContent: 'Sign in', id: 'tokens-sign-in' });
    signIn.addEventListener('click', () => this.openAccount());
    this.signedOut.append(make('p', { textContent: 'API tokens belong to an account: sign in to see and make yours.' }), signIn);

    // The new token, shown once.
    this.made = make('section', { id: 'token-made', className: 'lobby-section token-made', hidden: true });
    this.made.setAttribute('aria-labelledby', 'token-made-heading');
    this.secret = make('input', { id: 'token-secret', type: 'text', readOnly: true, spellcheck: false, className: 'token-secret' });
    this.secret.setAttribute('autocomplete', 'off');
    this.copyButton = make('button', { type: 'button', id: 'token-copy', textContent: 'Copy' });
    this.copyButton.addEventListener('click', () => void this.copy());
    this.copyNote = make('span', { className: 'token-copy-note' });
    this.copyNote.setAttribute('role', 'status');
    const done = make('button', { type: 'button', id: 'token-done', className: 'secondary', textContent: 'I have copied it' });
    done.addEventListener('click', () => this.hideSecret());
    const secretLabel = make('label', { htmlFor: 'token-secret', textContent: 'Your new token' });
    const secretRow = make('div', { className: 'token-secret-row' });
    secretRow.append(this.secret, this.copyButton);
    this.made.append(
      make('h3', { id: 'token-made-heading', textContent: 'Token made' }),
      make('p', {
        className: 'token-warning',
        textContent: 'Copy it now: you will not see it again. Only its digest is kept here, so nobody (not even you) can read it later.',
      }),
      secretLabel,
      secretRow,
      this.copyNote,
      make('div', { className: 'controls' }),
    );
    this.made.lastElementChild!.append(done);

    // The form.
    const newSection = make('section', { className: 'lobby-section' });
    newSection.setAttribute('aria-labelledby', 'token-new-heading');
    this.form = make('form', { id: 'token-form', className: 'token-form', noValidate: true });
    const description = make('input', {
      name: 'description',
      type: 'text',
      maxLength: MAX_DESCRIPTION_BYTES,
      required: true,
      spellcheck: false,
    });
    description.setAttribute('autocomplete', 'off');
    description.placeholder = 'e.g. my lichess-bot';
    const descriptionLabel = make('label', { className: 'token-description' });
    descriptionLabel.append('Description ', description);
    const scopes = make('fieldset', { className: 'token-scopes' });
    scopes.append(make('legend', { textContent: 'Scopes: what the token may do' }));
    for (const { scope, label, note } of TOKEN_SCOPES) {
      const box = make('input', { type: 'checkbox', name: 'scope', value: scope });
      const line = make('label', { className: 'checkbox-setting token-scope' });
      const words = make('span');
      words.append(
        make('code', { textContent: scope }),
        ` ${label}`,
        make('span', { className: 'token-scope-note', textContent: ` (${note})` }),
      );
      line.append(box, ' ', words);
      scopes.append(line);
    }
    this.formMessage = make('p', { className: 'error-message', hidden: true });
    this.formMessage.setAttribute('role', 'alert');
    const controls = make('div', { className: 'controls' });
    controls.append(make('button', { id: 'token-create', textContent: 'Create token' }));
    this.form.append(descriptionLabel, scopes, this.formMessage, controls);
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.create();
    });
    newSection.append(make('h3', { id: 'token-new-heading', textContent: 'New token' }), this.form);

    // The list.
    const listSection = make('section', { className: 'lobby-section' });
    listSection.setAttribute('aria-labelledby', 'token-list-heading');
    this.list = make('ul', { id: 'token-list', className: 'token-list' });
    this.list.setAttribute('aria-label', 'Your API tokens');
    this.count = make('p', { id: 'token-count', className: 'lobby-note', tabIndex: -1 });
    this.listMessage = make('p', { className: 'error-message', hidden: true });
    this.listMessage.setAttribute('role', 'alert');
    listSection.append(make('h3', { id: 'token-list-heading', textContent: 'Your tokens' }), this.list, this.count, this.listMessage);

    this.content = make('div', { className: 'tokens-content' });
    this.content.append(this.made, newSection, listSection);
    this.root.append(title, intro, this.signedOut, this.content);
    hideWhileOpen.after(this.root);
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  open(): void {
    if (!this.isOpen) {
      this.hideWhileOpen.hidden = true;
      this.root.hidden = false;
      window.scrollTo(0, 0);
    }
    void this.refresh();
  }

  close(): void {
    if (!this.isOpen) return;
    this.asked++;
    this.hideSecret();
    this.root.hidden = true;
    this.hideWhileOpen.hidden = false;
  }

  // Signed in or out: the page shows the new player's tokens (or asks them to sign in).
  setPlayer(me: Me): void {
    this.me = me;
    this.hideSecret();
    this.tokens = [];
    this.render();
    if (this.isOpen) void this.refresh();
  }

  private async refresh(): Promise<void> {
    const asked = ++this.asked;
    this.render();
    if (this.me.anonymous) return;
    this.root.setAttribute('aria-busy', 'true');
    try {
      const answer = await request<{ tokens: TokenListing[] }>('GET', '/api/tokens');
      if (asked !== this.asked) return;
      this.tokens = orderTokens(answer.tokens);
      this.showListMessage('');
    } catch (error) {
      if (asked !== this.asked) return;
      this.showListMessage(error instanceof ApiError ? error.message : describeError(error));
    } finally {
      if (asked === this.asked) this.root.removeAttribute('aria-busy');
    }
    this.render();
  }

  private render(): void {
    this.signedOut.hidden = !this.me.anonymous;
    this.content.hidden = this.me.anonymous;
    this.list.replaceChildren(...this.tokens.map((token) => this.row(token)));
    this.count.textContent = countText(this.tokens.length);
  }

  private row(token: TokenListing): HTMLLIElement {
    const row = make('li', { className: 'token-row' });
    row.dataset.token = token.id;
    const what = make('div', { className: 'token-what' });
    what.append(
      make('span', { className: 'token-description-text', textContent: token.description || '(no description)' }),
      make('span', { className: 'token-scopes-text', textContent: scopesText(token.scopes) }),
      make('span', { className: 'token-created', textContent: createdText(token.createdAt) }),
      make('span', { className: 'token-last-used', textContent: lastUsedText(token.lastUsedAt) }),
    );
    const actions = make('div', { className: 'token-actions' });
    const revoke = make('button', { type: 'button', className: 'secondary token-revoke', textContent: 'Revoke' });
    revoke.setAttribute('aria-label', `Revoke the token "${token.description || token.id}"`);
    revoke.addEventListener('click', () => this.askRevoke(row, token, actions));
    actions.append(revoke);
    row.append(what, actions);
    return row;
  }

  // Asks in the row itself before revoking: "Revoke" again, or "Keep it".
  private askRevoke(row: HTMLLIElement, token: TokenListing, actions: HTMLElement): void {
    const confirm = make('div', { className: 'token-confirm' });
    confirm.setAttribute('role', 'group');
    confirm.setAttribute('aria-label', 'Revoke this token?');
    const question = make('p', { className: 'token-question', textContent: revokeQuestion(token) });
    const yes = make('button', { type: 'button', className: 'danger token-revoke-confirm', textContent: 'Revoke it' });
    const no = make('button', { type: 'button', className: 'secondary token-revoke-cancel', textContent: 'Keep it' });
    no.addEventListener('click', () => {
      confirm.replaceWith(actions);
      actions.querySelector('button')?.focus();
    });
    yes.addEventListener('click', () => void this.revoke(token, yes));
    const buttons = make('div', { className: 'controls' });
    buttons.append(yes, no);
    confirm.append(question, buttons);
    actions.replaceWith(confirm);
    row.classList.add('is-confirming');
    no.focus();
  }

  private async revoke(token: TokenListing, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    try {
      await request('DELETE', `/api/tokens/${encodeURIComponent(token.id)}`);
    } catch (error) {
      button.disabled = false;
      // Already gone (revoked in another tab): the list is read again below.
      if (!(error instanceof ApiError && error.status === 404))
        return this.showListMessage(error instanceof ApiError ? error.message : describeError(error));
    }
    this.tokens = withoutToken(this.tokens, token.id);
    this.showListMessage('');
    this.render();
    this.count.focus();
    void this.refresh();
  }

  private async create(): Promise<void> {
    const data = new FormData(this.form);
    const asked = tokenRequest(String(data.get('description') ?? ''), data.getAll('scope').map(String));
    if (!asked.ok) return this.showFormMessage(asked.problem);
    const button = this.form.querySelector<HTMLButtonElement>('#token-create')!;
    button.disabled = true;
    let made: NewToken;
    try {
      made = await request<NewToken>('POST', '/api/tokens', asked.body);
    } catch (error) {
      return this.showFormMessage(error instanceof ApiError ? error.message : describeError(error));
    } finally {
      button.disabled = false;
    }
    this.showFormMessage('');
    this.form.reset();
    this.tokens = withToken(this.tokens, listingOf(made));
    this.render();
    this.showSecret(made.token);
  }

  private showSecret(secret: string): void {
    this.secret.value = secret;
    this.copyNote.textContent = '';
    this.copyButton.textContent = 'Copy';
    this.made.hidden = false;
    this.secret.focus();
    this.secret.select();
  }

  // The secret leaves the page: it is kept nowhere else.
  private hideSecret(): void {
    this.secret.value = '';
    this.copyNote.textContent = '';
    this.made.hidden = true;
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.secret.value);
      this.copyButton.textContent = 'Copied';
      this.copyNote.textContent = 'Copied to the clipboard.';
    } catch {
      this.secret.focus();
      this.secret.select();
      this.copyNote.textContent = 'The browser refused the clipboard: the token is selected, copy it by hand (Ctrl+C).';
    }
  }

  private showFormMessage(text: string): void {
    this.formMessage.textContent = text;
    this.formMessage.hidden = !text;
  }

  private showListMessage(text: string): void {
    this.listMessage.textContent = text;
    this.listMessage.hidden = !text;
  }
}
