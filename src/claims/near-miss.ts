/**
 * Near misses: the real names a reader probably meant. Same basename in another folder, a small
 * edit distance, or the same confusable skeleton. They help repair; they never decide a verdict.
 */
import { confusableWith } from './confusables.js';

/** Levenshtein distance, capped: beyond `max` the exact value does not matter. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      best = Math.min(best, row[j]!);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** Up to `limit` candidates close to `wanted`, closest first, ties in byte order. */
export function nearMisses(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  const scored: [number, string][] = [];
  const isPath = wanted.includes('/');
  const base = basename(wanted);
  const budget = Math.max(1, Math.min(3, Math.floor(wanted.length / 4)));
  for (const c of candidates) {
    if (c === wanted) continue;
    if (confusableWith(wanted, c)) scored.push([0, c]);
    else if (isPath && basename(c) === base) scored.push([1, c]);
    else {
      const d = editDistance(wanted, c, budget);
      if (d <= budget) scored.push([1 + d, c]);
    }
  }
  scored.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
  return scored.slice(0, limit).map(([, c]) => c);
}
