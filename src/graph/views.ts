/**
 * Views: graphology graphs over one slice of the map's relations. Nodes and edges are inserted in
 * sorted id order, so iteration order depends on the content, not on the order the scan listed
 * files in; that is what keeps every signal computed over a view identical across runs.
 */
import graphology from 'graphology';
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
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

export function buildView(map: ProofMap, kind: ViewKind, opts: ViewOptions = {}): View {
  const relations = relationsOf(kind, opts);
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const keep = (n: MapNode | undefined): n is MapNode =>
    n !== undefined && (opts.external === true || n.external !== true);
  const edges = map.edges.filter(
    (e) => relations.has(e.relation) && e.from !== e.to && keep(byId.get(e.from)) && keep(byId.get(e.to)),
  );
  const ids = new Set<string>();
  for (const n of map.nodes) if (BASE_KINDS[kind].has(n.kind) && keep(n)) ids.add(n.id);
  for (const e of edges) ids.add(e.from).add(e.to);

  const graph: View = new graphology.DirectedGraph<ViewNode, ViewEdge>();
  for (const id of [...ids].sort(compareStrings)) graph.addNode(id, viewNode(byId.get(id)!));
  for (const e of edges.sort(byPair)) addEdge(graph, e);
  return graph;
}

function viewNode(n: MapNode): ViewNode {
  return { kind: n.kind, key: n.key, label: n.label, ...(n.path === undefined ? {} : { path: n.path }) };
}

function byPair(a: MapEdge, b: MapEdge): number {
  return compareStrings(a.from, b.from) || compareStrings(a.to, b.to) || compareStrings(a.id, b.id);
}

function addEdge(graph: View, e: MapEdge): void {
  const key = `${e.from}>${e.to}`;
  if (graph.hasEdge(key)) {
    const attrs = graph.getEdgeAttributes(key);
    attrs.ids.push(e.id);
    attrs.relations.push(e.relation);
  } else {
    graph.addDirectedEdgeWithKey(key, e.from, e.to, { ids: [e.id], relations: [e.relation] });
  }
}
