// A player's name as a link to their page (`#/@/NAME`); an anonymous visitor's name stays text.
// A bot account's name has lichess's title before it: "BOT".
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

// lichess's title mark of a bot account, as the board strips and the lobby show it.
export function botTitle(): HTMLElement {
  const title = document.createElement('span');
  title.className = 'bot-title';
  title.textContent = 'BOT';
  return title;
}

// "BOT name" for a bot account (the name a link as playerName makes it), else the name alone.
export function titledName(name: string, bot: boolean | undefined, className = 'player-link'): HTMLElement {
  const link = playerName(name, className);
  if (!bot) return link;
  const both = document.createElement('span');
  both.className = 'titled-name';
  both.append(botTitle(), ' ', link);
  return both;
}
