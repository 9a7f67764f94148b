import { describe, expect, it } from 'vitest';
import { leastOf } from '../../src/gate/severity-cache.js';
import { seededRandom } from '../../src/graph/prng.js';

describe('leastOf (the gate sample without sorting every user)', () => {
  it('is the head of the stable full sort, ties included, for every k', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 200; round++) {
      // Items with few distinct keys, so ties are common; the index tells stable order apart.
      const items = Array.from({ length: Math.floor(random() * 40) }, (_, i) => ({
        key: Math.floor(random() * 8),
        i,
      }));
      const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
      for (const k of [0, 1, 3, 10, 50])
        expect(leastOf(items, k, byKey)).toEqual([...items].sort(byKey).slice(0, k));
    }
  });
});
