// The parts of the page an online game adds: the waiting screen with the invite link over the
// board, and the panel with the connection, the spectators, offers, notices and the buttons.
// Only DOM here; online.ts decides what they show and what the buttons do.

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function button(id: string, text: string, className = 'secondary'): HTMLButtonElement {
  return make('button', { id, type: 'button', className, textContent: text });
}

// Copies text; says "Copied" (or how to copy by hand) next to the button for a while.
export async function copyWithFeedback(text: string, input: HTMLInputElement | null, feedback: HTMLElement): Promise<void> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    if (input) {
      input.select();
      copied = document.execCommand('copy');
    }
  }
  feedback.textContent = copied ? 'Copied' : 'Select the link and copy it by hand';
  feedback.classList.toggle('copy-failed', !copied);
  window.clearTimeout(Number(feedback.dataset.timer));
  feedback.dataset.timer = String(window.setTimeout(() => (feedback.textContent = ''), 2500));
}

export class WaitingScreen {
  readonly root: HTMLElement;
  readonly heading = make('h2', { id: 'waiting-heading', textContent: 'Waiting for your opponent' });
  readonly text = make('p', { className: 'waiting-text' });
  readonly inviteRow: HTMLElement;
  readonly inviteLink = make('input', { id: 'invite-link', type: 'text', readOnly: true, spellcheck: false });
  readonly copyButton = button('copy-invite-button', 'Copy link', '');
  readonly feedback = make('span', { id: 'copy-invite-feedback', className: 'copy-feedback' });

  constructor(boardFrame: HTMLElement) {
    this.inviteLink.setAttribute('aria-label', 'Invite link');
    this.feedback.setAttribute('aria-live', 'polite');
    this.inviteRow = make('div', { className: 'invite-row' }, this.inviteLink, this.copyButton);
    this.root = make(
      'div',
      { id: 'waiting-screen', className: 'waiting-screen', hidden: true },
      this.heading,
      this.text,
      this.inviteRow,
      this.feedback,
    );
    this.root.setAttribute('role', 'region');
    this.root.setAttribute('aria-labelledby', 'waiting-heading');
    this.copyButton.addEventListener('click', () => void copyWithFeedback(this.inviteLink.value, this.inviteLink, this.feedback));
    boardFrame.append(this.root);
  }
}

export class OnlinePanel {
  readonly root: HTMLElement;
  readonly connection = make('span', { id: 'connection-state', className: 'connection' });
  readonly seatNote = make('span', { id: 'seat-note', className: 'seat-note' });
  readonly spectators = make('span', { id: 'spectator-count', className: 'spectator-count' });
  readonly clockKind = make('span', { id: 'clock-kind', className: 'clock-kind' });
  readonly berserkNote = make('span', { id: 'berserk-note', className: 'berserk-note', hidden: true });
  readonly notice = make('div', { id: 'online-notice', className: 'notice', hidden: true });

  readonly awayText = make('span', { id: 'opponent-away-text' });
  readonly claimButton = button('claim-victory-button', 'Claim victory', '');
  readonly away = make('div', { id: 'opponent-away', className: 'notice', hidden: true }, this.awayText, this.claimButton);

  readonly drawText = make('span', { id: 'draw-offer-text' });
  readonly acceptDraw = button('accept-draw-button', 'Accept draw', '');
  readonly declineDraw = button('decline-draw-button', 'Decline');
  readonly drawOffer = make(
    'div',
    { id: 'draw-offer', className: 'notice offer', hidden: true },
    this.drawText,
    this.acceptDraw,
    this.declineDraw,
  );

  readonly takebackText = make('span', { id: 'takeback-offer-text' });
  readonly acceptTakeback = button('accept-takeback-button', 'Accept takeback', '');
  readonly declineTakeback = button('decline-takeback-button', 'Decline');
  readonly takebackOffer = make(
    'div',
    { id: 'takeback-offer', className: 'notice offer', hidden: true },
    this.takebackText,
    this.acceptTakeback,
    this.declineTakeback,
  );

  readonly drawButton = button('offer-draw-button', 'Offer draw');
  readonly takebackButton = button('takeback-button', 'Ask to take back');
  readonly abortButton = button('abort-button', 'Abort game');
  readonly resignButton = button('online-resign-button', 'Resign');
  readonly berserkButton = button('berserk-button', 'Berserk');
  readonly rematchButton = button('rematch-button', 'Rematch', '');
  readonly watchRematchButton = button('watch-rematch-button', 'Watch the rematch', '');
  readonly controls = make(
    'div',
    { id: 'online-controls', className: 'controls' },
    this.berserkButton,
    this.drawButton,
    this.takebackButton,
    this.abortButton,
    this.resignButton,
    this.rematchButton,
    this.watchRematchButton,
  );

  readonly confirmResignButton = button('confirm-resign-button', 'Yes, resign', 'danger');
  readonly cancelResignButton = button('cancel-resign-button', 'No, play on');
  readonly resignConfirm = make(
    'div',
    { id: 'resign-confirm', className: 'notice confirm', hidden: true },
    make('span', { textContent: 'Resign this game?' }),
    this.confirmResignButton,
    this.cancelResignButton,
  );

  readonly seatLink = make('input', { id: 'seat-link', type: 'text', readOnly: true, spellcheck: false });
  readonly copySeatButton = button('copy-seat-link-button', 'Copy your seat link');
  readonly seatFeedback = make('span', { id: 'copy-seat-feedback', className: 'copy-feedback' });
  readonly seatBox = make(
    'details',
    { id: 'seat-link-box', className: 'seat-link-box', hidden: true },
    make('summary', { textContent: 'Continue on another device' }),
    make('p', { textContent: 'This link is your seat: whoever opens it plays for you. Keep it to yourself.' }),
    make('div', { className: 'invite-row' }, this.seatLink, this.copySeatButton),
    this.seatFeedback,
  );

  constructor(before: HTMLElement) {
    this.connection.setAttribute('aria-live', 'polite');
    this.spectators.setAttribute('aria-live', 'polite');
    this.notice.setAttribute('role', 'status');
    this.seatFeedback.setAttribute('aria-live', 'polite');
    this.seatLink.setAttribute('aria-label', 'Your seat link');
    this.resignConfirm.setAttribute('role', 'group');
    this.berserkButton.title = 'Half your time and no increment; a win of 14 plies or more scores a point more';
    this.berserkNote.setAttribute('aria-live', 'polite');
    this.resignConfirm.setAttribute('aria-label', 'Confirm the resignation');
    this.root = make(
      'section',
      { id: 'online-panel', className: 'online-panel', hidden: true },
      make('div', { className: 'online-status' }, this.connection, this.seatNote, this.spectators, this.clockKind, this.berserkNote),
      this.notice,
      this.away,
      this.drawOffer,
      this.takebackOffer,
      this.controls,
      this.resignConfirm,
      this.seatBox,
    );
    this.root.setAttribute('aria-label', 'Online game');
    this.copySeatButton.addEventListener('click', () => void copyWithFeedback(this.seatLink.value, this.seatLink, this.seatFeedback));
    before.before(this.root);
  }
}
