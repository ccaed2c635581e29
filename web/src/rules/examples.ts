// The rules pages' words and example positions, written for players. Each example is a FEN
// with the moves to try; the rules engine of the server judges every move played on it.
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
  paragraphs: string[];
  examples: RuleExample[];
}

export interface RulesPage {
  variant: Variant;
  title: string;
  intro: string;
  sections: RuleSection[];
}

const START_TWO_PAWN_MOVES = '4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0';

const earnMinor = (variant: Variant, id: string): RuleExample => ({
  id,
  title: 'Earn a minor right and spend it',
  text: 'White has already made two pawn moves. The third one earns a minor right, and the pawn that moved may use it at once to become a knight or a bishop.',
  variant,
  fen: START_TWO_PAWN_MOVES,
  steps: [{ uci: 'b2b4n', accept: /^[a-h]2[a-h][34][nb]$/, hint: 'Move a white pawn and pick a knight or a bishop in the promotion picker.' }],
  done: 'The pawn became a new piece: the third pawn move earned the right, and this move spent it. The pawn-move count starts again from 0.',
});

const earnRook = (variant: Variant, id: string): RuleExample => ({
  id,
  title: 'Two captures earn a rook right',
  text: 'White has captured one enemy piece already. Capturing a second one earns a rook right: at the end of that move any white knight or bishop may become a rook.',
  variant,
  fen: '4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1 0,0,1,0/0,0,0,0',
  steps: [{ uci: 'c3d5r', hint: 'Take the black rook with the knight and choose to turn the knight into a rook.' }],
  done: 'Second capture, so the knight became a rook on the spot. The capture count starts again from 0.',
});

const EVOCHESS: RulesPage = {
  variant: 'evochess',
  title: 'How to play EvoChess',
  intro:
    'EvoChess starts with kings and pawns only, and your army grows during the game: pawn moves and captures earn rights to turn pawns into knights or bishops, and knights or bishops into rooks. There is no castling; otherwise pieces move, check and mate as in chess. The strips above and below the board count each side\'s moves, captures and rights.',
  sections: [
    {
      heading: 'Minor rights: three pawn moves',
      paragraphs: [
        'Every third pawn move earns a minor right. At the end of a pawn move, if you hold a minor right, that pawn may turn into a knight or a bishop of your colour. Only the pawn that just moved can change.',
      ],
      examples: [earnMinor('evochess', 'evochess-minor')],
    },
    {
      heading: 'Rook rights: two captures',
      paragraphs: [
        'Every second capture of an enemy piece (pawns do not count) earns a rook right. At the end of any move you may then turn one of your knights or bishops, anywhere on the board, into a rook.',
      ],
      examples: [earnRook('evochess', 'evochess-rook')],
    },
    {
      heading: 'Rights are kept',
      paragraphs: [
        'In EvoChess you do not have to use a right straight away: it waits, and rights add up. The promotion picker always offers "no promotion" too. Only one promotion happens in a move, and a pawn reaching the last rank promotes as in chess.',
      ],
      examples: [
        {
          id: 'evochess-kept',
          title: 'Keep a right for later',
          text: 'White earns a minor right with a3 but does not use it. Two moves later the right is still there.',
          variant: 'evochess',
          fen: START_TWO_PAWN_MOVES,
          steps: [
            { uci: 'a2a3', hint: 'Play a2-a3 and choose "no promotion".' },
            { uci: 'h7h6', accept: /^[a-h]7[a-h][65]$|^e8/, hint: 'Now Black: play h7-h6.' },
            { uci: 'b2b3n', accept: /^[b-h]2[b-h][34][nb]$/, hint: 'White still holds the right: play b2-b3 and make it a knight.' },
          ],
          done: 'The right earned two moves ago was kept and spent now. In EChess it would have been lost.',
        },
      ],
    },
  ],
};

