/**
 * The view's data: what the page needs from map.json, flattened and laid out. Built in Node so
 * the page does no analysis (fronts hold no logic of their own): positions, labels and the same
 * import cycles `proofmap check` finds are computed here. src/view/pack.ts turns this into the
 * compact form embedded in the HTML and back.
 */
import { importCycles } from '../checkup/cycles.js';
import { checkGraph } from '../checkup/graph.js';
import type { MapEdge, ProofMap } from '../map/schema.js';
import { layoutMap } from './layout.js';

/** Above this many nodes the page opens on the package/zone graph instead of every file. */
export const OVERVIEW_THRESHOLD = 1500;

export interface ViewNode {
  id: string;
  /** The name shown: a file with its folder (`toDate/index.ts`), so twenty index.ts tell apart. */
  label: string;
  kind: string;
  zone: string;
  path?: string;
  x: number;
  y: number;
  /** Size weight in [0, 1]: centrality when signals were given (fan-in for nodes they omit), else fan-in. */
  weight: number;
  exports: string[];
  external?: boolean;
  /** Change since the previous version of the map. */
  change?: 'added' | 'stale';
}

export interface ViewEvidence {
  path: string;
  line?: number;
  excerpt?: string;
}

export interface ViewEdge {
  /** `e<index>`: the edge's position in the map, which the embedded form keeps. */
  id: string;
  from: string;
  to: string;
  relation: string;
  namespace: string;
  trust: string;
  evidence: ViewEvidence[];
}

export interface ViewZone {
  id: string;
  label: string;
  kind: string;
  x: number;
  y: number;
  r: number;
  /** Nodes in the zone, and how many of them are files (what a package is sized by). */
  count: number;
  files: number;
}

export interface ViewCycle {
  /** runtime: the cycles `proofmap check` warns about; type-only: closed only by type imports. */
  kind: 'runtime' | 'type-only';
  /** The loop, in walking order. */
  nodes: string[];
  edges: string[];
  /** Modules in its strongly connected component (the loop is the shortest one through it). */
  component: number;
}

/** A suggested area (graph/areas.ts) drawn as an optional outline around its nodes. */
export interface ViewArea {
  name: string;
  x: number;
  y: number;
  r: number;
  count: number;
  cohesion: number;
}

export interface ViewData {
  meta: { map_id: string; version: number; status: string; generator: string };
  sizeBy: 'centrality' | 'fan-in';
  /** Open on the package graph (zones as nodes, imports counted between them). */
  overview: boolean;
  /** Evidence excerpts were left out to keep a large page small; file:line is always there. */
  excerpts: boolean;
  zones: ViewZone[];
  nodes: ViewNode[];
  edges: ViewEdge[];
  flows: { name: string; node_ids: string[]; edge_ids: string[] }[];
  cycles: ViewCycle[];
  coverage: { scope: string; status: string; reason: string; analyzer: string }[];
  /** Suggested areas, when the generator was given them; the page shows them on request. */
  areas?: ViewArea[];
  /** The latest increment, absent on a first scan (where everything is "added" and says nothing). */
  increment?: { version: number; added: number; stale: number; removed: number };
}

export interface ViewOptions {
  /** Centrality per node id from graph signals; fan-in is used where it is absent. */
  centrality?: Record<string, number>;
  /** Force the package graph on (true) or off (false); default: above OVERVIEW_THRESHOLD nodes. */
  overview?: boolean;
  /** Suggested areas (name, member files, cohesion), for the page's optional areas layer. */
  areas?: readonly { name: string; files: readonly string[]; cohesion: number }[];
}

const EXCERPT_MAX = 160;

/** `src/toDate/index.ts` → `toDate/index.ts`; a label that is not the file name stays as it is. */
export function viewLabel(label: string, path: string | undefined): string {
  if (!path) return label;
  const parts = path.split('/');
  if (parts.length < 2 || parts.at(-1) !== label) return label;
  return `${parts.at(-2)}/${label}`;
}

