// The review's evaluation graph: White's winning chances after every move (one point per
// move), the marked moves in their colours, the position shown as a line; a click views the
// move nearest to it.
import type { EngineScore } from '../api';
import { formatScore } from '../enginePanel';
import { winningChances, type Judgement } from './moveJudgement';

const WIDTH = 600;
const HEIGHT = 150;
const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

export interface GraphData {
  // Scores of positions 0..N: the start and after each move, as far as reviewed.
  scores: EngineScore[];
  judgements: (Judgement | null)[];
  // Moves in the game (N).
  moves: number;
  // The move shown (index into the history), or null for the last.
  selected: number | null;
}

// x of position `ply` (0 = start, N = after the last move).
const xOf = (ply: number, moves: number) => (moves === 0 ? 0 : (ply / moves) * WIDTH);
const yOf = (score: EngineScore) => ((1 - winningChances(score)) / 2) * HEIGHT;

export function renderEvalGraph(container: HTMLElement, data: GraphData, onSelect: (ply: number) => void): void {
  container.replaceChildren();
  const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'eval-graph', role: 'img' });
  root.setAttribute('aria-label', 'Evaluation after each move: up is good for White; click to view a move');
  root.append(svg('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'graph-background' }));
  const { scores, moves } = data;
  if (scores.length > 0) {
    const points = scores.map((score, ply) => `${xOf(ply, moves).toFixed(1)},${yOf(score).toFixed(1)}`);
    const lastX = xOf(scores.length - 1, moves).toFixed(1);
    root.append(svg('path', { d: `M0,${HEIGHT} L${points.join(' L')} L${lastX},${HEIGHT} Z`, class: 'graph-area' }));
    root.append(svg('polyline', { points: points.join(' '), class: 'graph-line' }));
  }
  root.append(svg('line', { x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, class: 'graph-midline' }));
  const selected = data.selected ?? moves - 1;
  if (moves > 0 && selected >= 0) {
    const x = xOf(selected + 1, moves);
    root.append(svg('line', { x1: x, x2: x, y1: 0, y2: HEIGHT, class: 'graph-cursor' }));
  }
  // One point per move: the position after it.
  for (let ply = 0; ply + 1 < scores.length; ply++) {
    const judgement = data.judgements[ply] ?? null;
    const point = svg('circle', {
      cx: xOf(ply + 1, moves).toFixed(1),
      cy: yOf(scores[ply + 1]).toFixed(1),
      r: judgement ? 5 : 2.5,
      class: `graph-point${judgement ? ` mark-${judgement}` : ''}`,
      'data-ply': ply,
    });
    const title = svg('title', {});
    title.textContent = `move ${ply + 1}: ${formatScore(scores[ply + 1])}${judgement ? `, ${judgement}` : ''}`;
    point.append(title);
    root.append(point);
  }
  root.addEventListener('click', (event) => {
    if (moves === 0) return;
    const box = root.getBoundingClientRect();
    const ratio = (event.clientX - box.left) / box.width;
    const ply = Math.min(moves, Math.max(1, Math.round(ratio * moves)));
    onSelect(ply - 1);
  });
  container.append(root);
}
