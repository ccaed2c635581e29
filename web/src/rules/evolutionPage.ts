// The rules page of a variant with evolution rights (EvoChess, EChess, and those read from a
// file): every number and sentence from its N, K and rules, every example a position under its
// own rules (the counters one move short of a right).
import type { Variant } from '../api';
import type { RuleExample, RulesPage } from './pageParts';
import { capitalise, cardinal, count, ordinal } from './words';

export interface EvolutionFacts {
  variant: Variant;
  name: string; // as shown to players
  n: number; // pawn moves that earn a minor right
  k: number; // captures of pieces that earn a rook right
  rightsKept: boolean; // EvoChess; else they expire (EChess)
  directRook: boolean; // RULES 3.4
  castling: boolean; // ordinary castling
  kingsAndPawns: boolean; // the start has kings and pawns only
  // A variant with the same N and K whose rights are kept, to compare with an expiring one.
  keptTwin: { variant: Variant; name: string } | null;
}

// Pawns and kings, White a move short of a minor right.
const minorStart = (n: number) => `4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 ${n - 1},0,0,0/0,0,0,0`;

const everyPawnMove = (n: number) => (n === 1 ? 'every pawn move' : `every ${ordinal(n)} pawn move`);
const everyCapture = (k: number) => (k === 1 ? 'every capture' : `every ${ordinal(k)} capture`);
const thePawnMove = (n: number) => (n === 1 ? 'every pawn move' : `the ${ordinal(n)} pawn move`);
const theCapture = (k: number) => (k === 1 ? 'every capture' : `the ${ordinal(k)} capture`);

function earnMinor(facts: EvolutionFacts): RuleExample {
  const { n } = facts;
  const made =
    n === 1
      ? 'Every pawn move earns a minor right'
      : `White has already made ${count(n - 1, 'pawn move')}. The ${ordinal(n)} one earns a minor right`;
  return {
    id: `${facts.variant}-minor`,
    title: 'Earn a minor right and spend it',
    text: `${made}, and the pawn that moved may use it at once to become a knight or a bishop.`,
    variant: facts.variant,
    fen: minorStart(n),
    steps: [
      { uci: 'b2b4n', accept: /^[a-h]2[a-h][34][nb]$/, hint: 'Move a white pawn and pick a knight or a bishop in the promotion picker.' },
    ],
    done: `The pawn became a new piece: ${n === 1 ? 'the pawn move' : `the ${ordinal(n)} pawn move`} earned the right, and this move spent it. The pawn-move count starts again from 0.`,
  };
}

function earnRook(facts: EvolutionFacts): RuleExample {
  const { k } = facts;
  const before =
    k === 1
      ? 'Every capture of an enemy piece earns a rook right'
      : `White has captured ${count(k - 1, 'enemy piece')} already. The ${ordinal(k)} capture earns a rook right`;
  return {
    id: `${facts.variant}-rook`,
    title: k === 1 ? 'A capture earns a rook right' : `${capitalise(cardinal(k))} captures earn a rook right`,
    text: `${before}: at the end of that move any white knight or bishop may become a rook.`,
    variant: facts.variant,
    fen: `4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1 0,0,${k - 1},0/0,0,0,0`,
    steps: [{ uci: 'c3d5r', hint: 'Take the black rook with the knight and choose to turn the knight into a rook.' }],
    done: `${k === 1 ? 'A capture' : `${capitalise(ordinal(k))} capture`}, so the knight became a rook on the spot. The capture count starts again from 0.`,
  };
}

function keepRight(variant: Variant, name: string, n: number, id: string): RuleExample {
  return {
    id,
    title: `${name}: the right is kept`,
    text: 'White earns a minor right with a3 but does not use it. Two moves later the right is still there.',
    variant,
    fen: minorStart(n),
    steps: [
      { uci: 'a2a3', hint: 'Play a2-a3 and choose "no promotion".' },
      { uci: 'h7h6', accept: /^[a-h]7[a-h][65]$|^e8/, hint: 'Now Black: play h7-h6.' },
      { uci: 'b2b3n', accept: /^[b-h]2[b-h][34][nb]$/, hint: 'White still holds the right: play b2-b3 and make it a knight.' },
    ],
    done: 'The right earned two moves ago was kept and spent now. Where rights expire, as in EChess, it would have been lost.',
  };
}

function earningSections(facts: EvolutionFacts): RulesPage['sections'] {
  const { n, k } = facts;
  return [
    {
      puzzleTheme: 'evolutionPromotion',
      heading: `Minor rights: ${n === 1 ? 'every pawn move' : `${cardinal(n)} pawn moves`}`,
      paragraphs: [
        `${capitalise(everyPawnMove(n))} earns a minor right. At the end of a pawn move, if you hold a minor right, that pawn may turn into a knight or a bishop of your colour. Only the pawn that just moved can change.`,
      ],
      examples: [earnMinor(facts)],
    },
    {
      puzzleTheme: 'rookRight',
      heading: `Rook rights: ${k === 1 ? 'every capture' : `${cardinal(k)} captures`}`,
      paragraphs: [
        `${capitalise(everyCapture(k))} of an enemy piece (pawns do not count) earns a rook right. At the end of any move you may then turn one of your knights or bishops, anywhere on the board, into a rook.`,
      ],
      examples: [earnRook(facts)],
    },
  ];
}

