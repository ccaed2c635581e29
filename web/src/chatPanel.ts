// The chat of an online game (docs/api.md "Chat"): the players' room for the two seats, the
// spectators' room for everyone else, which the players see once the game is over. Messages
// are shown as text (textContent, never markup). Each reader may mute a player's messages and
// hide the chat; both are kept in this browser (localStorage), as lichess does.
import { ApiError, request } from './api';

export type ChatRoom = 'players' | 'spectators';

export interface ChatMessage {
  id: number;
  room: ChatRoom;
  author: string;
  bot?: boolean; // written by a bot account at its seat: "BOT" beside the name
  text: string;
  time: number;
  // Written by whoever asked (the server's answer to GET and POST): no "mute" beside it.
  mine?: boolean;
}

export const CHAT_MAX_LENGTH = 140; // the server's limit, in characters (code points), trimmed

// A message's length as the server counts it: characters (code points), once trimmed.
export const chatLength = (text: string) => [...text.trim()].length;

// The counter under the chat box, and why the message cannot be sent as it is (null: it can).
export function chatLengthNote(text: string): { counter: string; problem: string | null } {
  const length = chatLength(text);
  const over = length - CHAT_MAX_LENGTH;
  return {
    counter: `${length}/${CHAT_MAX_LENGTH}`,
    problem:
      over > 0 ? `${over} ${over === 1 ? 'character' : 'characters'} too many: a message is at most ${CHAT_MAX_LENGTH} characters.` : null,
  };
}

const MUTED_KEY = 'evochess.chat.muted';
const HIDDEN_KEY = 'evochess.chat.hidden';
const ROOM_NAMES: Record<ChatRoom, string> = { players: 'Players', spectators: 'Spectators' };

function readMuted(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(MUTED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : []);
  } catch {
    return new Set();
  }
}

function make<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Node[]) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

// Who reads the chat: the game, this browser's seat token (none: a spectator), and whether
// the game is over (the players then read the spectators' room too).
export interface ChatViewer {
  gameId: number;
  token: string | null;
  over: boolean;
}

export class GameChat {
  readonly root: HTMLElement;
  private readonly tabs = make('div', { className: 'chat-tabs' });
  private readonly hideButton = make('button', { type: 'button', id: 'chat-hide-button', className: 'secondary chat-hide' });
  private readonly body = make('div', { className: 'chat-body' });
  private readonly list = make('ol', { id: 'chat-messages', className: 'chat-messages' });
  private readonly input = make('input', {
    id: 'chat-input',
    type: 'text',
    autocomplete: 'off',
    spellcheck: true,
  });
  private readonly sendButton = make('button', { type: 'submit', id: 'chat-send-button', className: 'secondary', textContent: 'Send' });
  private readonly form = make('form', { className: 'chat-form' });
  private readonly error = make('p', { id: 'chat-error', className: 'chat-error', hidden: true });
  // "37/140" as the player types; past the limit, how many characters too many (Send is off).
  private readonly counter = make('span', { id: 'chat-counter', className: 'chat-counter' });
  private readonly lengthProblem = make('p', { id: 'chat-length-problem', className: 'chat-error', hidden: true });
  private viewer: ChatViewer | null = null;
  private shown: ChatRoom = 'players';
  private readonly messages: Record<ChatRoom, ChatMessage[]> = { players: [], spectators: [] };
  private readonly mine = new Set<number>();
  private muted = readMuted();
  private loadedFor = '';

