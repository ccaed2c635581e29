// Stepping through a line of moves: first / previous / next / last buttons under the board
// and the ←, →, Home and End keys (not while typing, nor on the board's own arrow keys).
// A position is told by how many moves of the line were played before it: 0 is the start.

export type Step = 'first' | 'previous' | 'next' | 'last';

// The position a step leads to from `shown` in a line of `length` moves.
export function stepTarget(step: Step, shown: number, length: number): number {
  switch (step) {
    case 'first':
      return 0;
    case 'previous':
      return Math.max(0, shown - 1);
    case 'next':
      return Math.min(length, shown + 1);
    case 'last':
      return length;
  }
}

const KEYS: Record<string, Step> = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last' };

// Whether a key press belongs to something else: a field, a dialog, a menu, the board's keys.
function keyIsTaken(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (!target || !(target instanceof HTMLElement)) return false;
  if (target.closest('input, textarea, select, [contenteditable], dialog, [role=listbox]')) return true;
  return document.querySelector('dialog[open]') !== null;
}

export class PlyNavigation {
  private readonly buttons: Record<Step, HTMLButtonElement>;

  constructor(
    container: HTMLElement,
    private readonly onStep: (step: Step) => void,
  ) {
    // Icons drawn as SVG: the fonts of some systems lack ⏮ and ⏭.
    const labels: Record<Step, [string, string]> = {
      first: ['M3 2h2v12H3z M14 2v12L6 8z', 'First position'],
      previous: ['M12 2v12L4 8z', 'Previous move'],
      next: ['M4 2v12l8-6z', 'Next move'],
      last: ['M11 2h2v12h-2z M2 2v12l8-6z', 'Last move'],
    };
    container.setAttribute('role', 'group');
    container.setAttribute('aria-label', 'Step through the moves');
    this.buttons = Object.fromEntries(
      (Object.keys(labels) as Step[]).map((step) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'secondary ply-step';
        button.dataset.step = step;
        button.innerHTML = `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="${labels[step][0]}" fill="currentColor"/></svg>`;
        button.setAttribute('aria-label', labels[step][1]);
        button.title = labels[step][1];
        button.addEventListener('click', () => onStep(step));
        container.append(button);
        return [step, button];
      }),
    ) as Record<Step, HTMLButtonElement>;
    this.update(0, 0); // nothing to step through until a line is shown
    document.addEventListener('keydown', (event) => {
      const step = KEYS[event.key];
      if (!step || keyIsTaken(event)) return;
      event.preventDefault();
      this.onStep(step);
    });
  }

  // `shown` of `length`: which buttons lead anywhere.
  update(shown: number, length: number): void {
    this.buttons.first.disabled = this.buttons.previous.disabled = shown <= 0;
    this.buttons.next.disabled = this.buttons.last.disabled = shown >= length;
  }
}
