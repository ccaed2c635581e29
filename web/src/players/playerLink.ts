// A player's name as a link to their page (`#/@/NAME`); an anonymous visitor's name stays text.
import { isAccountName, playerAddress } from './playersModel';

export function playerName(name: string, className = 'player-link'): HTMLElement {
  if (!isAccountName(name)) {
    const text = document.createElement('span');
    text.textContent = name;
    return text;
  }
  const link = document.createElement('a');
  link.href = playerAddress(name);
  link.className = className;
  link.textContent = name;
  return link;
}
