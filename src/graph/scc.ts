/**
 * Tarjan's strongly connected components, the one implementation every stage uses (signals,
 * the gate's dependent counts, checkup's cycles). Iterative: a recursive DFS overflows the call
 * stack on a long import chain. Components are numbered in reverse topological order: every
 * component reachable from c has a smaller number than c.
 */
export function componentIds(
  n: number,
  out: (v: number) => ArrayLike<number>,
): { comp: Int32Array; count: number } {
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let counter = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    const frames: [number, number][] = [[root, 0]];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const [v, i] = frame;
      const next = out(v);
      if (i < next.length) {
        frame[1]++;
        const w = next[i]!;
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
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = count;
        } while (w !== v);
        count++;
      }
    }
  }
  return { comp, count };
}

/** Components of two or more nodes, each as ascending node indices, sorted by first index. */
export function cyclicComponents(n: number, out: (v: number) => ArrayLike<number>): number[][] {
  const { comp, count } = componentIds(n, out);
  const members: number[][] = Array.from({ length: count }, () => []);
  for (let v = 0; v < n; v++) members[comp[v]!]!.push(v);
  return members.filter((m) => m.length > 1).sort((a, b) => a[0]! - b[0]!);
}
