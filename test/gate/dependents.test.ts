import { describe, expect, it } from 'vitest';
import { transitiveDependents } from '../../src/gate/dependents.js';

/** Brute force: BFS over reverse edges from every node. */
function brute(nodes: string[], edges: [string, string][]): Map<string, number> {
  const out = new Map<string, number>();
  for (const start of nodes) {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const [from, to] of edges)
        if (to === v && !seen.has(from)) {
          seen.add(from);
          queue.push(from);
        }
    }
    out.set(start, seen.size - 1);
  }
  return out;
}

describe('transitiveDependents', () => {
  it('matches brute force on random graphs with cycles', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 20; round++) {
      const nodes = Array.from({ length: 40 }, (_, i) => `n${i}`);
      const edges: [string, string][] = [];
      for (let k = 0; k < 80; k++)
        edges.push([nodes[Math.floor(rand() * 40)]!, nodes[Math.floor(rand() * 40)]!]);
      const expected = brute(nodes, edges);
      expect(transitiveDependents(nodes, edges)).toEqual(expected);
      // A block of one word (32 nodes) per pass: two passes over these 40 nodes, same counts.
      expect(transitiveDependents(nodes, edges, 1)).toEqual(expected);
    }
  });

  it('counts a chain and a cycle', () => {
    const r = transitiveDependents(
      ['a', 'b', 'c', 'd'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'b'],
        ['d', 'c'],
      ],
    );
    expect(Object.fromEntries(r)).toEqual({ a: 0, b: 3, c: 3, d: 0 });
  });
});
