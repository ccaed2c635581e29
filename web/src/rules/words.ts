// Numbers and lists in words, for the rules pages' sentences made from a variant's data.
const CARDINALS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

export const cardinal = (n: number): string => CARDINALS[n] ?? String(n);

export function ordinal(n: number): string {
  if (ORDINALS[n]) return ORDINALS[n];
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

// "no pawn moves", "one pawn move", "three pawn moves".
export const count = (n: number, noun: string): string => `${cardinal(n)} ${noun}${n === 1 ? '' : 's'}`;

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

// "a, b or c".
export function list(items: string[], last = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

const PIECE_NAMES: Record<string, string> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen' };
export const pieceName = (letter: string): string => PIECE_NAMES[letter] ?? letter;
