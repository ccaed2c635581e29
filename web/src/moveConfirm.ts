// "Confirm the move?" under the board (issue 23, item 11): in a correspondence game a move
// waits for the player's "Confirm", as on lichess, since a slip there costs days.
export function confirmMove(box: HTMLElement, san: string): Promise<boolean> {
  const text = document.createElement('span');
  text.textContent = `Play ${san}?`;
  const confirm = document.createElement('button');
  confirm.type = 'button';
  confirm.id = 'move-confirm-button';
  confirm.textContent = 'Confirm';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.id = 'move-cancel-button';
  cancel.className = 'secondary';
  cancel.textContent = 'Cancel';
  box.replaceChildren(text, confirm, cancel);
  box.hidden = false;
  confirm.focus();
  return new Promise((resolve) => {
    const answer = (yes: boolean) => {
      box.hidden = true;
      box.replaceChildren();
      resolve(yes);
    };
    confirm.addEventListener('click', () => answer(true));
    cancel.addEventListener('click', () => answer(false));
  });
}
