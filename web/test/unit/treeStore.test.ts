// The analysis board's trees kept in the browser (src/analysis/treeStore.ts): what is kept
// comes back whole, damaged text is not read, and only the most recent trees are kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forgetTree, loadTree, parseTree, saveTree, serializeTree, treeKey, TREES_KEPT } from '../../src/analysis/treeStore.ts';
import { follow, newRoot, treeMovetext, numberingOf, type TreeNode } from '../../src/analysis/variationTree.ts';

// localStorage's interface over a Map; `room` characters at most, as a full storage refuses.
function memoryStorage(room = Infinity): Storage {
  const items = new Map<string, string>();
  const used = () => [...items].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (used() - (items.get(k)?.length ?? 0) + v.length > room) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}

function sampleTree(): TreeNode {
  const root = newRoot();
  const e5 = follow(root, ['e2e4', 'e7e5']);
  follow(e5, ['g1f3', 'b8c6']);
  const d4 = follow(e5, ['d2d4']);
  d4.comment = 'the centre game';
  follow(e5, ['f1c4']);
  for (const [node, san] of [
    [root.children[0], 'e4'],
    [e5, 'e5'],
    [e5.children[0], 'Nf3'],
    [e5.children[0].children[0], 'Nc6'],
    [d4, 'd4'],
    [e5.children[2], 'Bc4'],
  ] as const)
    node.san = san;
  return root;
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('a tree comes back with its variations, names and comments', () => {
  const root = sampleTree();
  const back = parseTree(serializeTree(root));
  assert.ok(back);
  assert.equal(treeMovetext(back, numberingOf(START)), treeMovetext(root, numberingOf(START)));
  assert.equal(treeMovetext(back, numberingOf(START)), '1. e4 e5 2. Nf3 (2. d4 {the centre game}) (2. Bc4) 2... Nc6');
  assert.equal(back.children[0].children[0].parent, back.children[0], 'parents are linked again');
});

test('text that is not a tree is not read', () => {
  for (const text of [
    '',
    'not json',
    'null',
    '[]',
    '{"comment":""}',
    '{"comment":7,"nodes":[]}',
    '{"comment":"","nodes":[[0,5,"",""]]}',
    '{"comment":"","nodes":[[1,"e2e4","",""]]}', // its parent comes later
    '{"comment":"","nodes":[[-1,"e2e4","",""]]}',
    '{"comment":"","nodes":[[0,"e2e4","",""],[0,"e2e4","",""]]}', // the same move twice
    '{"comment":"","nodes":[[0,"has space","",""]]}',
    '{"comment":"","nodes":[[0,"e2e4",""]]}',
  ])
    assert.equal(parseTree(text), null, text);
});

test('a very long line is written and read without nesting', () => {
  const root = newRoot();
  follow(
    root,
    Array.from({ length: 5000 }, (_, i) => (i % 2 ? 'g8f6' : 'g1f3')),
  );
  const back = parseTree(serializeTree(root));
  let depth = 0;
  for (let at = back?.children[0]; at; at = at.children[0]) depth += 1;
  assert.equal(depth, 5000);
});

test('a game has its own tree; a board without a game has one per variant and start', () => {
  assert.notEqual(treeKey({ variant: 'chess', startFen: null, game: 3 }), treeKey({ variant: 'chess', startFen: null, game: 4 }));
  assert.notEqual(treeKey({ variant: 'chess', startFen: null, game: null }), treeKey({ variant: 'evochess', startFen: null, game: null }));
  assert.notEqual(treeKey({ variant: 'chess', startFen: null, game: null }), treeKey({ variant: 'chess', startFen: START, game: null }));
});

test('saved and loaded; an empty tree or a forgotten one is not kept; the oldest go past the limit', () => {
  const store = memoryStorage();
  const key = treeKey({ variant: 'chess', startFen: null, game: 1 });
  saveTree(key, sampleTree(), store);
  assert.equal(treeMovetext(loadTree(key, store)!, numberingOf(START)), treeMovetext(sampleTree(), numberingOf(START)));
  forgetTree(key, store);
  assert.equal(loadTree(key, store), null);
  saveTree(key, newRoot(), store);
  assert.equal(store.getItem(key), null, 'nothing tried, nothing kept');

  for (let game = 1; game <= TREES_KEPT + 5; game += 1) saveTree(treeKey({ variant: 'chess', startFen: null, game }), sampleTree(), store);
  assert.equal(loadTree(treeKey({ variant: 'chess', startFen: null, game: 5 }), store), null, 'among the oldest');
  assert.ok(loadTree(treeKey({ variant: 'chess', startFen: null, game: 6 }), store));
  // Saving an old one again makes it the most recent.
  saveTree(treeKey({ variant: 'chess', startFen: null, game: 6 }), sampleTree(), store);
  saveTree(treeKey({ variant: 'chess', startFen: null, game: 100 }), sampleTree(), store);
  assert.ok(loadTree(treeKey({ variant: 'chess', startFen: null, game: 6 }), store));
  assert.equal(loadTree(treeKey({ variant: 'chess', startFen: null, game: 7 }), store), null);
});

test('a full storage keeps what it had and throws nothing', () => {
  const store = memoryStorage(600);
  const key = treeKey({ variant: 'chess', startFen: null, game: 1 });
  const big = newRoot();
  follow(big, ['e2e4']).comment = 'x'.repeat(1000);
  assert.doesNotThrow(() => saveTree(key, big, store));
  assert.equal(loadTree(key, store), null);
});
