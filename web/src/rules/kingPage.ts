// The rules page of a variant without evolution: Promote King Chess and the chess-based
// variants read from a file. Each section and sentence is there when the variant's rules have
// it (Cthulhu, the king's steps, vertical castling, promotion choices, colours and points);
// every example is a position under the variant's own rules.
import type { Variant, VariantRuleFields } from '../api';
import type { RuleExample, RulesPage } from './pageParts';
import { capitalise, list, pieceName } from './words';

export interface KingFacts {
  variant: Variant;
  name: string; // as shown to players
  rules: VariantRuleFields;
}

// A FEN's seventh field (RULES 5.1) when the variant keeps the Promote King state.
function promoteKingState(rules: VariantRuleFields, state = '-,0'): string {
  const kept = rules.king_becomes_cthulhu || rules.promotion_either_color || rules.draws_won_by_first_king_promoter || rules.scores_points;
  return kept ? ` ${state}` : '';
}

function cthulhuSections(facts: KingFacts): RulesPage['sections'] {
  const { variant, rules } = facts;
  const draws = rules.draws_won_by_first_king_promoter
    ? ' Whoever promotes a king first also wins what would otherwise be a draw (stalemate, repetition and the like, but not a draw by agreement).'
    : '';
  return [
    {
      puzzleTheme: 'cthulhu',
      heading: 'Cthulhu',
      paragraphs: [
        'A king that reaches the far rank becomes Cthulhu at once. Cthulhu is royal: it can be checked and mated like a king. It moves like a queen, like a knight, or leaps exactly two squares in any direction to an empty square, jumping over whatever is in between. The leap never captures.',
      ],
      examples: [
        {
          id: `${variant}-cthulhu-born`,
          title: 'The king becomes Cthulhu',
          text: 'The white king is one step from the last rank.',
          variant,
          fen: `8/1K5p/8/8/8/8/7P/k7 w - - 0 1${promoteKingState(rules)}`,
          steps: [{ uci: 'b7b8', accept: /^b7[abc]8$/, hint: 'Step the king onto the eighth rank.' }],
          done: `The king became Cthulhu.${draws}`,
        },
        {
          id: `${variant}-cthulhu-leap`,
          title: 'The two-square leap',
          text: 'Cthulhu on d4, its own pawn on e5.',
          variant,
          fen: `k7/8/8/4P3/3C4/8/8/8 w - - 0 1${promoteKingState(rules, 'w,0')}`,
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
          id: `${variant}-no-passing-check`,
          title: 'Around the rook',
          text: 'The black rook on e8 watches the e-file. Cthulhu on d1 may not go to g4 or h5: it would cross e2, where the rook checks it. Try it: the board does not offer g4. The leap to f3 crosses nothing.',
          variant,
          fen: `k3r3/8/8/8/8/8/8/3C4 w - - 0 1${promoteKingState(rules, 'w,0')}`,
          steps: [{ uci: 'd1f3', hint: 'Leap from d1 to f3.' }],
          done: 'The leap is allowed even though e2 is covered, and on f3 Cthulhu gives check along the long diagonal.',
        },
      ],
    },
  ];
}

function kingSection(facts: KingFacts): RulesPage['sections'][number] | null {
  const { variant, rules } = facts;
  const tail = promoteKingState(rules);
  const paragraphs: string[] = [];
  const examples: RuleExample[] = [];
  const unpromoted = rules.king_becomes_cthulhu ? 'A king that has not become Cthulhu, standing' : 'A king standing';
  if (rules.king_double_step) {
    paragraphs.push(`${unpromoted} on its second rank, may step two squares straight forward over an empty square, as a pawn does.`);
    examples.push({
      id: `${variant}-king-double-step`,
      title: 'King double step',
      text: 'The white king stands on e2, its second rank.',
      variant,
      fen: `4k3/7p/8/8/8/8/4K2P/8 w - - 0 1${tail}`,
      steps: [{ uci: 'e2e4', hint: 'Move the king from e2 to e4 in one go.' }],
      done: 'The king stepped two squares. An enemy pawn that could take on e3 could now capture it en passant, so the double step is not allowed when e3 is covered that way.',
    });
  }
  if (rules.king_en_passant) {
    paragraphs.push(`${rules.king_double_step ? 'It may also' : 'A king may'} capture en passant like a pawn.`);
    examples.push({
      id: `${variant}-king-en-passant`,
      title: 'King en passant',
      text: 'Black has just played d7-d5, passing the white king on e5.',
      variant,
      fen: `4k3/7p/8/3pK3/8/8/7P/8 w - d6 0 1${tail}`,
      steps: [{ uci: 'e5d6', hint: 'Take the pawn en passant with the king: e5 to d6.' }],
      done: 'The king captured en passant, just like a pawn would: the pawn on d5 is gone.',
    });
  }
  if (rules.king_follows_pawn) {
    paragraphs.push('When a pawn steps one square forward, the king right behind it may follow it in the same move.');
    examples.push({
      id: `${variant}-king-follows`,
      title: 'The king follows its pawn',
      text: 'The white pawn on e3 has the king right behind it.',
      variant,
      fen: `4k3/8/8/8/8/4P3/4K3/8 w - - 0 1${tail}`,
      steps: [{ uci: 'e2e3', hint: 'Move the king from e2 to e3: the pawn steps to e4 and the king follows.' }],
      done: 'Pawn and king moved together in one move, written Ke3.',
    });
  }
  return paragraphs.length ? { heading: 'What a king can do', paragraphs: [paragraphs.join(' ')], examples } : null;
}