function keptPage(facts: EvolutionFacts): RulesPage {
  const start = facts.kingsAndPawns ? 'starts with kings and pawns only' : 'starts from its own set-up';
  const castling = facts.castling ? 'Castling is as in chess' : 'There is no castling';
  return {
    variant: facts.variant,
    title: `How to play ${facts.name}`,
    intro: `${facts.name} ${start}, and your army grows during the game: pawn moves and captures earn rights to turn pawns into knights or bishops, and knights or bishops into rooks. ${castling}; otherwise pieces move, check and mate as in chess. The strips above and below the board count each side's moves, captures and rights.`,
    sections: [
      ...earningSections(facts),
      {
        puzzleTheme: 'rightKept',
        heading: 'Rights are kept',
        paragraphs: [
          `In ${facts.name} you do not have to use a right straight away: it waits, and rights add up. The promotion picker always offers "no promotion" too. Only one promotion happens in a move, and a pawn reaching the last rank promotes as in chess.`,
        ],
        examples: [{ ...keepRight(facts.variant, facts.name, facts.n, `${facts.variant}-kept`), title: 'Keep a right for later' }],
      },
    ],
  };
}

function expiringPage(facts: EvolutionFacts): RulesPage {
  const { n, k, name, variant } = facts;
  const start = facts.kingsAndPawns ? ', starting with kings and pawns only' : '';
  const twin = facts.keptTwin;
  const sections: RulesPage['sections'] = [
    {
      heading: 'Earning rights',
      paragraphs: [
        `In ${name}, ${thePawnMove(n)} earns a minor right (the pawn may become a knight or a bishop) and ${theCapture(k)} of an enemy piece earns a rook right (a knight or bishop may become a rook).`,
      ],
      examples: [earnMinor(facts), earnRook(facts)],
    },
    {
      puzzleTheme: 'rightExpired',
      heading: 'Use it or lose it',
      paragraphs: [
        `In ${name} a right exists only at the end of the move that earned it. Decline it, and it is gone; the count starts again.${twin ? ` Compare the two boards: the same move in ${name} and in ${twin.name}.` : ''}`,
      ],
      examples: [
        {
          id: `${variant}-expires`,
          title: `${name}: the right expires`,
          text: 'White earns a minor right with a3 and declines it.',
          variant,
          fen: minorStart(n),
          steps: [
            { uci: 'a2a3', hint: 'Play a2-a3 and choose "no promotion".' },
            { uci: 'h7h6', accept: /^[a-h]7[a-h][65]$|^e8/, hint: 'Now Black: play h7-h6.' },
          ],
          done: `White holds no right any more (minor rights 0): a later pawn move offers no promotion until ${count(n, 'more pawn move')} ${n === 1 ? 'is' : 'are'} made.`,
        },
        ...(twin ? [keepRight(twin.variant, twin.name, n, `${variant}-kept-${twin.variant}`)] : []),
      ],
    },
  ];
  if (facts.directRook) {
    sections.push({
      puzzleTheme: 'evolutionPromotion',
      heading: 'The direct rook',
      paragraphs: [
        `If one pawn move earns both rights at once (a pawn captures an enemy piece, and it is your ${ordinal(n)} pawn move and your ${ordinal(k)} capture), that pawn may turn straight into a rook.`,
      ],
      examples: [
        {
          id: `${variant}-direct-rook`,
          title: 'A pawn becomes a rook',
          text: `White has made ${count(n - 1, 'pawn move')} and ${count(k - 1, 'capture')}. The pawn takes the knight: ${ordinal(n)} pawn move and ${ordinal(k)} capture at once.`,
          variant,
          fen: `4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 ${n - 1},0,${k - 1},0/0,0,0,0`,
          steps: [{ uci: 'd4e5r', hint: 'Take the knight with the pawn and choose the rook.' }],
          done: 'Both rights at once: the pawn went straight to a rook, and it gives check.',
        },
      ],
    });
  }
  return {
    variant,
    title: `How to play ${name}`,
    intro: `${name} is played like EvoChess${start}, and pieces are earned the same way, with one difference that changes everything: a right must be used in the very move that earns it, or it is gone.${facts.directRook ? ' It also has the direct rook.' : ''}`,
    sections,
  };
}

export const evolutionPage = (facts: EvolutionFacts): RulesPage => (facts.rightsKept ? keptPage(facts) : expiringPage(facts));