const ECHESS: RulesPage = {
  variant: 'echess',
  title: 'How to play EChess',
  intro:
    'EChess starts like EvoChess, with kings and pawns only, and pieces are earned the same way, with one difference that changes everything: a right must be used in the very move that earns it, or it is gone. It also has the direct rook.',
  sections: [
    {
      heading: 'Earning rights',
      paragraphs: [
        'As in EvoChess, the third pawn move earns a minor right (the pawn may become a knight or a bishop) and the second capture of an enemy piece earns a rook right (a knight or bishop may become a rook).',
      ],
      examples: [earnMinor('echess', 'echess-minor'), earnRook('echess', 'echess-rook')],
    },
    {
      heading: 'Use it or lose it',
      paragraphs: [
        'In EChess a right exists only at the end of the move that earned it. Decline it, and it is gone; the count starts again. Compare the two boards: the same move in EChess and in EvoChess.',
      ],
      examples: [
        {
          id: 'echess-expires',
          title: 'EChess: the right expires',
          text: 'White earns a minor right with a3 and declines it.',
          variant: 'echess',
          fen: START_TWO_PAWN_MOVES,
          steps: [
            { uci: 'a2a3', hint: 'Play a2-a3 and choose "no promotion".' },
            { uci: 'h7h6', accept: /^[a-h]7[a-h][65]$|^e8/, hint: 'Now Black: play h7-h6.' },
          ],
          done: 'White holds no right any more (minor rights 0): a later pawn move offers no promotion until three more pawn moves are made.',
        },
        { ...EVOCHESS.sections[2].examples[0], id: 'echess-kept-evochess', title: 'EvoChess: the right is kept' },
      ],
    },
    {
      heading: 'The direct rook',
      paragraphs: [
        'If one pawn move earns both rights at once (a pawn captures an enemy piece, and it is your third pawn move and your second capture), that pawn may turn straight into a rook.',
      ],
      examples: [
        {
          id: 'echess-direct-rook',
          title: 'A pawn becomes a rook',
          text: 'White has made two pawn moves and one capture. The pawn takes the knight: third pawn move and second capture at once.',
          variant: 'echess',
          fen: '4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0',
          steps: [{ uci: 'd4e5r', hint: 'Take the knight with the pawn and choose the rook.' }],
          done: 'Both rights at once: the pawn went straight to a rook, and it gives check.',
        },
      ],
    },
  ],
};