  constructor(after: HTMLElement) {
    this.input.setAttribute('aria-label', 'Chat message');
    this.input.setAttribute('aria-describedby', 'chat-counter');
    this.list.setAttribute('aria-live', 'polite');
    this.lengthProblem.setAttribute('role', 'status');
    this.form.append(this.input, this.sendButton, this.counter);
    this.body.append(this.list, this.form, this.lengthProblem, this.error);
    this.input.addEventListener('input', () => this.renderLength());
    this.renderLength();
    const heading = make('h2', { className: 'chat-heading', textContent: 'Chat' });
    this.root = make(
      'section',
      { id: 'game-chat', className: 'game-chat', hidden: true },
      make('div', { className: 'chat-head' }, heading, this.tabs, this.hideButton),
      this.body,
    );
    this.root.setAttribute('aria-label', 'Chat');
    this.hideButton.addEventListener('click', () => {
      localStorage.setItem(HIDDEN_KEY, this.collapsed() ? '0' : '1');
      this.render();
    });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.send();
    });
    window.addEventListener('storage', (event) => {
      if (event.key === MUTED_KEY) this.muted = readMuted();
      if (event.key === MUTED_KEY || event.key === HIDDEN_KEY) this.render();
    });
    after.after(this.root);
  }

  // The rooms this viewer reads; the first is the one they write in.
  private rooms(): ChatRoom[] {
    const viewer = this.viewer;
    if (!viewer) return [];
    if (!viewer.token) return ['spectators'];
    return viewer.over ? ['players', 'spectators'] : ['players'];
  }

  private collapsed(): boolean {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  }

  // The game shown changed (or its seat, or it ended): read what is new to this viewer.
  show(viewer: ChatViewer | null): void {
    this.viewer = viewer;
    if (!viewer) {
      this.root.hidden = true;
      this.loadedFor = '';
      return;
    }
    const rooms = this.rooms();
    const key = `${viewer.gameId}:${viewer.token ?? ''}:${rooms.join(',')}`;
    if (key === this.loadedFor) return; // nothing new (the page redraws every second)
    if (!this.loadedFor.startsWith(`${viewer.gameId}:`)) {
      this.messages.players = [];
      this.messages.spectators = [];
      this.shown = rooms[0];
    }
    if (!rooms.includes(this.shown)) this.shown = rooms[0];
    this.loadedFor = key;
    void this.reload();
    this.render();
  }

  // Reads every room again (the stream reconnected: messages may have been missed).
  async reload(): Promise<void> {
    const viewer = this.viewer;
    if (!viewer) return;
    for (const room of this.rooms()) {
      try {
        const answer = await request<{ messages: ChatMessage[] }>(
          'GET',
          `/api/games/${viewer.gameId}/chat?room=${room}`,
          undefined,
          viewer.token ?? undefined,
        );
        if (this.viewer?.gameId !== viewer.gameId) return;
        this.messages[room] = answer.messages;
        for (const message of answer.messages) if (message.mine) this.mine.add(message.id);
      } catch {
        // A chat that cannot be read now is read again at the next reconnection.
      }
    }
    this.render();
  }

  // A `chat` event of the game's stream.
  receive(message: ChatMessage): void {
    if (!this.viewer || !this.rooms().includes(message.room)) return;
    const list = this.messages[message.room];
    if (list.some((known) => known.id === message.id)) return;
    list.push(message);
    list.sort((a, b) => a.id - b.id);
    this.render();
  }

  private renderLength(): void {
    const { counter, problem } = chatLengthNote(this.input.value);
    this.counter.textContent = counter;
    this.counter.classList.toggle('over', problem !== null);
    this.lengthProblem.textContent = problem ?? '';
    this.lengthProblem.hidden = problem === null;
    this.sendButton.disabled = problem !== null;
  }

  private async send(): Promise<void> {
    const viewer = this.viewer;
    const text = this.input.value.trim();
    if (!viewer || !text || chatLengthNote(text).problem) return;
    const room = this.rooms()[0];
    this.sendButton.disabled = true;
    try {
      const message = await request<ChatMessage>('POST', `/api/games/${viewer.gameId}/chat`, { room, text }, viewer.token ?? undefined);
      this.mine.add(message.id);
      this.input.value = '';
      this.renderLength();
      this.error.hidden = true;
      this.shown = room;
      this.receive(message);
      // The stream may have brought it first, before it was known as mine: drawn again.
      this.render();
    } catch (error) {
      this.error.textContent = error instanceof ApiError ? error.message : 'The message was not sent.';
      this.error.hidden = false;
    } finally {
      this.renderLength();
    }
  }

  private toggleMute(author: string): void {
    if (this.muted.has(author)) this.muted.delete(author);
    else this.muted.add(author);
    localStorage.setItem(MUTED_KEY, JSON.stringify([...this.muted]));
    this.render();
  }

  private render(): void {
    const rooms = this.rooms();
    this.root.hidden = rooms.length === 0;
    if (!rooms.length) return;
    const collapsed = this.collapsed();
    this.hideButton.textContent = collapsed ? 'Show chat' : 'Hide chat';
    this.hideButton.setAttribute('aria-expanded', String(!collapsed));
    this.body.hidden = collapsed;
    this.root.classList.toggle('collapsed', collapsed);

    // A tab per room readable; the room shown is named even when it is the only one.
    this.tabs.replaceChildren(
      ...rooms.map((room) => {
        const tab = make('button', { type: 'button', className: 'chat-tab', textContent: ROOM_NAMES[room] });
        tab.dataset.room = room;
        tab.setAttribute('aria-pressed', String(room === this.shown));
        tab.disabled = rooms.length === 1;
        tab.addEventListener('click', () => {
          this.shown = room;
          this.render();
        });
        return tab;
      }),
    );
    this.root.dataset.room = this.shown;

    const writable = this.shown === rooms[0];
    this.form.hidden = !writable;
    this.input.placeholder = this.shown === 'players' ? 'Say something to your opponent' : 'Talk with the other spectators';

    const items = this.messages[this.shown].map((message) => {
      const muted = this.muted.has(message.author);
      const item = make('li', { className: muted ? 'chat-message muted' : 'chat-message' });
      item.dataset.id = String(message.id);
      const author = make('span', { className: 'chat-author' });
      if (message.bot) author.append(make('span', { className: 'bot-title', textContent: 'BOT' }), ' ');
      author.append(message.author);
      // Text, never markup: whatever a player typed is shown as they typed it.
      const text = make('span', { className: 'chat-text', textContent: muted ? '(muted)' : message.text });
      item.append(author, text);
      if (!this.mine.has(message.id) && !message.mine) {
        const mute = make('button', { type: 'button', className: 'chat-mute', textContent: muted ? 'unmute' : 'mute' });
        mute.setAttribute('aria-label', `${muted ? 'Unmute' : 'Mute'} ${message.author}`);
        mute.addEventListener('click', () => this.toggleMute(message.author));
        item.append(mute);
      }
      return item;
    });
    if (!items.length) items.push(make('li', { className: 'chat-empty', textContent: 'No messages yet.' }));
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 24;
    this.list.replaceChildren(...items);
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }
}
