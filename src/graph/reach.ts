/**
 * Transitive reachability counts over the integer adjacency: how many nodes reach each node
 * (its transitive dependents in an import view), capped so a hub in a 7,000-file graph does not
 * cost a full traversal per file.
 */
import type { Indexed } from './indexed.js';

export function dependentCounts(graph: Indexed, cap: number): Int32Array {
  const n = graph.ids.length;
  const counts = new Int32Array(n);
  const stamp = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    stamp[s] = s;
    while (head < tail && tail - 1 < cap) {
      const v = queue[head++]!;
      for (const w of graph.in[v]!) {
        if (stamp[w] === s) continue;
        stamp[w] = s;
        queue[tail++] = w;
        // At the cap the count is decided: a hub's remaining importers cannot change it.
        if (tail - 1 >= cap) break;
      }
    }
    counts[s] = Math.min(tail - 1, cap);
  }
  return counts;
}
