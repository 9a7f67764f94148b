import { describe, expect, it } from 'vitest';
import { brandes } from '../../src/graph/betweenness.js';
import type { Indexed } from '../../src/graph/indexed.js';
import { samplePivots, seededRandom } from '../../src/graph/prng.js';
import { dependentCounts } from '../../src/graph/reach.js';

/**
 * Betweenness and capped dependent counts against the implementations they replaced (one array
 * per node, every in-neighbour scanned, a capped BFS per node): the scores must be the same to the
 * last bit, since they are rounded into the index and graded against thresholds.
 */

function referenceBrandes(graph: Indexed, sources?: readonly number[]): Float64Array {
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

function referenceDependentCounts(graph: Indexed, cap: number): Int32Array {
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
        if (tail - 1 >= cap) break;
      }
    }
    counts[s] = Math.min(tail - 1, cap);
  }
  return counts;
}

/** A directed graph without self-loops or repeated pairs, neighbours ascending (as indexTable makes). */
function randomIndexed(n: number, edges: number, seed: number): Indexed {
  const random = seededRandom(seed);
  const pairs = new Set<number>();
  for (let k = 0; k < edges; k++) {
    const from = Math.floor(random() * n);
    // Mostly "downhill" with some back edges: long chains, diamonds and cycles.
    const to =
      random() < 0.8 ? Math.min(n - 1, from + 1 + Math.floor(random() * 6)) : Math.floor(random() * n);
    if (from !== to) pairs.add(from * n + to);
  }
  const out: number[][] = Array.from({ length: n }, () => []);
  const into: number[][] = Array.from({ length: n }, () => []);
  for (const pair of [...pairs].sort((a, b) => a - b)) {
    out[Math.floor(pair / n)]!.push(pair % n);
    into[pair % n]!.push(Math.floor(pair / n));
  }
  const ids = Array.from({ length: n }, (_, i) => `n${String(i).padStart(4, '0')}`);
  return {
    ids,
    index: new Map(ids.map((id, i) => [id, i])),
    out: out.map((list) => Int32Array.from(list)),
    in: into.map((list) => Int32Array.from(list).sort()),
  };
}

const sameBits = (a: Float64Array, b: Float64Array) =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('graph algorithms against the implementations they replaced', () => {
  it('brandes: the same scores to the last bit, exact and sampled', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const g = randomIndexed(30 + seed * 7, (30 + seed * 7) * 3, seed);
      expect(sameBits(brandes(g), referenceBrandes(g)), `exact, seed ${seed}`).toBe(true);
      const pivots = samplePivots(g.ids.length, 16, seed);
      expect(sameBits(brandes(g, pivots), referenceBrandes(g, pivots)), `sampled, seed ${seed}`).toBe(true);
    }
  });

  it('dependentCounts: the capped BFS counts, below and at the cap', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const g = randomIndexed(40 + seed * 5, (40 + seed * 5) * 2, seed);
      for (const cap of [0, 1, 5, 1000])
        expect([...dependentCounts(g, cap)], `seed ${seed}, cap ${cap}`).toEqual([
          ...referenceDependentCounts(g, cap),
        ]);
    }
  });
});
