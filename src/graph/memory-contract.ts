/**
 * The GraphMemory contract: the map as a read/write graph an agent framework keeps working notes
 * in. Any implementation (the in-process class, the MCP tools, a store-backed one) must pass the
 * conformance suite in test/graph/memory-conformance.ts. The rules it checks:
 *  - every method returns a Promise (a remote or store-backed memory cannot answer synchronously);
 *  - a missing node or edge is `null`, never `undefined`;
 *  - filters filter: each key narrows the answer, and a key the contract does not define rejects
 *    the call (a misspelt filter that silently matched everything is how notes get lost);
 *  - `label` on an edge is its relation (the property-graph word for it), `properties` compares
 *    node or edge fields and node metadata by value;
 *  - results are sorted by id, neighbours nearest first then by id: answers are deterministic.
 */
import type { MapEdge, MapNode } from '../map/schema.js';
import { InputError } from '../model/errors.js';

export interface NodeFilter {
  kind?: MapNode['kind'];
  zone?: string;
  /** Exact path, or a prefix ending in '/'. */
  path?: string;
  label?: string;
  /** Each entry must equal the node's field of that name, else its metadata entry (`status`). */
  properties?: Record<string, unknown>;
}

export interface EdgeFilter {
  from?: string;
  to?: string;
  /** The edge's relation (`imports`, `supersedes` …). */
  label?: string;
  /** The same as `label`, in the map's own word. */
  relation?: string;
  namespace?: MapEdge['namespace'];
  /** Each entry must equal the edge's field of that name (`trust`, `verified_by`). */
  properties?: Record<string, unknown>;
}

export interface NeighborOptions {
  /** Hops to follow (default 1). */
  depth?: number;
  /** Follow only edges with this relation. */
  label?: string;
  direction?: 'out' | 'in' | 'both';
}

export interface Neighbor {
  node: MapNode;
  depth: number;
}

export interface GraphMemoryContract {
  getNode(id: string): Promise<MapNode | null>;
  getEdge(id: string): Promise<MapEdge | null>;
  findNodes(filter?: NodeFilter): Promise<MapNode[]>;
  findEdges(filter?: EdgeFilter): Promise<MapEdge[]>;
  neighbors(id: string, opts?: NeighborOptions): Promise<Neighbor[]>;
  upsertNode(node: MapNode): Promise<void>;
  /** Rejects when an endpoint does not exist. */
  upsertEdge(edge: MapEdge): Promise<void>;
  /** True when the node existed. Its edges disappear with it. */
  deleteNode(id: string): Promise<boolean>;
  deleteEdge(id: string): Promise<boolean>;
  /** Back to exactly what the scan observed. */
  clear(): Promise<void>;
}

export const NODE_FILTER_KEYS = ['kind', 'zone', 'path', 'label', 'properties'] as const;
export const EDGE_FILTER_KEYS = ['from', 'to', 'label', 'relation', 'namespace', 'properties'] as const;
export const NEIGHBOR_OPTION_KEYS = ['depth', 'label', 'direction'] as const;

/** Throws on a key outside `allowed` (and on a non-object filter), naming the keys that exist. */
export function checkKeys(what: string, value: unknown, allowed: readonly string[]): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InputError(`${what} must be an object`);
  const unknown = Object.keys(value).filter((k) => !allowed.includes(k));
  if (unknown.length > 0)
    throw new InputError(`${what}: unknown key ${unknown.map((k) => JSON.stringify(k)).join(', ')}`, {
      hint: `use ${allowed.join(', ')}`,
    });
  const props = (value as { properties?: unknown }).properties;
  if (props !== undefined && (props === null || typeof props !== 'object' || Array.isArray(props)))
    throw new InputError(`${what}: properties must be an object of field → value`);
}

/** Value equality for `properties`: JSON-shaped values compared by their JSON. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));
}
