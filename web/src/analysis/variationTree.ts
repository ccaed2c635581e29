// The analysis board's moves as a tree (issue 23, item 10): a move tried from an earlier
// position branches off instead of replacing the line; each node may carry a comment. The
// first child of a node is its main line, the others its variations, as in PGN.

export interface TreeNode {
  uci: string; // '' for the root (the start position)
  san: string; // '' until the server has named the move
  comment: string;
  parent: TreeNode | null;
  children: TreeNode[];
}

export function newRoot(): TreeNode {
  return { uci: '', san: '', comment: '', parent: null, children: [] };
}

// The child reached by this move: the existing one, else a new one (a new main line when the
// node had none, else a variation after the others).
export function playFrom(node: TreeNode, uci: string): TreeNode {
  const known = node.children.find((child) => child.uci === uci);
  if (known) return known;
  const child: TreeNode = { uci, san: '', comment: '', parent: node, children: [] };
  node.children.push(child);
  return child;
}

// The node reached from the root by these moves, adding the missing ones.
export function follow(root: TreeNode, moves: string[]): TreeNode {
  return moves.reduce((node, uci) => playFrom(node, uci), root);
}

// The nodes from the root's first move to this one.
export function pathTo(node: TreeNode): TreeNode[] {
  const path: TreeNode[] = [];
  for (let at: TreeNode | null = node; at && at.parent; at = at.parent) path.unshift(at);
  return path;
}

// The moves to this node, then on along its main line: the line the board steps through.
export function lineThrough(node: TreeNode): string[] {
  const moves = pathTo(node).map((n) => n.uci);
  for (let at = node.children[0]; at; at = at.children[0]) moves.push(at.uci);
  return moves;
}

// Move numbers and sides from the start position's FEN (its side to move and move number).
export interface Numbering {
  firstNumber: number;
  blackFirst: boolean;
}

export function numberingOf(startFen: string): Numbering {
  const fields = startFen.split(' ');
  return { firstNumber: Number(fields[5]) || 1, blackFirst: fields[1] === 'b' };
}

// "12." before White's move, "12..." before Black's (when a number is needed there).
export function moveNumber(ply: number, numbering: Numbering, forBlack: '…' | '...'): { white: boolean; text: string } {
  const half = ply + (numbering.blackFirst ? 1 : 0);
  const number = numbering.firstNumber + Math.floor(half / 2);
  const white = half % 2 === 0;
  return { white, text: white ? `${number}.` : `${number}${forBlack}` };
}

// The tree's movetext in PGN: variations in parentheses, comments in braces, move numbers
// where PGN wants them (White's moves, and Black's after a variation or a comment).
export function treeMovetext(root: TreeNode, numbering: Numbering): string {
  const words: string[] = [];
  const comment = (node: TreeNode) => {
    const text = node.comment.replace(/[{}]/g, '').trim();
    if (text) words.push(`{${text}}`);
    return text.length > 0;
  };
  const line = (first: TreeNode, ply: number, numberFirst: boolean) => {
    let node: TreeNode | undefined = first;
    let needNumber = numberFirst;
    let at = ply;
    while (node) {
      const number = moveNumber(at, numbering, '...');
      if (number.white || needNumber) words.push(number.text);
      words.push(node.san || node.uci);
      needNumber = comment(node);
      const siblings: TreeNode[] = node.parent ? node.parent.children : [];
      if (siblings[0] === node && siblings.length > 1) {
        for (const variation of siblings.slice(1)) {
          words.push('(');
          line(variation, at, true);
          words.push(')');
        }
        needNumber = true;
      }
      node = node.children[0];
      at += 1;
    }
  };
  if (root.comment.trim()) comment(root);
  if (root.children[0]) line(root.children[0], 0, true);
  // "( x )" written as "(x)".
  return words.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}
