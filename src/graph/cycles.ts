/**
 * Import cycles: Tarjan's strongly connected components, then one elementary cycle per component
 * — the shortest one through the component's smallest id, so the cycle starts at its smallest id
 * without rotating and the same tree always reports the same cycle.
 */
import type { Indexed } from './indexed.js';
import { cyclicComponents } from './scc.js';

/** Components with more than one node, each as ascending node indices; sorted by first index. */
export function stronglyConnected(graph: Indexed): number[][] {
  return cyclicComponents(graph.ids.length, (v) => graph.out[v]!);
}

/** The shortest cycle through component[0] that stays inside the component (BFS). */
export function cycleThrough(graph: Indexed, component: readonly number[]): number[] {
  const inside = new Set(component);
  const start = component[0]!;
  const parent = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (const w of graph.out[v]!) {
      if (w === start) return unwind(parent, v);
      if (!inside.has(w) || parent.has(w)) continue;
      parent.set(w, v);
      queue.push(w);
    }
  }
  return [start];
}

function unwind(parent: Map<number, number>, last: number): number[] {
  const path: number[] = [];
  for (let v = last; v !== -1; v = parent.get(v)!) path.push(v);
  return path.reverse();
}
