// The variation tree drawn as lichess does: the main line's moves in a flow, each variation
// in parentheses on its own indented block after the move it replaces, comments after their
// moves; a click on any move goes there.
import { moveNumber, type Numbering, type TreeNode } from './variationTree';

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

export function renderTree(
  list: HTMLOListElement,
  root: TreeNode,
  current: TreeNode,
  numbering: Numbering,
  onSelect: (node: TreeNode) => void,
): void {
  const item = document.createElement('li');
  item.className = 'variation-tree';
  const line = (container: HTMLElement, first: TreeNode, ply: number, numberFirst: boolean) => {
    let node: TreeNode | undefined = first;
    let needNumber = numberFirst;
    let at = ply;
    while (node) {
      const number = moveNumber(at, numbering, '…');
      if (number.white || needNumber) container.append(span('move-number', number.text));
      const target: TreeNode = node;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = node === current ? 'move selected' : 'move';
      button.textContent = node.san || node.uci;
      button.dataset.ply = String(at);
      button.dataset.uci = node.uci;
      button.addEventListener('click', () => onSelect(target));
      container.append(button);
      needNumber = false;
      if (node.comment.trim()) {
        container.append(span('move-comment', node.comment.trim()));
        needNumber = true;
      }
      const siblings: TreeNode[] = node.parent ? node.parent.children : [];
      if (siblings[0] === node && siblings.length > 1) {
        for (const variation of siblings.slice(1)) {
          const block = document.createElement('div');
          block.className = 'variation';
          line(block, variation, at, true);
          container.append(block);
        }
        needNumber = true;
      }
      node = node.children[0];
      at += 1;
    }
  };
  if (root.children[0]) line(item, root.children[0], 0, true);
  list.replaceChildren(item);
  const selected = list.querySelector<HTMLElement>('button.move.selected');
  if (selected) {
    const top = selected.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - selected.offsetHeight)
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}
