// The PGN of an analysed line: its variant, its start position when it is not the
// variant's own, and its moves numbered from that position.

export function linePgn(variant: string, startFen: string | null, sans: string[], variantStartFen?: string): string {
  const tags = [`[Event "Analysis"]`, `[Variant "${variant}"]`];
  const fen = startFen && startFen !== variantStartFen ? startFen : null;
  if (fen) tags.push(`[SetUp "1"]`, `[FEN "${fen}"]`);
  const fields = (fen ?? variantStartFen ?? '').split(' ');
  let number = Number(fields[5]) || 1;
  let black = fields[1] === 'b';
  const words: string[] = [];
  sans.forEach((san, index) => {
    if (!black) words.push(`${number}.`);
    else if (index === 0) words.push(`${number}...`);
    words.push(san);
    if (black) number += 1;
    black = !black;
  });
  words.push('*');
  return `${tags.join('\n')}\n\n${words.join(' ')}\n`;
}
