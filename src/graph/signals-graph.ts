/**
 * The graph as the signals worker needs it, in columns: what centrality, cycles, suggestions and
 * the gate entries read of each node and edge, and nothing else. Sent as JSON lines, the worker
 * parsed 32 MB of map (evidence excerpts, verified_by, first uses …) and collected it again on
 * the 7k-file monorepo; columns of strings and typed arrays cross a thread by structured clone at
 * a fraction of that. Edges keep only their first evidence line: a cycle's evidence is filled in
 * from the map on the scan thread, where the whole edge is (withCycleEvidence).
 */
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import type { Signals } from './signals.js';

export interface SignalsGraph {
  nodes: {
    id: string[];
    kind: MapNode['kind'][];
    key: string[];
    label: string[];
    /** '' for none: no node has an empty path. */
    path: string[];
    zone: string[];
    external: Uint8Array;
    /** Exported names; null where the node has no `exports`. */
    exports: (string[] | null)[];
  };
  edges: {
    id: string[];
    /** Node indexes. */
    from: Int32Array;
    to: Int32Array;
    relation: string[];
    names: (string[] | null)[];
    /** Line of the first evidence entry (0: none). */
    line: Int32Array;
  };
}

export function signalsGraph(nodes: readonly MapNode[], edges: readonly MapEdge[]): SignalsGraph {
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  // An endpoint that is no node (none is expected) keeps its id, past the node columns' end.
  const strays: string[] = [];
  const at = (id: string) => index.get(id) ?? nodes.length + strays.push(id) - 1;
  const from = new Int32Array(edges.length);
  const to = new Int32Array(edges.length);
  const line = new Int32Array(edges.length);
  edges.forEach((e, i) => {
    from[i] = at(e.from);
    to[i] = at(e.to);
    line[i] = e.evidence[0]?.line ?? 0;
  });
  return {
    nodes: {
      id: [...nodes.map((n) => n.id), ...strays],
      kind: nodes.map((n) => n.kind),
      key: nodes.map((n) => n.key),
      label: nodes.map((n) => n.label),
      path: nodes.map((n) => n.path ?? ''),
      zone: nodes.map((n) => n.zone),
      external: Uint8Array.from(nodes, (n) => (n.external === true ? 1 : 0)),
      exports: nodes.map((n) => n.exports?.map((x) => x.name) ?? null),
    },
    edges: {
      id: edges.map((e) => e.id),
      from,
      to,
      relation: edges.map((e) => e.relation),
      names: edges.map((e) => e.names ?? null),
      line,
    },
  };
}

/**
 * Nodes and edges rebuilt from the columns, holding the fields the signals and gate entries read
 * (a map's other fields are absent, its first evidence a line only).
 */
export function graphNodesAndEdges(g: SignalsGraph): Pick<ProofMap, 'nodes' | 'edges'> {
  const nodes = g.nodes.kind.map((kind, i) => {
    const node = {
      id: g.nodes.id[i]!,
      kind,
      key: g.nodes.key[i]!,
      label: g.nodes.label[i]!,
      zone: g.nodes.zone[i]!,
    };
    const path = g.nodes.path[i]!;
    const exports = g.nodes.exports[i];
    return {
      ...node,
      ...(path === '' ? {} : { path }),
      ...(g.nodes.external[i] === 1 ? { external: true } : {}),
      ...(exports ? { exports: exports.map((name) => ({ name })) } : {}),
    } as MapNode;
  });
  const edges = g.edges.id.map((id, i) => {
    const names = g.edges.names[i];
    const line = g.edges.line[i]!;
    return {
      id,
      from: g.nodes.id[g.edges.from[i]!]!,
      to: g.nodes.id[g.edges.to[i]!]!,
      relation: g.edges.relation[i]!,
      evidence: line === 0 ? [] : [{ line }],
      ...(names ? { names } : {}),
    } as unknown as MapEdge;
  });
  return { nodes, edges };
}

/** Signals computed over a SignalsGraph, with each cycle hop's evidence taken whole from the map. */
export function withCycleEvidence(signals: Signals, edges: readonly MapEdge[]): Signals {
  const wanted = new Set(signals.cycles.items.flatMap((c) => c.edges));
  if (wanted.size === 0) return signals;
  const evidence = new Map<string, MapEdge['evidence'][number]>();
  for (const e of edges) if (wanted.has(e.id)) evidence.set(e.id, e.evidence[0]!);
  for (const cycle of signals.cycles.items) cycle.evidence = cycle.edges.map((id) => evidence.get(id)!);
  return signals;
}
