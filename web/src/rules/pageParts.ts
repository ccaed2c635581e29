// What a rules page is made of: its sections, their example positions and the moves each asks
// for. Apart from examples.ts, which picks a variant's page, so that the pages it picks from
// (evolutionPage.ts, kingPage.ts) import these types without importing it.
import type { Variant } from '../api';

export interface ExampleStep {
  uci: string; // the move the example asks for
  accept?: RegExp; // other moves that show the rule as well
  hint: string; // what to do, shown before the move
}

export interface RuleExample {
  id: string;
  title: string;
  text: string;
  variant: Variant;
  fen: string;
  steps: ExampleStep[];
  done: string; // what happened, once every step is played
}

export interface RuleSection {
  heading: string;
  // The puzzles of this rule (a theme of docs/puzzles.md), linked from the section.
  puzzleTheme?: string;
  paragraphs: string[];
  examples: RuleExample[];
}

export interface RulesPage {
  variant: Variant;
  title: string;
  intro: string;
  sections: RuleSection[];
}
