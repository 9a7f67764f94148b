/**
 * The map read once into lookups every check shares. Ids are kept in sorted order so that every
 * traversal, and so every problem list, depends on the map's content alone.
 */
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import type { Evidence } from './types.js';

/** Edges along which code is loaded. Non-literal dynamic imports have no edge; they are coverage. */
export const LOAD_RELATIONS = new Set([
  'imports',
  'type-imports',
  're-exports',
  'requires',
  'dynamic-imports',
]);

/** Extensions of modules the JS/TS extractor parses; other files are data, not dead code. */
const MODULE_FILE = /\.(?:[cm]?[jt]sx?)$/;

export interface CheckGraph {
  map: ProofMap;
  nodes: Map<string, MapNode>;
  /** Node ids sorted by key. */
  sortedIds: string[];
  /** Outgoing edges per node id, sorted by target key then relation. */
  out: Map<string, MapEdge[]>;
  /** Incoming edges per node id. */
  in: Map<string, MapEdge[]>;
  byKey: Map<string, MapNode>;
}

export function checkGraph(map: ProofMap): CheckGraph {
  const nodes = new Map(map.nodes.map((n) => [n.id, n]));
  const sortedIds = [...nodes.values()].sort((a, b) => cmp(a.key, b.key)).map((n) => n.id);
  const out = new Map<string, MapEdge[]>();
  const inc = new Map<string, MapEdge[]>();
  for (const e of map.edges) {
    if (!nodes.has(e.from) || !nodes.has(e.to)) continue;
    push(out, e.from, e);
    push(inc, e.to, e);
  }
  const keyOf = (id: string) => nodes.get(id)!.key;
  const order = (a: MapEdge, b: MapEdge) =>
    cmp(keyOf(a.to), keyOf(b.to)) || cmp(a.relation, b.relation) || cmp(keyOf(a.from), keyOf(b.from));
  for (const list of out.values()) list.sort(order);
  for (const list of inc.values()) list.sort(order);
  return { map, nodes, sortedIds, out, in: inc, byKey: new Map(map.nodes.map((n) => [n.key, n])) };
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A source module whose imports were read (not a declaration file, not data). */
export function isModule(node: MapNode): boolean {
  return (
    node.kind === 'file' &&
    node.path !== undefined &&
    MODULE_FILE.test(node.path) &&
    !/\.d\.[cm]?ts$/.test(node.path)
  );
}

/** What a person calls the node: its path, else its key (`external:node:fs`, `ADR-3`). */
export const nameOf = (node: MapNode): string => node.path ?? node.key;

/** `path:line` of the first evidence, for messages. */
export const at = (e: Evidence | undefined): string =>
  e ? `${e.path}${e.line ? `:${e.line}` : ''}` : '(unknown place)';

/** Evidence pointing at the node's own file, line 1 (or where the node was found). */
export function nodeEvidence(node: MapNode): Evidence {
  return node.path ? { source: 'derived', path: node.path, line: 1 } : node.found_at;
}
