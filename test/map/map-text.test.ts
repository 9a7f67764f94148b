import { describe, expect, it } from 'vitest';
import { serializeMap, serializeSection } from '../../src/map/emit.js';
import { ID_AT, MapText } from '../../src/map/map-text.js';
import { ringMap as bigMap, hex, spliceBoth } from './synthetic-map.js';

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
    const edited = spliceBoth(map, text);
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