const PROMOTEKING: RulesPage = {
  variant: 'promoteking',
  title: 'How to play Promote King Chess',
  intro:
    'Promote King Chess is chess where the king can promote too. A king reaching the last rank becomes Cthulhu, a mighty royal piece; kings can step twice and capture en passant; pawns may promote into pieces of either colour, and the winner scores extra points for each such promotion.',
  sections: [
    {
      heading: 'Cthulhu',
      paragraphs: [
        'A king that reaches the far rank becomes Cthulhu at once. Cthulhu is royal: it can be checked and mated like a king. It moves like a queen, like a knight, or leaps exactly two squares in any direction to an empty square, jumping over whatever is in between. The leap never captures.',
      ],
      examples: [
        {
          id: 'promoteking-cthulhu-born',
          title: 'The king becomes Cthulhu',
          text: 'The white king is one step from the last rank.',
          variant: 'promoteking',
          fen: '8/1K5p/8/8/8/8/7P/k7 w - - 0 1 -,0',
          steps: [{ uci: 'b7b8', accept: /^b7[abc]8$/, hint: 'Step the king onto the eighth rank.' }],
          done: 'The king became Cthulhu. Whoever promotes a king first also wins what would otherwise be a draw (stalemate, repetition and the like, but not a draw by agreement).',
        },
        {
          id: 'promoteking-cthulhu-leap',
          title: 'The two-square leap',
          text: 'Cthulhu on d4, its own pawn on e5.',
          variant: 'promoteking',
          fen: 'k7/8/8/4P3/3C4/8/8/8 w - - 0 1 w,0',
          steps: [{ uci: 'd4f6', hint: 'Leap from d4 to f6, over the pawn.' }],
          done: 'Cthulhu leapt over its own pawn, which a queen could not do.',
        },
      ],
    },
    {
      heading: 'Cthulhu may not pass through check',
      paragraphs: [
        'When Cthulhu moves like a queen, every square it crosses must be one where it would not stand in check (unless from there it would give check itself). Knight moves and two-square leaps cross nothing, so this never stops them.',
      ],
      examples: [
        {
          id: 'promoteking-no-passing-check',
          title: 'Around the rook',
          text: 'The black rook on e8 watches the e-file. Cthulhu on d1 may not go to g4 or h5: it would cross e2, where the rook checks it. Try it: the board does not offer g4. The leap to f3 crosses nothing.',
          variant: 'promoteking',
          fen: 'k3r3/8/8/8/8/8/8/3C4 w - - 0 1 w,0',
          steps: [{ uci: 'd1f3', hint: 'Leap from d1 to f3.' }],
          done: 'The leap is allowed even though e2 is covered, and on f3 Cthulhu gives check along the long diagonal.',
        },
      ],
    },
    {
      heading: 'What a king can do',
      paragraphs: [
        'A king that has not become Cthulhu, standing on its second rank, may step two squares straight forward over an empty square, as a pawn does. It may also capture en passant like a pawn. And when a pawn steps one square forward, the king right behind it may follow it in the same move.',
      ],
      examples: [
        {
          id: 'promoteking-king-double-step',
          title: 'King double step',
          text: 'The white king stands on e2, its second rank.',
          variant: 'promoteking',
          fen: '4k3/7p/8/8/8/8/4K2P/8 w - - 0 1 -,0',
          steps: [{ uci: 'e2e4', hint: 'Move the king from e2 to e4 in one go.' }],
          done: 'The king stepped two squares. An enemy pawn that could take on e3 could now capture it en passant, so the double step is not allowed when e3 is covered that way.',
        },
        {
          id: 'promoteking-king-en-passant',
          title: 'King en passant',
          text: 'Black has just played d7-d5, passing the white king on e5.',
          variant: 'promoteking',
          fen: '4k3/7p/8/3pK3/8/8/7P/8 w - d6 0 1 -,0',
          steps: [{ uci: 'e5d6', hint: 'Take the pawn en passant with the king: e5 to d6.' }],
          done: 'The king captured en passant, just like a pawn would: the pawn on d5 is gone.',
        },
        {
          id: 'promoteking-king-follows',
          title: 'The king follows its pawn',
          text: 'The white pawn on e3 has the king right behind it.',
          variant: 'promoteking',
          fen: '4k3/8/8/8/8/4P3/4K3/8 w - - 0 1 -,0',
          steps: [{ uci: 'e2e3', hint: 'Move the king from e2 to e3: the pawn steps to e4 and the king follows.' }],
          done: 'Pawn and king moved together in one move, written Ke3.',
        },
      ],
    },
    {
      heading: 'Vertical castling',
      paragraphs: [
        'A pawn that promotes to a rook of its own colour on the file of its unmoved king gives that rook castling rights. Later the king may castle vertically: it moves two squares towards the rook and the rook lands on the square the king crossed. It is written 0-0-0-0-0-0.',
      ],
      examples: [
        {
          id: 'promoteking-vertical-castling',
          title: 'Castle up the file',
          text: 'The white pawn on e7 stands on its king’s file.',
          variant: 'promoteking',
          fen: '8/4P3/k7/8/8/8/8/4K3 w U - 0 1 -,0',
          steps: [
            { uci: 'e7e8r', hint: 'Promote the pawn to a white rook.' },
            { uci: 'a6a5', accept: /^a6/, hint: 'Black: move the king, say to a5.' },
            { uci: 'e1e3', hint: 'Castle vertically: move the king from e1 to e3.' },
          ],
          done: 'The king went to e3 and the rook came down to e2: vertical castling.',
        },
      ],
    },
    {
      heading: 'Promotion into the other colour, and points',
      paragraphs: [
        'A pawn reaching the last rank may become a pawn, knight, bishop, rook or queen of either colour. A pawn of the other colour then moves the other way. The winner scores 1 point plus one for every promotion into the other colour made in the game by either player; a draw is half a point each.',
      ],
      examples: [
        {
          id: 'promoteking-other-colour',
          title: 'Give the opponent a pawn',
          text: 'The white pawn on b7 is about to promote.',
          variant: 'promoteking',
          fen: '7k/1P6/8/8/8/8/8/K7 w - - 0 1 -,0',
          steps: [{ uci: 'b7b8~p', accept: /^b7[abc]8~/, hint: 'Promote on b8 into a black piece, for example a black pawn.' }],
          done: 'One promotion into the other colour: the winner of this game would now score 2 points. A black pawn on b8 walks back down the board.',
        },
      ],
    },
  ],
};

export const RULES_PAGES: RulesPage[] = [EVOCHESS, ECHESS, PROMOTEKING];

export function rulesPageOf(variant: string): RulesPage | null {
  return RULES_PAGES.find((page) => page.variant === variant) ?? null;
}
