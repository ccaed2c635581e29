// What the server says of each variant's rules (/api/info): its evolution rights. Texts for
// players (the rules page to open, the promotion picker's note) follow these, not the name,
// so that a variant read from a file is told by the built-in game it plays like.
import type { ServerInfo, Variant, VariantEvolution } from './api';

const EVOLUTION = new Map<Variant, VariantEvolution | null>();

export function rememberVariants(variants: ServerInfo['variants']): void {
  for (const v of variants) EVOLUTION.set(v.name, v.evolution ?? null);
}

// The built-in game whose rules this variant's rights follow: EvoChess (kept), EChess
// (expire), or the variant itself.
export function rulesFamilyOf(variant: Variant): Variant {
  const evolution = EVOLUTION.get(variant);
  if (variant === 'evochess' || variant === 'echess' || !evolution) return variant;
  return evolution.rights === 'kept' ? 'evochess' : 'echess';
}
