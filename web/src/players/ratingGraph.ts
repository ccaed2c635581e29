// A small rating graph as inline SVG, built with DOM calls (the page's CSP allows no inline
// markup or styles): the ratings after each rated game, left to right, on a scale that fits them.

export interface GraphBox {
  width: number;
  height: number;
  padding: number; // around the line, so that its dots and labels fit
}

export interface ScaledGraph {
  points: { x: number; y: number }[];
  low: number; // the rating at the bottom edge of the line's band
  high: number; // at the top
}

// The least span of ratings a graph shows, so that a few points of change do not look like a cliff.
export const MIN_SPAN = 100;

// Where each rating goes in the box: evenly apart in x, higher ratings higher (smaller y); a
// span under MIN_SPAN is widened about its middle; one rating sits in the middle.
export function scaleRatingGraph(ratings: readonly number[], box: GraphBox): ScaledGraph {
  if (ratings.length === 0) return { points: [], low: 0, high: 0 };
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < MIN_SPAN) {
    const middle = (low + high) / 2;
    low = middle - MIN_SPAN / 2;
    high = middle + MIN_SPAN / 2;
  }
  const innerWidth = box.width - 2 * box.padding;
  const innerHeight = box.height - 2 * box.padding;
  const points = ratings.map((rating, i) => ({
    x: box.padding + (ratings.length === 1 ? innerWidth / 2 : (innerWidth * i) / (ratings.length - 1)),
    y: box.padding + (innerHeight * (high - rating)) / (high - low),
  }));
  return { points, low, high };
}

const SVG = 'http://www.w3.org/2000/svg';
const BOX: GraphBox = { width: 320, height: 110, padding: 14 };

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

const round = (n: number) => Math.round(n * 10) / 10;

// The graph of these ratings (oldest first), described for a screen reader by `label`.
export function ratingGraph(ratings: readonly number[], label: string): SVGSVGElement {
  const graph = svg('svg', { viewBox: `0 0 ${BOX.width} ${BOX.height}`, class: 'rating-graph', role: 'img', 'aria-label': label });
  const { points, low, high } = scaleRatingGraph(ratings, BOX);
  const top = BOX.padding;
  const bottom = BOX.height - BOX.padding;
  for (const [y, value] of [
    [top, high],
    [bottom, low],
  ]) {
    graph.append(svg('line', { x1: 0, x2: BOX.width, y1: y, y2: y, class: 'rating-graph-rule' }));
    const text = svg('text', { x: 2, y: y === top ? y - 3 : y + 12, class: 'rating-graph-label' });
    text.textContent = String(Math.round(value));
    graph.append(text);
  }
  graph.append(svg('polyline', { points: points.map((p) => `${round(p.x)},${round(p.y)}`).join(' '), class: 'rating-graph-line' }));
  points.forEach((p, i) => {
    const dot = svg('circle', { cx: round(p.x), cy: round(p.y), r: 3, class: 'rating-graph-dot' });
    const title = svg('title', {});
    title.textContent = i === 0 ? `${Math.round(ratings[i])} at the start` : `${Math.round(ratings[i])} after game ${i}`;
    dot.append(title);
    graph.append(dot);
  });
  return graph;
}
