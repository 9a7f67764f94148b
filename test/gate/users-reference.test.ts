import { describe, expect, it } from 'vitest';
import { fileUsers, type UseEdge } from '../../src/gate/users.js';
import { seededRandom } from '../../src/graph/prng.js';
import { referenceFileUsers } from './users-reference.js';

/**
 * Random packages of barrels: files export a few of a small set of names, barrels re-export
 * (named, `*`, or without names) and files import by name, as a namespace, whole, or unknown —
 * with cycles, self-edges, repeated edges and endpoints missing from the id list.
 */
function randomGraph(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const size = 20 + Math.floor(random() * 60);
  const ids = Array.from({ length: size }, (_, i) => `f${i}.ts`);
  const alphabet = ['a', 'b', 'c', 'd', 'e', 'default', '*'];
  const exportsOf = new Map(ids.map((id) => [id, alphabet.filter(() => random() < 0.3)]));
  const names = (): string[] | undefined => {
    const r = random();
    if (r < 0.15) return undefined;
    if (r < 0.25) return [];
    if (r < 0.35) return ['*'];
    return alphabet.filter(() => random() < 0.3);
  };
  const edges: UseEdge[] = [];
  for (let k = 0; k < size * 3; k++) {
    const from = random() < 0.05 ? `outside${k % 3}.ts` : pick(ids);
    const to = random() < 0.03 ? `outside${k % 4}.ts` : pick(ids);
    const given = names();
    edges.push({ from, to, reexport: random() < 0.35, ...(given ? { names: given } : {}) });
  }
  return { ids, exportsOf: (id: string) => exportsOf.get(id) ?? [], edges };
}

describe('fileUsers against the Set-based implementation it replaced', () => {
  it('counts the same users, in the same order, on 300 random barrel graphs', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const g = randomGraph(seed);
      const mine = fileUsers(g.ids, g.exportsOf, g.edges);
      const theirs = referenceFileUsers(g.ids, g.exportsOf, g.edges);
      expect([...mine.keys()]).toEqual([...theirs.keys()]);
      for (const [id, expected] of theirs) {
        const got = mine.get(id)!;
        expect({ ...got, direct: [...got.direct], users: [...got.users] }, `seed ${seed}, ${id}`).toEqual({
          ...expected,
          direct: [...expected.direct],
          users: [...expected.users],
        });
      }
    }
  });
});
