import { describe, expect, it } from 'vitest';
import { serializeMap, serializeSection } from '../../src/map/emit.js';
import { ID_AT, MapText } from '../../src/map/map-text.js';
import type { ProofMap } from '../../src/map/schema.js';

const hex = (i: number) => i.toString(16).padStart(12, '0');

/** A map in serializeMap's layout with `n` nodes and two edges per node (the shape is all MapText reads). */
function bigMap(n: number): ProofMap {
  const nodes = Array.from({ length: n }, (_, i) => ({ id: hex(i), kind: 'file', key: `f${i}.ts` }));
  const edges = nodes.flatMap((node, i) =>
    [1, 2].map((k) => ({ id: hex(n + 2 * i + k), from: node.id, to: hex((i + k) % n), relation: 'imports' })),
  );
  return {
    $schema: 'proofmap.map/v1',
    meta: { version: 1 },
    zones: [],
    nodes,
    edges,
    flows: [],
    increments: [],
    findings: [],
    coverage: [],
  } as unknown as ProofMap;
}

describe('MapText', () => {
  const map = bigMap(500);
  const bytes = Buffer.from(serializeMap(map));

  it('renders the bytes it parsed, in a few slices of the old file whatever the entry count', () => {
    const text = MapText.parse(bytes)!;
    expect(text.nodes).toHaveLength(500);
    expect(text.edges).toHaveLength(1000);
    const chunks = text.chunks(serializeSection);
    expect(Buffer.concat(chunks as Buffer[]).equals(bytes)).toBe(true);
    // One slice per big array: consecutive old entries are one run, not an entry each.
    expect(chunks.length).toBeLessThan(40);
  });

  it('splices replaced, inserted and removed entries exactly as a fresh serialisation', () => {
    const text = MapText.parse(bytes)!;
    const edited = structuredClone(map);
    const node = { ...edited.nodes[7]!, label: 'changed "quoted" é' };
    edited.nodes[7] = node;
    text.nodes[7] = JSON.stringify(node);
    edited.edges.splice(300, 2);
    text.edges.splice(300, 2);
    const added = {
      id: hex(9999),
      from: hex(3),
      to: hex(4),
      relation: 'imports',
    } as ProofMap['edges'][number];
    edited.edges.splice(10, 0, added);
    text.edges.splice(10, 0, JSON.stringify(added));
    expect(text.render(serializeSection).toString('utf8')).toBe(serializeMap(edited));
    expect(text.field(text.nodes[7]!, ID_AT)).toBe(hex(7));
    expect(text.fieldIs(text.edges[11]!, ID_AT, hex(500 + 2 * 5 + 1))).toBe(true);
    expect(JSON.parse(text.text(text.nodes[8]!))).toEqual(map.nodes[8]);
  });

  it('refuses bytes in another layout', () => {
    expect(MapText.parse(Buffer.from(JSON.stringify(map)))).toBeUndefined();
    const broken = Buffer.from(
      serializeMap(map).replace('},\n    {"id":"000000000002"', '}\n    {"id":"000000000002"'),
    );
    expect(MapText.parse(broken)).toBeUndefined();
  });
});
