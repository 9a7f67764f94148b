import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeItems, serializeMap, writeMapFile } from '../../src/map/emit.js';
import type { ProofMap } from '../../src/map/schema.js';
import { ringMap } from './synthetic-map.js';

/**
 * A map whose lines cross the emitter's 1 MiB buffer at every kind of boundary: thousands of
 * short lines, multi-byte characters (2, 3 and 4 bytes in UTF-8) and one node longer than the
 * buffer itself.
 */
function awkwardMap(): ProofMap {
  const map = ringMap(6000, (i) => ({ key: `src/é${i}/𝔘${'…'.repeat(i % 400)}.ts` }), {
    meta: { note: 'ä' },
    coverage: [{ analyzer: 'x', scope: 'y', status: 'skipped', reason: '…' }],
  });
  map.nodes[4321]!.key = `huge-${'ü…'.repeat(700_000)}`;
  return map;
}

/** The layout spelled out independently of the emitter: items one per line, meta indented. */
function expectedText(map: ProofMap): string {
  const section = (value: unknown) =>
    Array.isArray(value)
      ? value.length === 0
        ? '[]'
        : `[\n${value.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`
      : JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
  return `{\n${Object.entries(map)
    .map(([key, value]) => `  ${JSON.stringify(key)}: ${section(value)}`)
    .join(',\n')}\n}\n`;
}

describe('map.json emit', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-emit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const map = awkwardMap();
  const expected = expectedText(map);

  it('streams the same bytes as the layout, across buffer boundaries and multi-byte characters', () => {
    const file = writeMapFile(dir, map, serializeItems(map));
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('gives the same text whether the lines are given or serialised on the way', () => {
    expect(serializeMap(map)).toBe(expected);
    expect(serializeMap(map, serializeItems(map))).toBe(expected);
    const file = writeMapFile(dir, map);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
