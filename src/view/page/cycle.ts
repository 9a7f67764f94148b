/**
 * "Show a cycle": the shortest dependency cycle through a node, or, with no node given, one in
 * the largest strongly connected component. Only code-dep edges count: two ADRs linking each
 * other are not a build problem.
 */
import type { MapIndex } from './index.js';

export interface Cycle {
  nodes: string[];
  edges: string[];
}

export function cycleThrough(idx: MapIndex, start: string): Cycle | undefined {
  // BFS from start's successors back to start gives the shortest cycle through it.
  const prev = new Map<string, { node: string; edge: string }>();
  const queue: string[] = [start];
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head]!;
    for (const e of idx.out.get(n) ?? []) {
      if (e.namespace !== 'code-dep') continue;
      if (e.to === start) {
        const chain: string[] = [];
        const edges = [e.id];
        for (let at = n; at !== start; ) {
          const p = prev.get(at)!;
          chain.push(at);
          edges.push(p.edge);
          at = p.node;
        }
        // In walking order: start → … → n → start.
        return { nodes: [start, ...chain.reverse()], edges };
      }
      if (!prev.has(e.to) && e.to !== start) {
        prev.set(e.to, { node: n, edge: e.id });
        queue.push(e.to);
      }
    }
  }
  return undefined;
}

/** Iterative Tarjan (no recursion: a 7,000-file chain would overflow the stack). */
export function anyCycle(idx: MapIndex): Cycle | undefined {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  let best: string[] = [];
  let counter = 0;
  const succ = (n: string) =>
    (idx.out.get(n) ?? []).filter((e) => e.namespace === 'code-dep').map((e) => e.to);
  for (const root of idx.node.keys()) {
    if (index.has(root)) continue;
    const work: { n: string; next: string[]; i: number }[] = [];
    const open = (n: string) => {
      index.set(n, counter);
      low.set(n, counter++);
      stack.push(n);
      onStack.add(n);
      work.push({ n, next: succ(n), i: 0 });
    };
    open(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      if (top.i < top.next.length) {
        const m = top.next[top.i++]!;
        if (!index.has(m)) open(m);
        else if (onStack.has(m)) low.set(top.n, Math.min(low.get(top.n)!, index.get(m)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.n, Math.min(low.get(parent.n)!, low.get(top.n)!));
      if (low.get(top.n) === index.get(top.n)) {
        const scc: string[] = [];
        let m: string;
        do {
          m = stack.pop()!;
          onStack.delete(m);
          scc.push(m);
        } while (m !== top.n);
        const selfLoop = scc.length === 1 && succ(top.n).includes(top.n);
        if ((scc.length > 1 || selfLoop) && scc.length > best.length) best = scc;
      }
    }
  }
  if (best.length === 0) return undefined;
  // Start from the heaviest member so the cycle shown runs through the node people know.
  const start = [...best].sort((a, b) => (idx.node.get(b)?.weight ?? 0) - (idx.node.get(a)?.weight ?? 0))[0]!;
  return cycleThrough(idx, start);
}
