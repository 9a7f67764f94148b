/**
 * `path <a> <b>`: the shortest chain of relations joining two nodes in the proximity view,
 * following edges in either direction (a document covering a file joins them as much as an
 * import does), each hop with its edge id and evidence. Ties go to the smaller id, so the same
 * map always gives the same path.
 */
import { relationsOf, type ViewTable, viewTable } from '../graph/views.js';
import { type Envelope, paginate } from '../model/envelope.js';
import type { Evidence } from '../model/types.js';
import type { Session } from './session.js';
import { resolveTarget } from './target.js';

export interface Hop {
  from: string;
  to: string;
  /** `forward` when the edge runs from → to, `backward` when it runs the other way. */
  direction: 'forward' | 'backward';
  relation: string;
  edge: string;
  evidence: Evidence;
}

export function shortestPath(session: Session, a: string, b: string): Envelope<Hop> {
  const start = resolveTarget(session, a, { packages: true }).nodes[0]!;
  const goal = resolveTarget(session, b, { packages: true }).nodes[0]!;
  const g = proximityOf(session);
  const from = g.index.get(start.id);
  const to = g.index.get(goal.id);
  // parent[i]: the node i was reached from (-1: the start, -2: not reached).
  const parent = new Int32Array(g.table.ids.length).fill(-2);
  let found = start.id === goal.id;
  if (from !== undefined && to !== undefined && !found) {
    parent[from] = -1;
    const queue = [from];
    for (let head = 0; head < queue.length && parent[to] === -2; head++) {
      const v = queue[head]!;
      for (let k = g.start[v]!; k < g.start[v + 1]!; k++) {
        const w = g.next[k]!;
        if (parent[w] !== -2) continue;
        parent[w] = v;
        queue.push(w);
      }
    }
    found = parent[to] !== -2;
  }
  const hops: Hop[] = [];
  if (found && to !== undefined && start.id !== goal.id) {
    const chain: number[] = [];
    for (let v = to; v !== -1; v = parent[v]!) chain.push(v);
    chain.reverse();
    for (let i = 0; i + 1 < chain.length; i++) hops.push(hop(session, g.table, chain[i]!, chain[i + 1]!));
  }
  const label = (id: string) => session.node(id)?.path ?? session.node(id)?.key ?? id;
  const page = paginate(hops, Math.max(1, hops.length), undefined);
  const notes = found
    ? []
    : [`no path between ${label(start.id)} and ${label(goal.id)} in the proximity view`];
  return {
    query: `path ${a} ${b}`,
    ...page,
    freshness: session.deps.freshness([start, goal].flatMap((n) => (n.path ? [n.path] : []))),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/**
 * The proximity view's table (graph/views.ts) as undirected adjacency: node v's neighbours, in
 * either direction, are next[start[v] .. start[v+1]), ascending and each once, as graphology's
 * `neighbors` gave them sorted. A graphology graph of the 7k-file view cost a CLI `path` 0.3 s to
 * build, for a walk that needs none of it. Built once per map (a resident server asks again).
 */
interface Proximity {
  table: ViewTable;
  index: Map<string, number>;
  start: Int32Array;
  next: Int32Array;
}

const proximities = new WeakMap<object, Proximity>();

function proximityOf(session: Session): Proximity {
  const cached = proximities.get(session.map);
  if (cached) return cached;
  const table = viewTable(
    { nodes: session.map.nodes, edges: session.edgeEnds(relationsOf('proximity')) },
    'proximity',
  );
  const n = table.ids.length;
  const start = new Int32Array(n + 1);
  for (let p = 0; p < table.from.length; p++) {
    start[table.from[p]! + 1]!++;
    start[table.to[p]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const both = new Int32Array(start[n]!);
  for (let p = 0; p < table.from.length; p++) {
    const [f, t] = [table.from[p]!, table.to[p]!];
    both[fill[f]!++] = t;
    both[fill[t]!++] = f;
  }
  // Sorted per node, and a pair joined both ways counted once.
  const next: number[] = [];
  const kept = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) {
    const own = both.subarray(start[v]!, start[v + 1]!).sort();
    for (let k = 0; k < own.length; k++) if (k === 0 || own[k] !== own[k - 1]) next.push(own[k]!);
    kept[v + 1] = next.length;
  }
  const made = {
    table,
    index: new Map(table.ids.map((id, i) => [id, i])),
    start: kept,
    next: Int32Array.from(next),
  };
  proximities.set(session.map, made);
  return made;
}

/** The view edge of pair (f, t), if any: pairs are in (from, to) order. */
function pairOf(table: ViewTable, f: number, t: number): number | undefined {
  let lo = 0;
  let hi = table.from.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = table.from[mid]! - f || table.to[mid]! - t;
    if (d === 0) return mid;
    if (d < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function hop(session: Session, table: ViewTable, from: number, to: number): Hop {
  const forward = pairOf(table, from, to);
  const ids = table.edges[forward ?? pairOf(table, to, from)!]!.ids;
  const edge = session.edge(ids[0]!)!;
  const label = (i: number) => {
    const id = table.ids[i]!;
    return session.node(id)?.path ?? session.node(id)?.key ?? id;
  };
  return {
    from: label(from),
    to: label(to),
    direction: forward !== undefined ? 'forward' : 'backward',
    relation: edge.relation,
    edge: edge.id,
    evidence: edge.evidence[0]!,
  };
}
