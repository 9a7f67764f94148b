/**
 * `path <a> <b>`: the shortest chain of relations joining two nodes in the proximity view,
 * following edges in either direction (a document covering a file joins them as much as an
 * import does), each hop with its edge id and evidence. Ties go to the smaller id, so the same
 * map always gives the same path.
 */
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
  const view = session.view('proximity');
  const parent = new Map<string, string | null>([[start.id, null]]);
  const queue = [start.id];
  for (let head = 0; head < queue.length && !parent.has(goal.id); head++) {
    const v = queue[head]!;
    for (const w of [...view.neighbors(v)].sort()) {
      if (parent.has(w)) continue;
      parent.set(w, v);
      queue.push(w);
    }
  }
  const hops: Hop[] = [];
  if (parent.has(goal.id)) {
    const chain: string[] = [];
    for (let v: string | null = goal.id; v !== null; v = parent.get(v) ?? null) chain.push(v);
    chain.reverse();
    for (let i = 0; i + 1 < chain.length; i++) hops.push(hop(session, chain[i]!, chain[i + 1]!));
  }
  const label = (id: string) => session.node(id)?.path ?? session.node(id)?.key ?? id;
  const page = paginate(hops, Math.max(1, hops.length), undefined);
  const notes = parent.has(goal.id)
    ? []
    : [`no path between ${label(start.id)} and ${label(goal.id)} in the proximity view`];
  return {
    query: `path ${a} ${b}`,
    ...page,
    freshness: session.deps.freshness([start, goal].flatMap((n) => (n.path ? [n.path] : []))),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

function hop(session: Session, from: string, to: string): Hop {
  const view = session.view('proximity');
  const forward = view.hasDirectedEdge(from, to);
  const ids = forward ? view.getEdgeAttribute(from, to, 'ids') : view.getEdgeAttribute(to, from, 'ids');
  const edge = session.edge(ids[0]!)!;
  const label = (id: string) => session.node(id)?.path ?? session.node(id)?.key ?? id;
  return {
    from: label(from),
    to: label(to),
    direction: forward ? 'forward' : 'backward',
    relation: edge.relation,
    edge: edge.id,
    evidence: edge.evidence[0]!,
  };
}
