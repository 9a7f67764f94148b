/**
 * Betweenness centrality by Brandes' algorithm over an unweighted directed graph, exact (every
 * node a source) or sampled (k pivot sources, scaled by n/k). Normalised like networkx for
 * directed graphs: divided by (n-1)(n-2), the number of ordered pairs a node could lie between.
 */
import { type Adjacency, adjacency } from './adjacency.js';
import type { Indexed } from './indexed.js';

export function brandes(graph: Indexed, sources?: readonly number[]): Float64Array {
  return brandesOver(adjacency(graph.out), adjacency(graph.in), sources);
}

/**
 * Each source's shortest-path predecessors are recorded as its BFS finds them, in the slots of
 * the node's in-edges, so that the backward pass reads those only instead of every in-neighbour;
 * and only the nodes a BFS reached are reset. Each node's delta still receives its successors'
 * shares in the same (stack) order, so the sums, and the scores, are the same to the last bit.
 */
function brandesOver(out: Adjacency, inward: Adjacency, sources?: readonly number[]): Float64Array {
  const n = out.start.length - 1;
  const score = new Float64Array(n);
  const sigma = new Float64Array(n);
  const dist = new Int32Array(n).fill(-1);
  const delta = new Float64Array(n);
  const stack = new Int32Array(n);
  const preds = new Int32Array(inward.target.length);
  const predEnd = new Int32Array(n);
  const all = sources ?? Array.from({ length: n }, (_, i) => i);
  for (const s of all) {
    sigma[s] = 1;
    dist[s] = 0;
    predEnd[s] = inward.start[s]!;
    // The stack is the BFS queue too: nodes are pushed in visiting order and read from `head`.
    let head = 0;
    let top = 0;
    stack[top++] = s;
    while (head < top) {
      const v = stack[head++]!;
      const next = dist[v]! + 1;
      for (let k = out.start[v]!, end = out.start[v + 1]!; k < end; k++) {
        const w = out.target[k]!;
        if (dist[w]! < 0) {
          dist[w] = next;
          predEnd[w] = inward.start[w]!;
          stack[top++] = w;
        }
        if (dist[w] === next) {
          sigma[w]! += sigma[v]!;
          preds[predEnd[w]!++] = v;
        }
      }
    }
    while (top > 0) {
      const w = stack[--top]!;
      const share = 1 + delta[w]!;
      for (let k = inward.start[w]!, end = predEnd[w]!; k < end; k++) {
        const v = preds[k]!;
        delta[v]! += (sigma[v]! / sigma[w]!) * share;
      }
      if (w !== s) score[w]! += delta[w]!;
      sigma[w] = 0;
      dist[w] = -1;
      delta[w] = 0;
    }
  }
  const scale = n > 2 ? (1 / ((n - 1) * (n - 2))) * (n / all.length) : 0;
  for (let i = 0; i < n; i++) score[i]! *= scale;
  return score;
}
