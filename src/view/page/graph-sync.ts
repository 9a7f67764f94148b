/**
 * Keeps sigma's graph equal to a projection: nodes and edges that left are dropped, new ones
 * added, bundles whose counts moved updated in place. Positions never change (they were laid out
 * in Node), so an expand adds files where their zone's disc already is and nothing else moves.
 */
import type { MultiDirectedGraph } from 'graphology';
import type { ViewData } from '../data.js';
import { EDGE_COLORS, EXTERNAL_COLOR, edgeColor, KIND_COLORS, zoneColor } from './colors.js';
import type { MapIndex } from './index.js';
import { type Bundle, type Projection, zoneNodeId } from './projection.js';

export function nodeSize(weight: number, maxWeight: number): number {
  return 2.5 + 11 * Math.sqrt(weight / maxWeight);
}

export function syncGraph(graph: MultiDirectedGraph, idx: MapIndex, p: Projection, dark: boolean): void {
  const data: ViewData = idx.data;
  let maxWeight = 1e-9;
  for (const n of data.nodes) if (n.weight > maxWeight) maxWeight = n.weight;
  let maxFiles = 1;
  for (const z of data.zones) maxFiles = Math.max(maxFiles, z.files || z.count);
  const wanted = new Set<string>([...p.files, ...p.zones.map(zoneNodeId)]);
  for (const id of graph.nodes()) if (!wanted.has(id)) graph.dropNode(id);
  for (const id of p.files) {
    if (graph.hasNode(id)) continue;
    const n = idx.node.get(id)!;
    graph.addNode(id, {
      x: n.x,
      y: n.y,
      label: n.label,
      size: nodeSize(n.weight, maxWeight),
      color: n.external ? EXTERNAL_COLOR : (KIND_COLORS[n.kind] ?? EXTERNAL_COLOR),
      zIndex: 1,
    });
  }
  for (const zone of p.zones) {
    const id = zoneNodeId(zone);
    if (graph.hasNode(id)) continue;
    const z = idx.zone.get(zone)!;
    const files = z.files || z.count;
    graph.addNode(id, {
      x: z.x,
      y: z.y,
      label: `${z.label} · ${files} ${z.files ? 'files' : 'nodes'}`,
      size: 5 + 22 * Math.sqrt(files / maxFiles),
      color: zoneColor(zone, dark),
      zIndex: 0,
    });
  }
  const wantedEdges = new Set<string>([...p.fileEdges.map((e) => e.id), ...p.bundles.map((b) => b.key)]);
  for (const key of graph.edges()) if (!wantedEdges.has(key)) graph.dropEdge(key);
  for (const e of p.fileEdges) {
    if (graph.hasEdge(e.id)) continue;
    graph.addDirectedEdgeWithKey(e.id, e.from, e.to, {
      color: edgeColor(e.namespace, e.trust, dark),
      size: 0.6,
    });
  }
  for (const b of p.bundles) {
    const attrs = bundleAttributes(b, dark);
    if (graph.hasEdge(b.key)) graph.mergeEdgeAttributes(b.key, attrs);
    else graph.addDirectedEdgeWithKey(b.key, b.from, b.to, attrs);
  }
}

/** A bundle is as thick as the log of its count; coloured as code unless it holds no import. */
function bundleAttributes(b: Bundle, dark: boolean) {
  const colors = EDGE_COLORS[dark ? 'dark' : 'light'];
  return {
    size: 0.8 + 1.6 * Math.log10(1 + b.total),
    color: b.imports + b.types === 0 ? colors['typed-link'] : colors.high,
    count: b.total,
    imports: b.imports,
    types: b.types,
    members: b.edges,
  };
}