export function buildViewData(map: ProofMap, options: ViewOptions = {}): ViewData {
  const fanIn = new Map<string, number>();
  for (const e of map.edges) fanIn.set(e.to, (fanIn.get(e.to) ?? 0) + 1);
  const centrality = options.centrality;
  // Both scales are brought to [0, 1] so that a node outside the signals' import view (a
  // document) sized by its fan-in is comparable with a module sized by its centrality.
  const maxOf = (values: Iterable<number>) => Math.max(0, ...values) || 1;
  const maxCentrality = maxOf(Object.values(centrality ?? {}));
  const maxFanIn = maxOf(fanIn.values());
  const weightOf = (id: string) => {
    const c = centrality?.[id];
    return Math.round((c !== undefined ? c / maxCentrality : (fanIn.get(id) ?? 0) / maxFanIn) * 1e6) / 1e6;
  };
  const nodes = [...map.nodes].sort((a, b) => (a.id < b.id ? -1 : 1));
  const layout = layoutMap(nodes.map((n) => ({ id: n.id, zone: n.zone, weight: weightOf(n.id) })));
  const latest = map.increments.at(-1);
  const showChanges = latest !== undefined && latest.version > 1;
  const added = new Set(showChanges ? latest.added_node_ids : []);
  const stale = new Set(showChanges ? latest.stale_node_ids : []);
  const counts = new Map<string, { count: number; files: number }>();
  for (const n of nodes) {
    const c = counts.get(n.zone) ?? { count: 0, files: 0 };
    c.count++;
    if (n.kind === 'file') c.files++;
    counts.set(n.zone, c);
  }
  const zoneMeta = new Map(map.zones.map((z) => [z.id, z]));
  const overview = options.overview ?? map.nodes.length > OVERVIEW_THRESHOLD;
  const edgeId = new Map(map.edges.map((e, i) => [e.id, `e${i}`]));
  const areas = options.areas && areaOutlines(options.areas, nodes, layout.positions);
  return {
    meta: {
      map_id: map.meta.map_id,
      version: map.meta.version,
      status: map.meta.status,
      generator: `${map.meta.generator} ${map.meta.generator_version}`,
    },
    sizeBy: centrality ? 'centrality' : 'fan-in',
    overview,
    excerpts: !overview,
    zones: layout.zones.map((d) => ({
      ...d,
      label: zoneMeta.get(d.id)?.label ?? d.id,
      kind: zoneMeta.get(d.id)?.kind ?? 'folder',
      count: counts.get(d.id)?.count ?? 0,
      files: counts.get(d.id)?.files ?? 0,
    })),
    nodes: nodes.map((n) => {
      const p = layout.positions.get(n.id)!;
      const change = added.has(n.id) ? 'added' : stale.has(n.id) ? 'stale' : undefined;
      return {
        id: n.id,
        label: viewLabel(n.label, n.path),
        kind: n.kind,
        zone: n.zone,
        ...(n.path !== undefined ? { path: n.path } : {}),
        x: p.x,
        y: p.y,
        weight: weightOf(n.id),
        exports: (n.exports ?? []).map((e) => e.name),
        ...(n.external ? { external: true } : {}),
        ...(change ? { change } : {}),
      };
    }),
    edges: map.edges.map((e, i) => viewEdge(e, i, !overview)),
    flows: map.flows.map(({ name, node_ids, edge_ids }) => ({
      name,
      node_ids,
      edge_ids: edge_ids.flatMap((id) => (edgeId.has(id) ? [edgeId.get(id)!] : [])),
    })),
    cycles: importCycles(checkGraph(map)).map((c) => ({
      kind: c.kind,
      nodes: c.edges.map((e) => e.from),
      edges: c.edges.map((e) => edgeId.get(e.id)!),
      component: c.component.length,
    })),
    coverage: map.coverage.map(({ scope, status, reason, analyzer }) => ({
      scope,
      status,
      reason,
      analyzer,
    })),
    ...(areas && areas.length > 0 ? { areas } : {}),
    ...(showChanges
      ? {
          increment: {
            version: latest.version,
            added: latest.added_node_ids.length,
            stale: latest.stale_node_ids.length,
            removed: latest.removed_node_ids.length,
          },
        }
      : {}),
  };
}

/** Each area as the smallest circle about its members' centroid that holds them all, padded. */
function areaOutlines(
  areas: NonNullable<ViewOptions['areas']>,
  nodes: readonly ProofMap['nodes'][number][],
  positions: ReadonlyMap<string, { x: number; y: number }>,
): ViewArea[] {
  const at = new Map<string, { x: number; y: number }>();
  for (const n of nodes) if (n.path !== undefined && n.kind === 'file') at.set(n.path, positions.get(n.id)!);
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return areas.flatMap((a) => {
    const points = a.files.flatMap((f) => (at.has(f) ? [at.get(f)!] : []));
    if (points.length === 0) return [];
    const x = points.reduce((sum, p) => sum + p.x, 0) / points.length;
    const y = points.reduce((sum, p) => sum + p.y, 0) / points.length;
    const r = Math.max(...points.map((p) => Math.hypot(p.x - x, p.y - y))) * 1.08 + 1;
    return [
      { name: a.name, x: round(x), y: round(y), r: round(r), count: points.length, cohesion: a.cohesion },
    ];
  });
}

function viewEdge(e: MapEdge, index: number, excerpts: boolean): ViewEdge {
  return {
    id: `e${index}`,
    from: e.from,
    to: e.to,
    relation: e.relation,
    namespace: e.namespace,
    trust: e.trust,
    evidence: e.evidence.map((ev) => ({
      path: ev.path,
      ...(ev.line !== undefined ? { line: ev.line } : {}),
      ...(excerpts && ev.excerpt !== undefined ? { excerpt: oneLine(ev.excerpt) } : {}),
    })),
  };
}

const oneLine = (s: string) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_MAX ? `${line.slice(0, EXCERPT_MAX - 1)}…` : line;
};
