// The FEN and PGN panel's buttons: copy with a "Copied" answer on the button, and the PGN
// saved as a file.

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
