/**
 * The documents and decision records near a context target: within `hops` relations of it in the
 * proximity relations (imports, links, typed links, mentions, manifests; direction ignored, since a
 * record that covers a file is as relevant as a file it imports), most canonical first, each with
 * the chain of relations that reaches it so an agent can judge why it is listed.
 */
import { relationsOf } from '../graph/views.js';
import type { MapEdge } from '../map/schema.js';
import { TYPED_RELATIONS } from '../model/constants.js';
import { compareStrings } from '../model/paths.js';
import type { Session } from './session.js';

export interface RelationStep {
  /** Paths (or keys, for packages) as the map edge runs: from → to. */
  from: string;
  relation: string;
  to: string;
  edge: string;
}

export interface Related {
  path: string;
  kind: 'document' | 'artifact';
  /** The record's id (`ADR-3`) for an artifact. */
  artifact_id?: string;
  hops: number;
  canonicality: number;
  /** From the target to this document, one step per hop. */
  via: RelationStep[];
}

export interface RelatedList {
  hops: number;
  total: number;
  items: Related[];
}

const TYPED: ReadonlySet<string> = new Set(TYPED_RELATIONS);

/** Past this many nodes reached, the walk stops (a README linking everything makes 3 hops the repo). */
const VISIT_CAP = 20_000;

export function relatedDocuments(
  session: Session,
  targets: ReadonlySet<string>,
  opts: { hops?: number; limit?: number } = {},
): RelatedList & { capped: boolean } {
  const hops = opts.hops ?? 3;
  const adjacent = adjacency(session);
  // parent: the node a node was first reached from, and the edge that reached it.
  const parent = new Map<string, { from: string; edge: MapEdge } | null>();
  const depth = new Map<string, number>();
  let frontier = [...targets].filter((id) => session.node(id)).sort(compareStrings);
  for (const id of frontier) {
    parent.set(id, null);
    depth.set(id, 0);
  }
  let capped = false;
  for (let d = 1; d <= hops && frontier.length > 0 && !capped; d++) {
    const next: string[] = [];
    for (const v of frontier) {
      // Sorted neighbours: the first parent found, and so the path reported, depends only on content.
      for (const [w, edge] of adjacent.get(v) ?? []) {
        if (parent.has(w)) continue;
        parent.set(w, { from: v, edge });
        depth.set(w, d);
        next.push(w);
      }
      if (parent.size >= VISIT_CAP) capped = true;
    }
    frontier = next;
  }
  const canonicality = session.signals().canonicality;
  const out: Related[] = [];
  for (const [id, d] of depth) {
    if (d === 0) continue;
    const node = session.node(id);
    if (!node?.path || (node.kind !== 'document' && node.kind !== 'artifact')) continue;
    const item: Related = {
      path: node.path,
      kind: node.kind,
      hops: d,
      canonicality: canonicality[id] ?? 0,
      via: stepsTo(session, parent, id),
    };
    const artifactId = node.metadata?.artifact_id;
    if (typeof artifactId === 'string') item.artifact_id = artifactId;
    out.push(item);
  }
  out.sort((a, b) => b.canonicality - a.canonicality || a.hops - b.hops || compareStrings(a.path, b.path));
  return { hops, total: out.length, items: out.slice(0, opts.limit ?? 25), capped };
}

const adjacencies = new WeakMap<object, Map<string, [string, MapEdge][]>>();

/**
 * Node → [neighbour, edge] over the proximity relations, both directions, external packages left
 * out as the proximity view leaves them; neighbours sorted by id and, between one pair, a typed
 * link first (it says most about why a record is near). Built once per map from its edge list,
 * which costs a fraction of a graphology view on a large repository.
 */
function adjacency(session: Session): Map<string, [string, MapEdge][]> {
  const cached = adjacencies.get(session.map);
  if (cached) return cached;
  const relations = relationsOf('proximity');
  const out = new Map<string, [string, MapEdge][]>();
  const add = (a: string, b: string, e: MapEdge) => {
    const list = out.get(a);
    if (list) list.push([b, e]);
    else out.set(a, [[b, e]]);
  };
  for (const e of session.map.edges) {
    if (!relations.has(e.relation) || e.from === e.to) continue;
    if (session.node(e.from)?.external || session.node(e.to)?.external) continue;
    add(e.from, e.to, e);
    add(e.to, e.from, e);
  }
  const rank = (e: MapEdge) => (TYPED.has(e.relation) ? 0 : 1);
  for (const list of out.values())
    list.sort(
      (x, y) => compareStrings(x[0], y[0]) || rank(x[1]) - rank(y[1]) || compareStrings(x[1].id, y[1].id),
    );
  adjacencies.set(session.map, out);
  return out;
}

function stepsTo(
  session: Session,
  parent: ReadonlyMap<string, { from: string; edge: MapEdge } | null>,
  id: string,
): RelationStep[] {
  const steps: RelationStep[] = [];
  const name = (n: string) => session.node(n)?.path ?? session.node(n)?.key ?? n;
  for (let step = parent.get(id); step; step = parent.get(step.from)) {
    const { edge } = step;
    steps.push({ from: name(edge.from), relation: edge.relation, to: name(edge.to), edge: edge.id });
  }
  return steps.reverse();
}
