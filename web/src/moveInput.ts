// "Type a move": a text field under the board for SAN ("e4", "b4=N") or UCI ("e2e4",
// "b2b4n"). The server judges the move; a move it refuses is said plainly under the field.
import { ApiError } from './api';

export type TypedMove = { uci: string } | { san: string };

// UCI of the rules (RULES 5.2): from, to, and a suffix for what a unit becomes.
const UCI_TEXT = /^[a-h][1-8][a-h][1-8](?:~?[pnbrqkc]|\/[a-h][1-8]~?[pnbrqkc])?$/;

// What to send for the typed text: UCI when it reads as UCI, else SAN.
export function typedMove(text: string): TypedMove | null {
  const move = text.trim();
  if (!move) return null;
  return UCI_TEXT.test(move) ? { uci: move } : { san: move };
}

export class MoveInput {
  private readonly field: HTMLInputElement;
  private readonly message: HTMLElement;

  // `play` sends the move and shows the new state; it throws what went wrong. Refusals are
  // said in `message`, by default the form's .move-input-message.
  constructor(
    form: HTMLFormElement,
    private readonly play: (move: TypedMove) => Promise<void>,
    message: HTMLElement | null = form.querySelector<HTMLElement>('.move-input-message'),
  ) {
    const field = form.querySelector('input');
    // A form without them would fail only later, on the first typed move: fail here.
    if (!field || !message) throw new Error('a move input needs an input in its form and a message element');
    this.field = field;
    this.message = message;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
    this.field.addEventListener('input', () => this.say(''));
  }

  setEnabled(enabled: boolean): void {
    this.field.disabled = !enabled;
    this.field.form!.querySelector('button')!.disabled = !enabled;
  }

  private async submit(): Promise<void> {
    const text = this.field.value.trim();
    const move = typedMove(text);
    if (!move) return this.say('Type a move first, e.g. e4, Nf3, b4=N or e2e4.', true);
    try {
      await this.play(move);
      this.field.value = '';
      this.say('');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const refused = error instanceof ApiError && error.status === 422;
      this.say(refused ? refusal(text, reason) : `"${text}" was not played: ${reason}`, true);
      this.field.select();
    }
  }

  private say(text: string, isError = false): void {
    this.message.textContent = text;
    this.message.hidden = !text;
    this.message.classList.toggle('error', isError);
  }
}

// The rules' reason names the move again ("not a SAN move: 'zz9'"): said once, with the
// kind of fault only where it tells more than "illegal" (malformed, ambiguous).
function refusal(text: string, reason: string): string {
  const fault = reason.replace(/:\s*'.*'$/, '').trim();
  const detail = fault && !/^illegal move$/i.test(fault) ? ` (${fault})` : '';
  return `"${text}" is not a legal move here${detail}.`;
}
