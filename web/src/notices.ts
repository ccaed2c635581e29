// Messages under the game: errors said plainly, with a Retry button where trying again can
// help, and short notices such as the engine's answer to a draw offer.
import { ApiError } from './api';

const byId = (id: string) => document.getElementById(id) as HTMLElement;

export const UNREACHABLE_TEXT = 'The server cannot be reached. Check that evochess serve is still running.';

// What went wrong, in words a player understands.
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return UNREACHABLE_TEXT;
  }
  return error instanceof Error ? error.message : String(error);
}

let errorTimer: number | undefined;

// With `retry`, the message stays until the player retries or something else happens.
export function showError(error: unknown, retry?: () => void): void {
  const box = byId('error-message');
  const text = describeError(error);
  box.replaceChildren(text);
  box.dataset.unreachable = String(text === UNREACHABLE_TEXT);
  window.clearTimeout(errorTimer);
  if (retry) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary retry';
    button.textContent = 'Retry';
    button.addEventListener('click', () => {
      hideError();
      retry();
    });
    box.append(' ', button);
  } else errorTimer = window.setTimeout(hideError, 8000);
  box.hidden = false;
}

export function hideError(): void {
  byId('error-message').hidden = true;
}

// A stream of the server's is open again: "cannot be reached", if shown, is no longer true
// (issue 49: it stayed after the reconnection). Any other message stays.
export function serverReachedAgain(): void {
  const box = document.getElementById('error-message');
  if (box && !box.hidden && box.dataset.unreachable === 'true') hideError();
}

let noticeTimer: number | undefined;
export function showNotice(text: string): void {
  const box = byId('notice');
  box.textContent = text;
  box.hidden = false;
  window.clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => (box.hidden = true), 10000);
}

export function hideNotice(): void {
  byId('notice').hidden = true;
}
