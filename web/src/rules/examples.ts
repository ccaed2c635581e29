// The rules pages' words and example positions, written for players. Each example is a FEN
// with the moves to try; the rules engine of the server judges every move played on it. Every
// page is made from its variant's data (/api/info), so that a variant read from a file has a
// page with its own numbers and rules.
import type { Variant } from '../api';
import { rulesFamilyOf, variantInfo, variantsInfo } from '../variantRules';
import { evolutionPage } from './evolutionPage';
import { kingPage } from './kingPage';
import type { RulesPage } from './pageParts';

// The built-in games' pages, offered as tabs on every rules page. Chess has none of its own.
export const RULES_TABS: readonly Variant[] = ['evochess', 'echess', 'promoteking'];

// The variant's rules page, or null for chess and variants the server does not know.
export function rulesPageOf(variant: string): RulesPage | null {
  const info = variantInfo(variant);
  const family = rulesFamilyOf(variant);
  if (!info || !family || variant === 'chess') return null;
  const name = info.display_name || variant;
  if (info.evolution) {
    const { minor_right_pawn_moves: n, rook_right_captures: k } = info.evolution;
    const kept = info.evolution.rights === 'kept';
    // An expiring variant is compared with one whose rights are kept and whose N and K are its own.
    const twin = kept
      ? undefined
      : variantsInfo().find(
          (v) => v.evolution?.rights === 'kept' && v.evolution.minor_right_pawn_moves === n && v.evolution.rook_right_captures === k,
        );
    return evolutionPage({
      variant,
      name,
      n,
      k,
      rightsKept: kept,
      directRook: info.rules?.direct_rook_promotion ?? family === 'echess',
      castling: info.rules?.ordinary_castling ?? false,
      kingsAndPawns: /^[kpKP1-8/]+$/.test(info.start_fen.split(' ')[0]),
      keptTwin: twin ? { variant: twin.name, name: twin.display_name || twin.name } : null,
    });
  }
  return info.rules ? kingPage({ variant, name, rules: info.rules }) : null;
}
