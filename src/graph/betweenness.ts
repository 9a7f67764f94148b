/**
 * Betweenness centrality by Brandes' algorithm over an unweighted directed graph, exact (every
 * node a source) or sampled (k pivot sources, scaled by n/k). Normalised like networkx for
 * directed graphs: divided by (n-1)(n-2), the number of ordered pairs a node could lie between.
 */
import type { Indexed } from './indexed.js';

export function brandes(graph: Indexed, sources?: readonly number[]): Float64Array {
  const n = graph.ids.length;
  const score = new Float64Array(n);
  const sigma = new Float64Array(n);
  const dist = new Int32Array(n);
  const delta = new Float64Array(n);
  const queue = new Int32Array(n);
  const stack = new Int32Array(n);
  const all = sources ?? Array.from({ length: n }, (_, i) => i);
  for (const s of all) {
    sigma.fill(0);
    dist.fill(-1);
    delta.fill(0);
    sigma[s] = 1;
    dist[s] = 0;
    let head = 0;
    let tail = 0;
    let top = 0;
    queue[tail++] = s;
    while (head < tail) {
      const v = queue[head++]!;
      stack[top++] = v;
      for (const w of graph.out[v]!) {
        if (dist[w]! < 0) {
          dist[w] = dist[v]! + 1;
          queue[tail++] = w;
        }
        if (dist[w] === dist[v]! + 1) sigma[w]! += sigma[v]!;
      }
    }
    // Predecessors are recomputed from dist instead of stored: one less allocation per source.
    while (top > 0) {
      const w = stack[--top]!;
      for (const v of graph.in[w]!) {
        if (dist[v] === dist[w]! - 1 && dist[v]! >= 0) delta[v]! += (sigma[v]! / sigma[w]!) * (1 + delta[w]!);
      }
      if (w !== s) score[w]! += delta[w]!;
    }
  }
  const scale = n > 2 ? (1 / ((n - 1) * (n - 2))) * (n / all.length) : 0;
  for (let i = 0; i < n; i++) score[i]! *= scale;
  return score;
}
