// The variants' display names as the server lists them (/api/info), for every page that names a
// variant. Its own module so that the new-game dialog (which fills it) and the pages that read it
// (the rules page among them, which the dialog links to) do not import one another.
import type { Variant, VariantInfo } from './api';

const VARIANT_TITLES = new Map<Variant, string>();

export function rememberVariantTitles(variants: VariantInfo[]): void {
  for (const v of variants) VARIANT_TITLES.set(v.name, v.display_name || v.name);
}

export const variantTitle = (variant: Variant) => VARIANT_TITLES.get(variant) ?? variant;
