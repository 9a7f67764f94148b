/**
 * Transitive dependent counts for every node at once: Tarjan's SCCs condense the reverse import
 * graph to a DAG, then bitsets are OR-ed along it in topological order. For 7,000 files that is a
 * few million word operations, instead of one BFS per file.
 */
import { componentIds } from '../graph/scc.js';

export function transitiveDependents(
  nodes: readonly string[],
  edges: readonly [from: string, to: string][],
): Map<string, number> {
  const index = new Map(nodes.map((n, i) => [n, i]));
  const n = nodes.length;
  // dependents graph: to → from (who depends on me)
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const [from, to] of edges) {
    const f = index.get(from);
    const t = index.get(to);
    if (f !== undefined && t !== undefined && f !== t) adj[t]!.push(f);
  }
  const { comp, count: compCount } = componentIds(n, (v) => adj[v]!);
  const words = Math.ceil(n / 32);
  const sets = Array.from({ length: compCount }, () => new Uint32Array(words));
  const members: number[][] = Array.from({ length: compCount }, () => []);
  for (let v = 0; v < n; v++) members[comp[v]!]!.push(v);
  // componentIds numbers components in reverse topological order: a component's successors
  // (its dependents) are numbered before it, so ascending order sees them first.
  for (let c = 0; c < compCount; c++) {
    const set = sets[c]!;
    for (const v of members[c]!) {
      set[v >> 5]! |= 1 << (v & 31);
      for (const w of adj[v]!) {
        const other = comp[w]!;
        if (other !== c) {
          const src = sets[other]!;
          for (let k = 0; k < words; k++) set[k]! |= src[k]!;
        }
      }
    }
  }
  const out = new Map<string, number>();
  for (let v = 0; v < n; v++) out.set(nodes[v]!, popcount(sets[comp[v]!]!) - 1);
  return out;
}

function popcount(set: Uint32Array): number {
  let count = 0;
  for (let x of set) {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    count += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}