function verticalCastlingSection(facts: KingFacts): RulesPage['sections'][number] | null {
  const { variant, rules } = facts;
  if (!rules.vertical_castling || !rules.promotion_pieces.includes('r')) return null;
  return {
    heading: 'Vertical castling',
    paragraphs: [
      'A pawn that promotes to a rook of its own colour on the file of its unmoved king gives that rook castling rights. Later the king may castle vertically: it moves two squares towards the rook and the rook lands on the square the king crossed. It is written 0-0-0-0-0-0.',
    ],
    examples: [
      {
        id: `${variant}-vertical-castling`,
        title: 'Castle up the file',
        text: 'The white pawn on e7 stands on its king’s file.',
        variant,
        fen: `8/4P3/k7/8/8/8/8/4K3 w U - 0 1${promoteKingState(rules)}`,
        steps: [
          { uci: 'e7e8r', hint: 'Promote the pawn to a white rook.' },
          { uci: 'a6a5', accept: /^a6/, hint: 'Black: move the king, say to a5.' },
          { uci: 'e1e3', hint: 'Castle vertically: move the king from e1 to e3.' },
        ],
        done: 'The king went to e3 and the rook came down to e2: vertical castling.',
      },
    ],
  };
}

function promotionSection(facts: KingFacts): RulesPage['sections'][number] {
  const { variant, rules } = facts;
  const letters = [...rules.promotion_pieces];
  const keepsPawn = letters.includes('p');
  const fen = `7k/1P6/8/8/8/8/8/K7 w - - 0 1${promoteKingState(rules)}`;
  if (!rules.promotion_either_color) {
    const pieces = list(letters.filter((l) => l !== 'p').map(pieceName));
    const first = letters.find((l) => l !== 'p') ?? 'p';
    return {
      puzzleTheme: 'promotion',
      heading: 'Promotion',
      paragraphs: [
        `A pawn reaching the last rank may become a ${pieces}${keepsPawn ? ', or stay a pawn (a pawn on the last rank can never move forward again)' : ''}.`,
      ],
      examples: [
        {
          id: `${variant}-promotion`,
          title: 'Promote a pawn',
          text: 'The white pawn on b7 is about to promote.',
          variant,
          fen,
          steps: [
            { uci: `b7b8${first}`, accept: /^b7[abc]8/, hint: 'Move the pawn to b8 and pick what it becomes in the promotion picker.' },
          ],
          done: 'The pawn was promoted: it became what you picked.',
        },
      ],
    };
  }
  const given = keepsPawn ? 'p' : letters[0];
  const points = rules.scores_points
    ? ' The winner scores 1 point plus one for every promotion into the other colour made in the game by either player; a draw is half a point each.'
    : '';
  return {
    puzzleTheme: 'otherColourPromotion',
    heading: rules.scores_points ? 'Promotion into the other colour, and points' : 'Promotion into the other colour',
    paragraphs: [
      `A pawn reaching the last rank may become a ${list(letters.map(pieceName))} of either colour.${keepsPawn ? ' A pawn of the other colour then moves the other way.' : ''}${points}`,
    ],
    examples: [
      {
        id: `${variant}-other-colour`,
        title: `Give the opponent a ${pieceName(given)}`,
        text: 'The white pawn on b7 is about to promote.',
        variant,
        fen,
        steps: [
          {
            uci: `b7b8~${given}`,
            accept: /^b7[abc]8~/,
            hint: `Promote on b8 into a black piece, for example a black ${pieceName(given)}.`,
          },
        ],
        done: `One promotion into the other colour${rules.scores_points ? ': the winner of this game would now score 2 points' : ''}.${given === 'p' ? ' A black pawn on b8 walks back down the board.' : ''}`,
      },
    ],
  };
}

function intro(facts: KingFacts): string {
  const { name, rules } = facts;
  const parts: string[] = [];
  if (rules.king_becomes_cthulhu) parts.push('a king reaching the last rank becomes Cthulhu, a mighty royal piece');
  const powers = [
    rules.king_double_step && 'step twice',
    rules.king_en_passant && 'capture en passant',
    rules.king_follows_pawn && 'follow their pawns',
  ].filter((power): power is string => !!power);
  if (powers.length) parts.push(`kings can ${list(powers, 'and')}`);
  if (rules.vertical_castling) parts.push('a king may castle vertically with a rook promoted on its file');
  if (rules.promotion_either_color)
    parts.push(
      `pawns may promote into pieces of either colour${rules.scores_points ? ', and the winner scores extra points for each such promotion' : ''}`,
    );
  else if (rules.promotion_pieces.includes('p')) parts.push('a pawn reaching the last rank may stay a pawn');
  if (!rules.ordinary_castling) parts.push('there is no ordinary castling');
  if (rules.king_becomes_cthulhu) return `${name} is chess where the king can promote too. ${capitalise(parts.join('; '))}.`;
  return `${name} is played as in chess${parts.length ? `, except that ${parts.join('; ')}` : ''}.`;
}

export function kingPage(facts: KingFacts): RulesPage {
  const sections = [
    ...(facts.rules.king_becomes_cthulhu ? cthulhuSections(facts) : []),
    kingSection(facts),
    verticalCastlingSection(facts),
    promotionSection(facts),
  ].filter((section): section is RulesPage['sections'][number] => section !== null);
  return { variant: facts.variant, title: `How to play ${facts.name}`, intro: intro(facts), sections };
}
