/**
 * computeSignals: every graph signal of a map in one pure pass — centrality (betweenness over the
 * import view), canonicality (PageRank over the documentation view), fan-in/out, import cycles,
 * area suggestions and the per-file severity the gate reads. The result is plain JSON, cached
 * in the index per snapshot epoch (store.putSignals('signals', …)); all numbers are rounded to
 * 1e-6 so that float noise can never make two runs differ.
 */
import type { ProofMap } from '../map/schema.js';
import type { Coverage, Evidence } from '../model/types.js';
import { brandes } from './betweenness.js';
import { SIGNALS_KIND, SIGNALS_VERSION } from './signals-keys.js';

export { SIGNALS_KIND, SIGNALS_VERSION };

import { areaSuggestions } from './communities.js';
import { cycleThrough, stronglyConnected } from './cycles.js';
import { type Indexed, indexTable } from './indexed.js';
import { pagerank } from './pagerank.js';
import { round6, samplePivots } from './prng.js';
import { dependentCounts } from './reach.js';
import { DEPENDENTS_CAP, type Severity, type SeverityThresholds, severityOf } from './severity.js';
import { type ViewTable, viewTable } from './views.js';

export interface ImportCycle {
  /** Node ids, starting at the smallest; the last imports the first. */
  nodes: string[];
  paths: string[];
  /** One map edge id per hop (nodes[i] → nodes[i+1], the last → nodes[0]). */
  edges: string[];
  /** One evidence per hop, in the same order. */
  evidence: Evidence[];
  /** Size of the strongly connected component the cycle was taken from. */
  component: number;
}

export interface Signals {
  version: number;
  centrality: {
    /** True when sampled (more than `exactUpTo` nodes in the import view). */
    approximate: boolean;
    /** Number of Brandes source nodes used (= nodes when exact). */
    pivots: number;
    nodes: number;
    /** Node id → normalised betweenness. */
    values: Record<string, number>;
  };
  /** Node id → PageRank over the documentation view (sums to 1). */
  canonicality: Record<string, number>;
  /** Node id → direct importers / imports in the import view. */
  fan_in: Record<string, number>;
  fan_out: Record<string, number>;
  cycles: { total: number; items: ImportCycle[] };
  suggestions: Coverage[];
  /** File path → severity of an edit. */
  severity: Record<string, Severity>;
}

export interface SignalOptions {
  /**
   * Exact betweenness up to this many nodes (default 2000). Brandes costs one BFS per source:
   * measured on the 7k-file benchmark (7,077 files, 43k import edges), 500 sources took ≈1 s on a
   * loaded 2-core box, so exact there would take ≈14 s against the 5 s budget.
   */
  exactUpTo?: number;
  /** Pivots for the sampled approximation (default 512). */
  pivots?: number;
  seed?: number;
  /** Import cycles reported (default 16; `total` still counts all). */
  maxCycles?: number;
  thresholds?: SeverityThresholds;
}

export function computeSignals(map: ProofMap, opts: SignalOptions = {}): Signals {
  const importView = viewTable(map, 'import');
  const imports = indexTable(importView);
  const n = imports.ids.length;
  const exact = n <= (opts.exactUpTo ?? 2000);
  const sources = exact ? undefined : samplePivots(n, opts.pivots ?? 512, opts.seed ?? 1);
  const between = brandes(imports, sources);
  const docs = indexTable(viewTable(map, 'documentation'));
  const ranks = pagerank(docs);
  const reach = dependentCounts(imports, DEPENDENTS_CAP);
  const centrality: Record<string, number> = {};
  const fanIn: Record<string, number> = {};
  const fanOut: Record<string, number> = {};
  const severity: Record<string, Severity> = {};
  imports.ids.forEach((id, i) => {
    centrality[id] = round6(between[i]!);
    fanIn[id] = imports.in[i]!.length;
    fanOut[id] = imports.out[i]!.length;
    const path = importView.nodes[i]!.path;
    const input = { fanIn: fanIn[id]!, dependents: reach[i]!, centrality: centrality[id]! };
    if (path !== undefined) severity[path] = severityOf(input, opts.thresholds);
  });
  const canonicality: Record<string, number> = {};
  docs.ids.forEach((id, i) => {
    canonicality[id] = round6(ranks[i]!);
  });
  const knownDirs = new Set(map.zones.map((z) => z.path));
  return {
    version: SIGNALS_VERSION,
    centrality: { approximate: !exact, pivots: sources?.length ?? n, nodes: n, values: centrality },
    canonicality,
    fan_in: fanIn,
    fan_out: fanOut,
    cycles: importCycles(map, importView, imports, opts.maxCycles ?? 16),
    suggestions: areaSuggestions(importView, { seed: opts.seed ?? 1, knownDirs }),
    severity,
  };
}

export function importCycles(map: ProofMap, view: ViewTable, graph: Indexed, max: number): Signals['cycles'] {
  const components = stronglyConnected(graph);
  const items = components.slice(0, max).map((component) => {
    const hops = cycleThrough(graph, component);
    return {
      nodes: hops.map((i) => graph.ids[i]!),
      paths: hops.map((i) => view.nodes[i]!.path ?? view.nodes[i]!.key),
      edges: hops.map((from, i) => view.edges[pairIndex(view, from, hops[(i + 1) % hops.length]!)]!.ids[0]!),
      evidence: [] as Evidence[],
      component: component.length,
    };
  });
  // Only the hops' edges are looked up: a map of every edge by id cost more than the cycles.
  const wanted = new Set(items.flatMap((c) => c.edges));
  const evidence = new Map<string, Evidence>();
  if (wanted.size > 0) for (const e of map.edges) if (wanted.has(e.id)) evidence.set(e.id, e.evidence[0]!);
  for (const cycle of items) cycle.evidence = cycle.edges.map((id) => evidence.get(id)!);
  return { total: components.length, items };
}

/** The view pair from → to, by binary search: pairs are in (from, to) order. */
function pairIndex(view: ViewTable, from: number, to: number): number {
  let low = 0;
  let high = view.from.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    const f = view.from[mid]!;
    if (f < from || (f === from && view.to[mid]! < to)) low = mid + 1;
    else high = mid;
  }
  return low;
}
