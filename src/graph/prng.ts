/**
 * A seeded PRNG (mulberry32) so that sampled signals and Louvain communities come out the same on
 * every run: Math.random would make two scans of the same tree disagree.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** k distinct indices of 0..n-1 chosen by a partial Fisher–Yates shuffle, ascending. */
export function samplePivots(n: number, k: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const random = seededRandom(seed);
  const take = Math.min(k, n);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (n - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.slice(0, take).sort((a, b) => a - b);
}

export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 + 0;
