/**
 * GraphMemory: the in-process implementation of the GraphMemory contract (memory-contract.ts).
 * The observed snapshot is never altered: upserts land in a working layer above it and deletes
 * mask observed entries, so `clear()` always returns to exactly what the scan saw and an agent's
 * notes can never be mistaken for verified structure.
 */
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import { InputError } from '../model/errors.js';
import { compareStrings } from '../model/paths.js';
import {
  checkKeys,
  EDGE_FILTER_KEYS,
  type EdgeFilter,
  type GraphMemoryContract,
  NEIGHBOR_OPTION_KEYS,
  type Neighbor,
  type NeighborOptions,
  NODE_FILTER_KEYS,
  type NodeFilter,
  sameValue,
} from './memory-contract.js';

export type * from './memory-contract.js';

export class GraphMemory implements GraphMemoryContract {
  readonly #observedNodes: ReadonlyMap<string, MapNode>;
  readonly #observedEdges: ReadonlyMap<string, MapEdge>;
  #nodes = new Map<string, MapNode>();
  #edges = new Map<string, MapEdge>();
  #masked = new Set<string>();

  constructor(map: Pick<ProofMap, 'nodes' | 'edges'>) {
    this.#observedNodes = new Map(map.nodes.map((n) => [n.id, n]));
    this.#observedEdges = new Map(map.edges.map((e) => [e.id, e]));
  }

  async getNode(id: string): Promise<MapNode | null> {
    return this.#node(id) ?? null;
  }

  async getEdge(id: string): Promise<MapEdge | null> {
    return this.#edge(id) ?? null;
  }

  async findNodes(filter: NodeFilter = {}): Promise<MapNode[]> {
    checkKeys('node filter', filter, NODE_FILTER_KEYS);
    const out: MapNode[] = [];
    for (const id of this.#ids(this.#observedNodes, this.#nodes)) {
      const n = this.#node(id);
      if (n && matchesNode(n, filter)) out.push(n);
    }
    return out;
  }

  async findEdges(filter: EdgeFilter = {}): Promise<MapEdge[]> {
    checkKeys('edge filter', filter, EDGE_FILTER_KEYS);
    return this.#findEdges(filter);
  }

  /** Nodes within `depth` hops, nearest first then by id, each with its hop count. */
  async neighbors(id: string, opts: NeighborOptions = {}): Promise<Neighbor[]> {
    checkKeys('neighbor options', opts, NEIGHBOR_OPTION_KEYS);
    const depth = opts.depth ?? 1;
    if (!Number.isInteger(depth) || depth < 0)
      throw new InputError('neighbors: depth must be an integer ≥ 0');
    const direction = opts.direction ?? 'both';
    const adjacent = new Map<string, string[]>();
    const link = (a: string, b: string) => adjacent.set(a, [...(adjacent.get(a) ?? []), b]);
    for (const e of this.#findEdges(opts.label !== undefined ? { relation: opts.label } : {})) {
      if (direction !== 'in') link(e.from, e.to);
      if (direction !== 'out') link(e.to, e.from);
    }
    const seen = new Map<string, number>([[id, 0]]);
    let frontier = [id];
    for (let d = 1; d <= depth && frontier.length > 0; d++) {
      const next: string[] = [];
      for (const v of frontier)
        for (const w of adjacent.get(v) ?? [])
          if (!seen.has(w)) {
            seen.set(w, d);
            next.push(w);
          }
      frontier = next;
    }
    return [...seen]
      .filter(([n]) => n !== id)
      .sort((a, b) => a[1] - b[1] || compareStrings(a[0], b[0]))
      .map(([n, d]) => ({ node: this.#node(n)!, depth: d }));
  }

  async upsertNode(node: MapNode): Promise<void> {
    this.#masked.delete(node.id);
    this.#nodes.set(node.id, node);
  }

  async upsertEdge(edge: MapEdge): Promise<void> {
    if (!this.#node(edge.from) || !this.#node(edge.to)) {
      throw new InputError(`edge ${edge.id}: both endpoints must exist (${edge.from} → ${edge.to})`);
    }
    this.#masked.delete(edge.id);
    this.#edges.set(edge.id, edge);
  }

  async deleteNode(id: string): Promise<boolean> {
    const existed = this.#node(id) !== undefined;
    this.#nodes.delete(id);
    this.#masked.add(id);
    return existed;
  }

  async deleteEdge(id: string): Promise<boolean> {
    const existed = this.#edge(id) !== undefined;
    this.#edges.delete(id);
    this.#masked.add(id);
    return existed;
  }

  /** Drops the working layer: back to the observed snapshot. */
  async clear(): Promise<void> {
    this.#nodes.clear();
    this.#edges.clear();
    this.#masked.clear();
  }

  /** True when the working layer holds nothing. */
  get pristine(): boolean {
    return this.#nodes.size === 0 && this.#edges.size === 0 && this.#masked.size === 0;
  }

  #node(id: string): MapNode | undefined {
    if (this.#masked.has(id)) return undefined;
    return this.#nodes.get(id) ?? this.#observedNodes.get(id);
  }

  #edge(id: string): MapEdge | undefined {
    if (this.#masked.has(id)) return undefined;
    const edge = this.#edges.get(id) ?? this.#observedEdges.get(id);
    // An edge whose endpoint was deleted is masked with it.
    return edge && this.#node(edge.from) && this.#node(edge.to) ? edge : undefined;
  }

  #findEdges(filter: EdgeFilter): MapEdge[] {
    const out: MapEdge[] = [];
    for (const id of this.#ids(this.#observedEdges, this.#edges)) {
      const e = this.#edge(id);
      if (e && matchesEdge(e, filter)) out.push(e);
    }
    return out;
  }

  #ids(observed: ReadonlyMap<string, unknown>, working: ReadonlyMap<string, unknown>): string[] {
    return [...new Set([...observed.keys(), ...working.keys()])].sort(compareStrings);
  }
}

function matchesNode(n: MapNode, f: NodeFilter): boolean {
  if (f.kind !== undefined && n.kind !== f.kind) return false;
  if (f.zone !== undefined && n.zone !== f.zone) return false;
  if (f.label !== undefined && n.label !== f.label) return false;
  if (f.path !== undefined) {
    if (n.path === undefined) return false;
    if (f.path.endsWith('/') ? !n.path.startsWith(f.path) : n.path !== f.path) return false;
  }
  const own = n as unknown as Record<string, unknown>;
  return Object.entries(f.properties ?? {}).every(([k, v]) =>
    sameValue(k in own ? own[k] : n.metadata?.[k], v),
  );
}

function matchesEdge(e: MapEdge, f: EdgeFilter): boolean {
  const own = e as unknown as Record<string, unknown>;
  return (
    (f.from === undefined || e.from === f.from) &&
    (f.to === undefined || e.to === f.to) &&
    (f.relation === undefined || e.relation === f.relation) &&
    (f.label === undefined || e.relation === f.label) &&
    (f.namespace === undefined || e.namespace === f.namespace) &&
    Object.entries(f.properties ?? {}).every(([k, v]) => sameValue(own[k], v))
  );
}
