// The PGN of the analysis board: its variant, its start position when it is not the
// variant's own, and its moves numbered from that position, variations and comments included.
import { numberingOf, treeMovetext, type TreeNode } from './variationTree';

export function treePgn(variant: string, startFen: string | null, root: TreeNode, variantStartFen?: string): string {
  const tags = [`[Event "Analysis"]`, `[Variant "${variant}"]`];
  const fen = startFen && startFen !== variantStartFen ? startFen : null;
  if (fen) tags.push(`[SetUp "1"]`, `[FEN "${fen}"]`);
  const movetext = treeMovetext(root, numberingOf(fen ?? variantStartFen ?? ''));
  return `${tags.join('\n')}\n\n${movetext ? `${movetext} ` : ''}*\n`;
}
