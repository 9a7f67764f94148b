/**
 * Views: graphology graphs over one slice of the map's relations. Nodes and edges are inserted in
 * sorted id order, so iteration order depends on the content, not on the order the scan listed
 * files in; that is what keeps every signal computed over a view identical across runs.
 */
import graphology from 'graphology';
import type { MapEdge, MapNode } from '../map/schema.js';
import { TYPED_RELATIONS } from '../model/constants.js';
import { compareStrings } from '../model/paths.js';

export type ViewKind = 'import' | 'documentation' | 'proximity';

export interface ViewOptions {
  /** Count `type-imports` as import edges (default false: a type import vanishes at runtime). */
  typeImports?: boolean;
  /** Keep external packages (node.external) as nodes (default false). */
  external?: boolean;
}

export interface ViewNode {
  kind: MapNode['kind'];
  key: string;
  label: string;
  path?: string;
}

/** One view edge joins a pair of nodes; `ids` are the map edges behind it (one per relation). */
export interface ViewEdge {
  ids: string[];
  relations: string[];
}

export type View = graphology.DirectedGraph<ViewNode, ViewEdge>;

/**
 * `contains` (a Go package → its files) is a load edge too: importing a package loads every file
 * in it, so a file's importers are its package's importers, one hop further.
 */
export const IMPORT_RELATIONS: readonly string[] = [
  'imports',
  're-exports',
  'requires',
  'dynamic-imports',
  'contains',
];
export const DOC_RELATIONS: readonly string[] = ['links-to', ...TYPED_RELATIONS];
const PROXIMITY_RELATIONS: readonly string[] = [
  ...IMPORT_RELATIONS,
  'type-imports',
  ...DOC_RELATIONS,
  'mentions',
  'mentions-symbol',
  'depends-on',
];

export function relationsOf(kind: ViewKind, opts: ViewOptions = {}): ReadonlySet<string> {
  if (kind === 'import')
    return new Set(opts.typeImports ? [...IMPORT_RELATIONS, 'type-imports'] : IMPORT_RELATIONS);
  return new Set(kind === 'documentation' ? DOC_RELATIONS : PROXIMITY_RELATIONS);
}

// Which nodes a view holds even when no edge touches them: every file counts towards the
// normalisation of betweenness, every document is a candidate for canonicality.
const BASE_KINDS: Record<ViewKind, ReadonlySet<string>> = {
  import: new Set(['file']),
  documentation: new Set(['document', 'artifact']),
  proximity: new Set(['file', 'document', 'artifact', 'package']),
};

/**
 * A view before it is a graph: its nodes in id order and one entry per joined pair in (from, to)
 * order, as integer endpoints. Signals run on this directly: a graphology graph of the 7k-file
 * import view costs ~0.3 s to build (string-keyed adjacency per edge) and they need none of it.
 */
export interface ViewTable {
  /** Node ids in compareStrings order: the graph's node order. */
  ids: string[];
  /** Attributes of ids[i]. */
  nodes: ViewNode[];
  /** Pair p joins ids[from[p]] → ids[to[p]]; pairs in (from, to) order: the graph's edge order. */
  from: Int32Array;
  to: Int32Array;
  edges: ViewEdge[];
}

/** An edge as a view needs it: its id, ends and relation (no evidence, no names). */
export type EdgeEnds = Pick<MapEdge, 'id' | 'from' | 'to' | 'relation'>;

/** What a view reads of a map: every node, and every edge's ends. */
export interface ViewSource {
  nodes: readonly MapNode[];
  edges: readonly EdgeEnds[];
}

export function viewTable(map: ViewSource, kind: ViewKind, opts: ViewOptions = {}): ViewTable {
  const relations = relationsOf(kind, opts);
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const keep = (n: MapNode | undefined): n is MapNode =>
    n !== undefined && (opts.external === true || n.external !== true);
  const kept = map.edges.filter(
    (e) => relations.has(e.relation) && e.from !== e.to && keep(byId.get(e.from)) && keep(byId.get(e.to)),
  );
  const set = new Set<string>();
  for (const n of map.nodes) if (BASE_KINDS[kind].has(n.kind) && keep(n)) set.add(n.id);
  for (const e of kept) set.add(e.from).add(e.to);
  const ids = [...set].sort(compareStrings);
  const index = new Map(ids.map((id, i) => [id, i]));
  const from: number[] = [];
  const to: number[] = [];
  const edges: ViewEdge[] = [];
  // Sorted by pair, the edges joining one pair are adjacent: each run becomes one view edge.
  for (const e of kept.sort(byPair)) {
    const last = edges.length - 1;
    const f = index.get(e.from)!;
    const t = index.get(e.to)!;
    if (last >= 0 && from[last] === f && to[last] === t) {
      edges[last]!.ids.push(e.id);
      edges[last]!.relations.push(e.relation);
    } else {
      from.push(f);
      to.push(t);
      edges.push({ ids: [e.id], relations: [e.relation] });
    }
  }
  return {
    ids,
    nodes: ids.map((id) => viewNode(byId.get(id)!)),
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    edges,
  };
}

export function buildView(map: ViewSource, kind: ViewKind, opts: ViewOptions = {}): View {
  const table = viewTable(map, kind, opts);
  const graph: View = new graphology.DirectedGraph<ViewNode, ViewEdge>();
  table.ids.forEach((id, i) => {
    graph.addNode(id, table.nodes[i]!);
  });
  table.edges.forEach((attrs, p) => {
    const [from, to] = [table.ids[table.from[p]!]!, table.ids[table.to[p]!]!];
    graph.addDirectedEdgeWithKey(`${from}>${to}`, from, to, attrs);
  });
  return graph;
}

function viewNode(n: MapNode): ViewNode {
  return { kind: n.kind, key: n.key, label: n.label, ...(n.path === undefined ? {} : { path: n.path }) };
}

function byPair(a: EdgeEnds, b: EdgeEnds): number {
  return compareStrings(a.from, b.from) || compareStrings(a.to, b.to) || compareStrings(a.id, b.id);
}
