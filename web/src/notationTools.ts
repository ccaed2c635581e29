// The FEN and PGN panel's buttons: copy with a "Copied" answer on the button, and the PGN
// saved as a file.
import { showError } from './notices';

// Copies the text; the button says "Copied" for a moment. Throws when the browser refuses.
export async function copyWithFeedback(button: HTMLButtonElement, text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
  const label = button.dataset.label ?? button.textContent ?? '';
  button.dataset.label = label;
  button.textContent = 'Copied';
  button.classList.add('copied');
  window.clearTimeout(Number(button.dataset.timer));
  button.dataset.timer = String(
    window.setTimeout(() => {
      button.textContent = label;
      button.classList.remove('copied');
    }, 1500),
  );
}

// A copy button's click: the text copied, or the browser's refusal told as an error.
export async function copyFromButton(event: Event, text: string): Promise<void> {
  try {
    await copyWithFeedback(event.currentTarget as HTMLButtonElement, text);
  } catch {
    showError(new Error('The browser refused the clipboard; select the text and copy it by hand.'));
  }
}

// Saves the PGN as evochess-game-<id>.pgn.
export function downloadPgn(id: number, pgn: string): void {
  const url = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `evochess-game-${id}.pgn`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10000);
}
