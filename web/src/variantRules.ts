// What the server says of each variant's rules (/api/info): its evolution rights with N and
// K, its king powers and promotions. Texts for players (the rules page, the promotion
// picker's notes) follow these, not the name, so that a variant read from a file is told by
// its own rules.
import type { Variant, VariantInfo } from './api';

const VARIANTS = new Map<Variant, VariantInfo>();

export const BUILT_IN_VARIANTS: readonly Variant[] = ['chess', 'evochess', 'echess', 'promoteking'];

export function rememberVariants(variants: VariantInfo[]): void {
  for (const v of variants) VARIANTS.set(v.name, v);
}

export const variantInfo = (variant: Variant): VariantInfo | null => VARIANTS.get(variant) ?? null;
export const variantsInfo = (): VariantInfo[] => [...VARIANTS.values()];

export type RulesFamily = 'chess' | 'evochess' | 'echess' | 'promoteking';

// The built-in game this variant plays like: EvoChess (rights kept), EChess (rights expire),
// Promote King Chess (a king or a promotion beyond chess's), or chess.
export function rulesFamilyOf(variant: Variant): RulesFamily | null {
  if ((BUILT_IN_VARIANTS as string[]).includes(variant)) return variant as RulesFamily;
  const info = VARIANTS.get(variant);
  if (!info) return null;
  if (info.evolution) return info.evolution.rights === 'kept' ? 'evochess' : 'echess';
  const rules = info.rules;
  if (!rules) return 'chess';
  const beyondChess =
    rules.king_becomes_cthulhu ||
    rules.king_double_step ||
    rules.king_en_passant ||
    rules.king_follows_pawn ||
    rules.vertical_castling ||
    rules.promotion_either_color ||
    rules.scores_points;
  return beyondChess ? 'promoteking' : 'chess';
}

// What choosing no promotion means, in one line; null when there is nothing to tell.
export function declineNote(variant: Variant): string | null {
  const info = VARIANTS.get(variant);
  const family = rulesFamilyOf(variant);
  const name = info?.display_name || variant;
  if (family === 'evochess') return `No promotion: you keep your rights for a later move (in ${name} they never expire).`;
  if (family === 'echess') return `No promotion: the right is lost (in ${name} a right must be used in the move that earns it).`;
  const keepsPawn = info?.rules ? info.rules.promotion_pieces.includes('p') : family === 'promoteking';
  return keepsPawn ? 'Keeping the pawn leaves it on the last rank, where it can never move forward again.' : null;
}

// What a promotion into the other colour does; null when the variant has none.
export function otherColourNote(variant: Variant): string | null {
  const rules = VARIANTS.get(variant)?.rules;
  if (!rules?.promotion_either_color) return null;
  const points = rules.scores_points ? " Each such promotion, by either player, adds a point to the winner's score." : '';
  return `A piece of the other colour joins your opponent's army.${points}`;
}
