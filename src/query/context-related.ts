/**
 * The documents and decision records near a context target: within `hops` relations of it in the
 * proximity relations (imports, links, typed links, mentions, manifests; direction ignored, since a
 * record that covers a file is as relevant as a file it imports), most canonical first, each with
 * the chain of relations that reaches it so an agent can judge why it is listed.
 */
import { type EdgeEnds, relationsOf } from '../graph/views.js';
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
  const g = proximityOf(session);
  const n = g.ids.length;
  // parent[i]: the node i was first reached from (-1: a target, -2: not reached), and the edge.
  const parent = new Int32Array(n).fill(-2);
  const via = new Int32Array(n);
  const depth = new Uint8Array(n);
  let frontier = [...targets]
    .filter((id) => session.node(id))
    .sort(compareStrings)
    .map((id) => g.index.get(id)!);
  for (const i of frontier) parent[i] = -1;
  let visited = frontier.length;
  const reached: number[] = [];
  let capped = false;
  for (let d = 1; d <= hops && frontier.length > 0 && !capped; d++) {
    const next: number[] = [];
    for (const v of frontier) {
      // Sorted neighbours: the first parent found, and so the path reported, depends only on content.
      for (let k = g.start[v]!; k < g.start[v + 1]!; k++) {
        const w = g.to[k]!;
        if (parent[w] !== -2) continue;
        parent[w] = v;
        via[w] = k;
        depth[w] = d;
        visited++;
        next.push(w);
        if (g.document[w]) reached.push(w);
      }
      if (visited >= VISIT_CAP) capped = true;
    }
    frontier = next;
  }
  const canonicality = session.signals().canonicality;
  const out = reached.map((i) => ({
    i,
    node: session.node(g.ids[i]!)!,
    canonicality: canonicality[g.ids[i]!] ?? 0,
  }));
  out.sort(
    (a, b) =>
      b.canonicality - a.canonicality ||
      depth[a.i]! - depth[b.i]! ||
      compareStrings(a.node.path!, b.node.path!),
  );
  // The chain of relations is built for the listed documents only: a hub reaches thousands.
  const items = out.slice(0, opts.limit ?? 25).map(({ i, node, canonicality }): Related => {
    const item: Related = {
      path: node.path!,
      kind: node.kind as Related['kind'],
      hops: depth[i]!,
      canonicality,
      via: stepsTo(session, g, parent, via, i),
    };
    const artifactId = node.metadata?.artifact_id;
    if (typeof artifactId === 'string') item.artifact_id = artifactId;
    return item;
  });
  return { hops, total: out.length, items, capped };
}

/**
 * The proximity relations as integer adjacency (CSR): node i's neighbours are
 * to[start[i] .. start[i+1]), each reached through edges[k]. Both directions, external packages
 * left out as the proximity view leaves them; neighbours sorted by id and, between one pair, only
 * the edge a walk would take first (a typed link: it says most about why a record is near).
 * Built once per map: a resident server then walks 20,000 nodes in a millisecond or two.
 */
interface Proximity {
  ids: string[];
  index: Map<string, number>;
  start: Int32Array;
  to: Int32Array;
  edges: EdgeEnds[];
  /** 1 where the node is a document or decision record with a path. */
  document: Uint8Array;
}

const proximities = new WeakMap<object, Proximity>();

function proximityOf(session: Session): Proximity {
  const cached = proximities.get(session.map);
  if (cached) return cached;
  const relations = relationsOf('proximity');
  const ids = session.map.nodes.map((node) => node.id);
  const n = ids.length;
  const index = new Map(ids.map((id, i) => [id, i]));
  const external = Uint8Array.from(session.map.nodes, (node) => (node.external ? 1 : 0));
  // Each node's place in id order: neighbours are sorted by it, an integer compare instead of a
  // string compare per pair (124,000 neighbour entries on the 7,000-file repository).
  const rankOfId = new Int32Array(n);
  const byId = [...ids.keys()].sort((x, y) => compareStrings(ids[x]!, ids[y]!));
  for (let r = 0; r < n; r++) rankOfId[byId[r]!] = r;
  // Ends only: a CLI query reads no evidence to build this (the neighbours' order below is total).
  const kept: EdgeEnds[] = [];
  const ends: number[] = [];
  const degree = new Int32Array(n + 1);
  for (const e of session.edgeEnds(relations)) {
    if (!relations.has(e.relation) || e.from === e.to) continue;
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined || external[a] || external[b]) continue;
    kept.push(e);
    ends.push(a, b);
    degree[a]!++;
    degree[b]!++;
  }
  // Both directions of every kept edge, grouped by node (counting sort): slot k holds neighbour
  // other[k] through kept[edgeAt[k]].
  const first = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) first[i + 1] = first[i]! + degree[i]!;
  const fill = first.slice(0, n);
  const other = new Int32Array(first[n]!);
  const edgeAt = new Int32Array(first[n]!);
  for (let k = 0; k < kept.length; k++) {
    const a = ends[2 * k]!;
    const b = ends[2 * k + 1]!;
    other[fill[a]!] = b;
    edgeAt[fill[a]!++] = k;
    other[fill[b]!] = a;
    edgeAt[fill[b]!++] = k;
  }
  const rank = (e: EdgeEnds) => (TYPED.has(e.relation) ? 0 : 1);
  const bySlot = (x: number, y: number) =>
    rankOfId[other[x]!]! - rankOfId[other[y]!]! ||
    rank(kept[edgeAt[x]!]!) - rank(kept[edgeAt[y]!]!) ||
    compareStrings(kept[edgeAt[x]!]!.id, kept[edgeAt[y]!]!.id);
  const start = new Int32Array(n + 1);
  const to: number[] = [];
  const edges: EdgeEnds[] = [];
  const slots: number[] = [];
  for (let i = 0; i < n; i++) {
    slots.length = 0;
    for (let k = first[i]!; k < first[i + 1]!; k++) slots.push(k);
    slots.sort(bySlot);
    start[i] = to.length;
    for (const k of slots) {
      const w = other[k]!;
      // Between one pair, only the edge a walk would take first.
      if (to.length > start[i]! && to[to.length - 1] === w) continue;
      to.push(w);
      edges.push(kept[edgeAt[k]!]!);
    }
  }
  start[n] = to.length;
  const document = Uint8Array.from(session.map.nodes, (node) =>
    node.path !== undefined && (node.kind === 'document' || node.kind === 'artifact') ? 1 : 0,
  );
  const built = { ids, index, start, to: Int32Array.from(to), edges, document };
  proximities.set(session.map, built);
  return built;
}

function stepsTo(
  session: Session,
  g: Proximity,
  parent: Int32Array,
  via: Int32Array,
  i: number,
): RelationStep[] {
  const steps: RelationStep[] = [];
  const name = (n: string) => session.node(n)?.path ?? session.node(n)?.key ?? n;
  for (let at = i; parent[at]! >= 0; at = parent[at]!) {
    const edge = g.edges[via[at]!]!;
    steps.push({ from: name(edge.from), relation: edge.relation, to: name(edge.to), edge: edge.id });
  }
  return steps.reverse();
}
