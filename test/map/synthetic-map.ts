/**
 * Hand-built maps in serializeMap's layout for the emit, map-text and spans tests: the shape is
 * all those modules read, so a few fields per node and edge are enough.
 */
import type { MapText } from '../../src/map/map-text.js';
import type { ProofMap } from '../../src/map/schema.js';

export const hex = (i: number) => i.toString(16).padStart(12, '0');

type Node = { id: string; kind: string; key: string; label?: string };

/** The map around its nodes and edges, in the section order serializeMap writes. */
export function mapOf(
  nodes: Node[],
  edges: { id: string; from: string; to: string; relation: string }[],
  extra: { meta?: Record<string, unknown>; coverage?: unknown[] } = {},
): ProofMap {
  return {
    $schema: 'proofmap.map/v1',
    meta: { version: 1, ...extra.meta },
    zones: [],
    nodes,
    edges,
    flows: [],
    increments: [],
    findings: [],
    coverage: extra.coverage ?? [],
  } as unknown as ProofMap;
}

/** `n` file nodes with two import edges each (to the next two nodes, around a ring). */
export function ringMap(
  n: number,
  node: (i: number) => Partial<Node> = () => ({}),
  extra?: Parameters<typeof mapOf>[2],
): ProofMap {
  const nodes = Array.from({ length: n }, (_, i) => ({
    id: hex(i),
    kind: 'file',
    key: `f${i}.ts`,
    ...node(i),
  }));
  const edges = nodes.flatMap((from, i) =>
    [1, 2].map((k) => ({ id: hex(n + 2 * i + k), from: from.id, to: hex((i + k) % n), relation: 'imports' })),
  );
  return mapOf(nodes, edges, extra);
}

/**
 * The same three edits on a map and on its text: node 7 relabelled (quotes, a non-ASCII letter),
 * edges 300 and 301 removed, a new edge inserted at 10. Returns the edited map.
 */
export function spliceBoth(map: ProofMap, text: MapText): ProofMap {
  const edited = structuredClone(map);
  const node = { ...edited.nodes[7]!, label: 'changed "quoted" é' };
  edited.nodes[7] = node;
  text.nodes[7] = JSON.stringify(node);
  edited.edges.splice(300, 2);
  text.edges.splice(300, 2);
  const added = { id: hex(9999), from: hex(3), to: hex(4), relation: 'imports' } as ProofMap['edges'][number];
  edited.edges.splice(10, 0, added);
  text.edges.splice(10, 0, JSON.stringify(added));
  return edited;
}
