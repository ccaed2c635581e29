// The analysis board's variation trees kept in the browser (localStorage), so that a reload
// or a later visit finds the moves tried and their comments again: one tree per game
// analysed, and one per variant and start position for a board opened without a game. Only
// the most recently used trees are kept.
import { newRoot, type TreeNode } from './variationTree';

const KEY_PREFIX = 'evochess.analysis.';
const INDEX_KEY = 'evochess.analysis-index';
export const TREES_KEPT = 40;
// A tree larger than this is not one the board made: it is not read.
const MOST_NODES = 20000;

// The tree's name in storage: its game's, else its variant's and start position's.
export function treeKey(address: { variant: string; startFen: string | null; game: number | null }): string {
  if (address.game !== null) return `${KEY_PREFIX}game.${address.game}`;
  return `${KEY_PREFIX}${address.variant}.${address.startFen ?? ''}`;
}

// Stored flat, so that neither writing nor reading a long line nests: the root's comment, then
// every other node as [its parent's place (0 the root, i + 1 the i-th node), move, name,
// comment], parents before children and children in their order.
type StoredNode = [number, string, string, string];
interface StoredTree {
  comment: string;
  nodes: StoredNode[];
}

export function serializeTree(root: TreeNode): string {
  const nodes: StoredNode[] = [];
  const places = new Map<TreeNode, number>([[root, 0]]);
  const queue: TreeNode[] = [root];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i];
    for (const child of node.children) {
      nodes.push([places.get(node)!, child.uci, child.san, child.comment]);
      places.set(child, nodes.length);
      queue.push(child);
    }
  }
  const stored: StoredTree = { comment: root.comment, nodes };
  return JSON.stringify(stored);
}

const isStoredNode = (v: unknown): v is StoredNode =>
  Array.isArray(v) &&
  v.length === 4 &&
  Number.isInteger(v[0]) &&
  typeof v[1] === 'string' &&
  /^\S{2,16}$/.test(v[1]) &&
  typeof v[2] === 'string' &&
  typeof v[3] === 'string';

// The tree this text holds, or null when it is not one (damaged, or written by something else).
export function parseTree(text: string): TreeNode | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { comment, nodes } = value as Partial<StoredTree>;
  if (typeof comment !== 'string' || !Array.isArray(nodes) || nodes.length > MOST_NODES) return null;
  const root = newRoot();
  root.comment = comment;
  const made: TreeNode[] = [root];
  for (const stored of nodes as unknown[]) {
    if (!isStoredNode(stored)) return null;
    const [place, uci, san, note] = stored;
    // A parent stored later, or a move twice from one position: not a tree the board made.
    const parent = place >= 0 && place < made.length ? made[place] : undefined;
    if (!parent || parent.children.some((c) => c.uci === uci)) return null;
    const node: TreeNode = { uci, san, comment: note, parent, children: [] };
    parent.children.push(node);
    made.push(node);
  }
  return root;
}

// The storage the trees are kept in: the browser's, when it has one that works.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// The tree kept under this key, else null.
export function loadTree(key: string, store: Storage | null = storage()): TreeNode | null {
  const text = store?.getItem(key);
  return text ? parseTree(text) : null;
}

// Keeps the tree under this key (an empty tree is not kept) and forgets the least recently
// kept trees past TREES_KEPT. A full storage keeps the trees it had: nothing is thrown.
export function saveTree(key: string, root: TreeNode, store: Storage | null = storage()): void {
  if (!store) return;
  const empty = root.children.length === 0 && !root.comment;
  try {
    const index = readIndex(store).filter((k) => k !== key);
    if (empty) {
      store.removeItem(key);
    } else {
      store.setItem(key, serializeTree(root));
      index.push(key);
    }
    for (const old of index.splice(0, Math.max(0, index.length - TREES_KEPT))) store.removeItem(old);
    store.setItem(INDEX_KEY, JSON.stringify(index));
  } catch {
    // Over quota: the tree stays on the page until it is closed.
  }
}

function readIndex(store: Storage): string[] {
  try {
    const value = JSON.parse(store.getItem(INDEX_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string' && k.startsWith(KEY_PREFIX)) : [];
  } catch {
    return [];
  }
}

// Forgets the tree under this key (its game was deleted).
export function forgetTree(key: string, store: Storage | null = storage()): void {
  saveTree(key, newRoot(), store);
}
