// The rules pages (address #rules=<variant>): one page per variant, written for players,
// with interactive example boards. Shown instead of the game while open.
import { puzzlesHash, themeName } from '../puzzles/puzzleModel';
import type { Variant } from '../api';
import { variantTitle } from '../variantTitles';
import { ExampleBoard } from './exampleBoard';
import { RULES_TABS, rulesPageOf } from './examples';

// The variant's own rules page (a variant read from a file has one made from its rules);
// chess has none, so it leads to EvoChess's.
export function rulesAddressFor(variant: string): string {
  return `#rules=${rulesPageOf(variant) ? variant : 'evochess'}`;
}

export class RulesView {
  private boards: ExampleBoard[] = [];
  private shown: Variant | null = null;
  private readonly root: HTMLElement;

  constructor(
    private readonly hideWhileOpen: HTMLElement,
    private readonly onBack: () => void,
  ) {
    this.root = document.createElement('main');
    this.root.id = 'rules-view';
    this.root.className = 'rules-view';
    this.root.hidden = true;
    hideWhileOpen.after(this.root);
  }

  // The variant whose page is open, if one is.
  get variant(): Variant | null {
    return this.shown;
  }

  get isOpen(): boolean {
    return this.shown !== null;
  }

  // Opens the page of the variant the address names (routes.ts), EvoChess's for one without a
  // page, or closes the view (null); true when it is open.
  follow(named: string | null): boolean {
    if (named === null) {
      this.close();
      return false;
    }
    const variant = rulesPageOf(named)?.variant ?? 'evochess';
    if (variant !== this.shown) this.open(variant);
    return true;
  }

  private open(variant: Variant): void {
    this.close();
    const page = rulesPageOf(variant)!;
    this.shown = variant;
    this.hideWhileOpen.hidden = true;
    this.root.hidden = false;

    const nav = document.createElement('nav');
    nav.className = 'rules-tabs';
    nav.setAttribute('aria-label', 'Rules of each variant');
    // The built-in games' tabs, and this variant's own when it is read from a file.
    const tabs = RULES_TABS.includes(variant) ? RULES_TABS : [...RULES_TABS, variant];
    for (const other of tabs) {
      const link = document.createElement('a');
      link.href = `#rules=${other}`;
      link.textContent = variantTitle(other);
      if (other === variant) link.setAttribute('aria-current', 'page');
      nav.append(link);
    }
    const back = document.createElement('button');
    back.type = 'button';
    back.className = 'secondary rules-back';
    back.textContent = 'Back to the game';
    back.addEventListener('click', () => this.onBack());
    nav.append(back);

    const heading = document.createElement('h2');
    heading.className = 'rules-title';
    heading.textContent = page.title;
    const intro = document.createElement('p');
    intro.className = 'rules-intro';
    intro.textContent = page.intro;
    const howTo = document.createElement('p');
    howTo.className = 'rules-howto';
    howTo.textContent = "Each small board below is a real position: make the moves on it, and the game's own rules judge them.";
    this.root.replaceChildren(nav, heading, intro);
    if (page.sections.some((section) => section.examples.length > 0)) this.root.append(howTo);

    for (const section of page.sections) {
      const block = document.createElement('section');
      block.className = 'rules-section';
      const title = document.createElement('h2');
      title.textContent = section.heading;
      block.append(title, ...section.paragraphs.map((text) => Object.assign(document.createElement('p'), { textContent: text })));
      if (section.puzzleTheme) {
        const puzzles = document.createElement('a');
        puzzles.className = 'rules-puzzles-link';
        puzzles.href = puzzlesHash({ variant, theme: section.puzzleTheme });
        puzzles.textContent = `Puzzles on this: ${themeName(section.puzzleTheme)}`;
        const line = document.createElement('p');
        line.className = 'rules-puzzles';
        line.append(puzzles);
        block.append(line);
      }
      const examples = document.createElement('div');
      examples.className = 'rule-examples';
      for (const example of section.examples) {
        const board = new ExampleBoard(example);
        this.boards.push(board);
        examples.append(board.root);
      }
      block.append(examples);
      this.root.append(block);
    }
    window.scrollTo(0, 0);
    for (const board of this.boards) void board.start();
  }

  close(): void {
    if (this.shown === null) return;
    this.shown = null;
    for (const board of this.boards) board.dispose();
    this.boards = [];
    this.root.replaceChildren();
    this.root.hidden = true;
    this.hideWhileOpen.hidden = false;
  }
}
