/**
 * PageRank by power iteration. A node with no out-links spreads its rank over every node (the
 * usual dangling-node rule), so the ranks always sum to 1 and a document nobody links out of does
 * not leak rank away.
 */
import type { Indexed } from './indexed.js';

export interface PageRankOptions {
  /** Damping factor (default 0.85). */
  alpha?: number;
  /** Stop when the L1 change falls below this (default 1e-10). */
  tolerance?: number;
  maxIterations?: number;
}

export function pagerank(graph: Indexed, opts: PageRankOptions = {}): Float64Array {
  const n = graph.ids.length;
  const alpha = opts.alpha ?? 0.85;
  const tolerance = opts.tolerance ?? 1e-10;
  const maxIterations = opts.maxIterations ?? 200;
  let rank = new Float64Array(n).fill(n > 0 ? 1 / n : 0);
  let next = new Float64Array(n);
  for (let iter = 0; iter < maxIterations && n > 0; iter++) {
    let dangling = 0;
    for (let v = 0; v < n; v++) if (graph.out[v]!.length === 0) dangling += rank[v]!;
    next.fill((1 - alpha) / n + (alpha * dangling) / n);
    for (let v = 0; v < n; v++) {
      const out = graph.out[v]!;
      if (out.length === 0) continue;
      const share = (alpha * rank[v]!) / out.length;
      for (const w of out) next[w]! += share;
    }
    let change = 0;
    for (let v = 0; v < n; v++) change += Math.abs(next[v]! - rank[v]!);
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  return rank;
}
