/**
 * GraphMemory: the map as a read/write graph for agent frameworks. The observed snapshot is
 * never altered: upserts land in a working layer above it and deletes mask observed entries, so
 * `clear()` always returns to exactly what the scan saw and an agent's notes can never be mistaken
 * for verified structure.
 */
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import { compareStrings } from '../model/paths.js';

export interface NodeFilter {
  kind?: MapNode['kind'];
  zone?: string;
  /** Exact path, or a prefix ending in '/'. */
  path?: string;
  label?: string;
}

export interface EdgeFilter {
  from?: string;
  to?: string;
  relation?: string;
  namespace?: MapEdge['namespace'];
}

export interface NeighborOptions {
  /** Hops to follow (default 1). */
  depth?: number;
  /** Follow only edges with this relation. */
  label?: string;
  direction?: 'out' | 'in' | 'both';
}

export class GraphMemory {
  readonly #observedNodes: ReadonlyMap<string, MapNode>;
  readonly #observedEdges: ReadonlyMap<string, MapEdge>;
  #nodes = new Map<string, MapNode>();
  #edges = new Map<string, MapEdge>();
  #masked = new Set<string>();

  constructor(map: Pick<ProofMap, 'nodes' | 'edges'>) {
    this.#observedNodes = new Map(map.nodes.map((n) => [n.id, n]));
    this.#observedEdges = new Map(map.edges.map((e) => [e.id, e]));
  }

  getNode(id: string): MapNode | undefined {
    if (this.#masked.has(id)) return undefined;
    return this.#nodes.get(id) ?? this.#observedNodes.get(id);
  }

  getEdge(id: string): MapEdge | undefined {
    if (this.#masked.has(id)) return undefined;
    const edge = this.#edges.get(id) ?? this.#observedEdges.get(id);
    // An edge whose endpoint was deleted is masked with it.
    return edge && this.getNode(edge.from) && this.getNode(edge.to) ? edge : undefined;
  }

  findNodes(filter: NodeFilter = {}): MapNode[] {
    const out: MapNode[] = [];
    for (const id of this.#ids(this.#observedNodes, this.#nodes)) {
      const n = this.getNode(id);
      if (n && matchesNode(n, filter)) out.push(n);
    }
    return out;
  }

  findEdges(filter: EdgeFilter = {}): MapEdge[] {
    const out: MapEdge[] = [];
    for (const id of this.#ids(this.#observedEdges, this.#edges)) {
      const e = this.getEdge(id);
      if (e && matchesEdge(e, filter)) out.push(e);
    }
    return out;
  }

  /** Nodes within `depth` hops, nearest first then by id, each with its hop count. */
  neighbors(id: string, opts: NeighborOptions = {}): { node: MapNode; depth: number }[] {
    const direction = opts.direction ?? 'both';
    const edges = this.findEdges(opts.label ? { relation: opts.label } : {});
    const adjacent = new Map<string, string[]>();
    const link = (a: string, b: string) => adjacent.set(a, [...(adjacent.get(a) ?? []), b]);
    for (const e of edges) {
      if (direction !== 'in') link(e.from, e.to);
      if (direction !== 'out') link(e.to, e.from);
    }
    const seen = new Map<string, number>([[id, 0]]);
    let frontier = [id];
    for (let d = 1; d <= (opts.depth ?? 1) && frontier.length > 0; d++) {
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
      .map(([n, depth]) => ({ node: this.getNode(n)!, depth }));
  }

  upsertNode(node: MapNode): void {
    this.#masked.delete(node.id);
    this.#nodes.set(node.id, node);
  }

  upsertEdge(edge: MapEdge): void {
    if (!this.getNode(edge.from) || !this.getNode(edge.to)) {
      throw new Error(`edge ${edge.id}: both endpoints must exist (${edge.from} → ${edge.to})`);
    }
    this.#masked.delete(edge.id);
    this.#edges.set(edge.id, edge);
  }

  deleteNode(id: string): boolean {
    const existed = this.getNode(id) !== undefined;
    this.#nodes.delete(id);
    this.#masked.add(id);
    return existed;
  }

  deleteEdge(id: string): boolean {
    const existed = this.getEdge(id) !== undefined;
    this.#edges.delete(id);
    this.#masked.add(id);
    return existed;
  }

  /** Drops the working layer: back to the observed snapshot. */
  clear(): void {
    this.#nodes.clear();
    this.#edges.clear();
    this.#masked.clear();
  }

  /** True when the working layer holds nothing. */
  get pristine(): boolean {
    return this.#nodes.size === 0 && this.#edges.size === 0 && this.#masked.size === 0;
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
  return true;
}

function matchesEdge(e: MapEdge, f: EdgeFilter): boolean {
  return (
    (f.from === undefined || e.from === f.from) &&
    (f.to === undefined || e.to === f.to) &&
    (f.relation === undefined || e.relation === f.relation) &&
    (f.namespace === undefined || e.namespace === f.namespace)
  );
}
