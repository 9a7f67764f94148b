/**
 * Import cycles: Tarjan's strongly connected components, then one elementary cycle per component
 * — the shortest one through the component's smallest id, so the cycle starts at its smallest id
 * without rotating and the same tree always reports the same cycle.
 */
import type { Indexed } from './indexed.js';

/** Components with more than one node, each as ascending node indices; sorted by first index. */
export function stronglyConnected(graph: Indexed): number[][] {
  const n = graph.ids.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const found: number[][] = [];
  let counter = 0;
  // Iterative DFS: a recursive one overflows the call stack on a long import chain.
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    const frames: [number, number][] = [[root, 0]];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const [v, i] = frame;
      const out = graph.out[v]!;
      if (i < out.length) {
        frame[1]++;
        const w = out[i]!;
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          frames.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, order[w]!);
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] === order[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        if (component.length > 1) found.push(component.sort((a, b) => a - b));
      }
    }
  }
  return found.sort((a, b) => a[0]! - b[0]!);
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
