/**
 * Proximity: the nodes within a few hops of a node, ignoring edge direction (a document that
 * covers a file is as near as a file it imports), nearest first, then by id.
 */
import { compareStrings } from '../model/paths.js';
import type { View } from './views.js';

export interface Near {
  id: string;
  hops: number;
}

export function proximity(view: View, from: string, depth = 3, limit = Number.POSITIVE_INFINITY): Near[] {
  if (!view.hasNode(from)) return [];
  const seen = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let hops = 1; hops <= depth && frontier.length > 0 && seen.size - 1 < limit; hops++) {
    const next: string[] = [];
    for (const v of frontier) {
      for (const w of view.neighbors(v)) {
        if (seen.has(w)) continue;
        seen.set(w, hops);
        next.push(w);
      }
    }
    frontier = next;
  }
  return [...seen]
    .filter(([id]) => id !== from)
    .map(([id, hops]) => ({ id, hops }))
    .sort((a, b) => a.hops - b.hops || compareStrings(a.id, b.id))
    .slice(0, limit);
}
