import { reachCounts } from '../graph/reach.js';

/**
 * Transitive dependent counts for every node at once: how many nodes reach each one along the
 * edges (graph/reach.ts: SCC condensation and bitsets, not one BFS per file).
 */
export function transitiveDependents(
  nodes: readonly string[],
  edges: readonly [from: string, to: string][],
  /** Words (32 nodes each) per block: tests make it small to run several passes. */
  blockWords = 128,
): Map<string, number> {
  const index = new Map(nodes.map((n, i) => [n, i]));
  // dependents graph: to → from (who depends on me)
  const adj: number[][] = Array.from({ length: nodes.length }, () => []);
  for (const [from, to] of edges) {
    const f = index.get(from);
    const t = index.get(to);
    if (f !== undefined && t !== undefined && f !== t) adj[t]!.push(f);
  }
  const counts = reachCounts(nodes.length, (v) => adj[v]!, blockWords);
  return new Map(nodes.map((n, v) => [n, counts[v]!]));
}
