/**
 * Independent betweenness for the tests: enumerate every shortest path between every ordered pair
 * and count, for each node, the share of those paths it lies inside. Exponential in the worst
 * case and written for clarity, not speed — it shares no code with Brandes.
 */
export function bruteBetweenness(
  nodes: readonly string[],
  edges: readonly [string, string][],
): Map<string, number> {
  const out = new Map(nodes.map((n) => [n, [] as string[]]));
  for (const [a, b] of edges) if (a !== b && !out.get(a)!.includes(b)) out.get(a)!.push(b);
  const score = new Map(nodes.map((n) => [n, 0]));
  for (const s of nodes) {
    const dist = new Map([[s, 0]]);
    const queue = [s];
    for (let i = 0; i < queue.length; i++)
      for (const w of out.get(queue[i]!)!)
        if (!dist.has(w)) {
          dist.set(w, dist.get(queue[i]!)! + 1);
          queue.push(w);
        }
    for (const t of nodes) {
      if (t === s || !dist.has(t)) continue;
      const paths: string[][] = [];
      const walk = (v: string, trail: string[]) => {
        if (v === t) return void paths.push(trail);
        if (dist.get(v)! >= dist.get(t)!) return;
        for (const w of out.get(v)!) if (dist.get(w) === dist.get(v)! + 1) walk(w, [...trail, w]);
      };
      walk(s, [s]);
      for (const p of paths) for (const v of p.slice(1, -1)) score.set(v, score.get(v)! + 1 / paths.length);
    }
  }
  const n = nodes.length;
  const scale = n > 2 ? 1 / ((n - 1) * (n - 2)) : 0;
  return new Map([...score].map(([k, v]) => [k, v * scale]));
}
