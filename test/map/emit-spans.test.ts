import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  serializeItems,
  serializeMap,
  serializeSection,
  writeMapFile,
  writeMapText,
} from '../../src/map/emit.js';
import { openMapBySpans, writeMapSpans } from '../../src/map/emit-spans.js';
import { FROM_AT, ID_AT, MapText, SpanTable, TO_AT } from '../../src/map/map-text.js';
import type { ProofMap } from '../../src/map/schema.js';
import { fileStamp } from '../../src/scan-support.js';
import { hex, ringMap, spliceBoth } from './synthetic-map.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Labels with non-ASCII text, so that byte and character offsets differ. */
const bigMap = (n: number) =>
  ringMap(n, (i) => ({ label: `é${i}` }), {
    coverage: [{ analyzer: 'x', scope: 'ü.ts', status: 'skipped', reason: 'r' }],
  });

/** Writes the map as a full build does (map.json, then its spans table); returns the root and stamp. */
function written(map: ProofMap): { root: string; stamp: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-spans-'));
  dirs.push(root);
  const items = serializeItems(map);
  const spans = new SpanTable(items.nodes.length, items.edges.length);
  const file = writeMapFile(root, map, items, spans);
  const stamp = fileStamp(file)!;
  writeMapSpans(root, stamp, spans.table());
  return { root, stamp };
}

/** A 300-entry map written with its table, opened by it, and the same splice made on both. */
function openedAndSpliced() {
  const map = bigMap(300);
  const { root, stamp } = written(map);
  const opened = openMapBySpans(root, stamp)!;
  const text = opened.text;
  return { root, opened, text, edited: spliceBoth(map, text) };
}

const mapFile = (root: string) => path.join(root, '.proofmap/map.json');

describe('the spans table beside map.json', () => {
  it('locates every entry and its ids as a parse of the whole file does', () => {
    const map = bigMap(300);
    const { root, stamp } = written(map);
    const parsed = MapText.parse(readFileSync(mapFile(root)))!;
    const opened = openMapBySpans(root, stamp)!;
    try {
      const text = opened.text;
      expect(text.small).toEqual(parsed.small);
      expect(text.nodes.map((n) => text.text(n))).toEqual(parsed.nodes.map((n) => parsed.text(n)));
      expect(text.edges.map((e) => text.text(e))).toEqual(parsed.edges.map((e) => parsed.text(e)));
      for (const [i, e] of text.edges.entries())
        for (const at of [ID_AT, FROM_AT, TO_AT]) {
          expect(text.field(e, at)).toBe(parsed.field(parsed.edges[i]!, at));
          expect(text.fieldIs(e, at, parsed.field(parsed.edges[i]!, at))).toBe(true);
        }
      expect(text.field(text.nodes[5]!, ID_AT)).toBe(hex(5));
      // An offset the table does not hold is read from the file.
      expect(text.field(text.nodes[5]!, FROM_AT)).toBe(parsed.field(parsed.nodes[5]!, FROM_AT));
    } finally {
      opened.close();
    }
  });

  it('writes a splice as a fresh serialisation, and a table the next splice can use', () => {
    const { root, opened, text, edited } = openedAndSpliced();
    const spans = new SpanTable(text.nodes.length, text.edges.length);
    const chunks = text.chunks(serializeSection, spans);
    // Untouched entries are runs of the old file, copied when written, not read into memory.
    expect(chunks.some((c) => !(c instanceof Uint8Array))).toBe(true);
    const file = writeMapText(root, chunks);
    opened.close();
    expect(readFileSync(file, 'utf8')).toBe(serializeMap(edited));
    const stampNow = fileStamp(file)!;
    writeMapSpans(root, stampNow, spans.table());
    const again = openMapBySpans(root, stampNow)!;
    try {
      const parsed = MapText.parse(readFileSync(file))!;
      expect(again.text.edges.map((e) => again.text.text(e))).toEqual(
        parsed.edges.map((e) => parsed.text(e)),
      );
      expect(again.text.edges.map((e) => again.text.field(e, TO_AT))).toEqual(
        parsed.edges.map((e) => parsed.field(e, TO_AT)),
      );
      expect(again.text.nodes.map((n) => again.text.text(n))).toEqual(
        parsed.nodes.map((n) => parsed.text(n)),
      );
    } finally {
      again.close();
    }
  });

  it("writes a splice's table with the old ids as views, byte for byte the table a full build writes", () => {
    const { root, opened, text, edited } = openedAndSpliced();
    const spans = text.spanTable();
    const file = writeMapText(root, text.chunks(serializeSection, spans));
    const table = spans.chunked();
    // Several chunks: the runs of old entries are views of the old table, between the new lines.
    expect(table.ids.length).toBeGreaterThan(2);
    writeMapSpans(root, fileStamp(file)!, table);
    opened.close();
    const cold = written(edited);
    const body = (dir: string) => {
      const bytes = readFileSync(path.join(dir, '.proofmap/map-spans.bin'));
      return bytes.subarray(bytes.indexOf(0x0a) + 1);
    };
    expect(body(root).equals(body(cold.root))).toBe(true);
    expect(readFileSync(file).equals(readFileSync(mapFile(cold.root)))).toBe(true);
  });

  it('is not used for any other map.json, nor when damaged', () => {
    const { root, stamp } = written(bigMap(50));
    expect(openMapBySpans(root, 'another:stamp')).toBeUndefined();
    // The same bytes written again: a new inode and time, so not the map the table describes.
    writeFileSync(mapFile(root), readFileSync(mapFile(root)));
    expect(openMapBySpans(root, fileStamp(mapFile(root))!)).toBeUndefined();
    const other = written(bigMap(50));
    truncateSync(path.join(other.root, '.proofmap/map-spans.bin'), 300);
    expect(openMapBySpans(other.root, other.stamp)).toBeUndefined();
    expect(stamp).not.toBe('');
  });

  it('reads several entries near each other in one read, far ones apart, each text as read alone', () => {
    const map = bigMap(3000);
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-spans-'));
    dirs.push(root);
    const items = serializeItems(map);
    const spans = new SpanTable(items.nodes.length, items.edges.length);
    const bytes = readFileSync(writeMapFile(root, map, items, spans));
    let reads = 0;
    const file = {
      fd: -1,
      size: bytes.length,
      read: (start: number, end: number) => {
        reads++;
        return bytes.subarray(start, end);
      },
    };
    const text = MapText.fromSpans(file, spans.table())!;
    const alone = (i: number) => text.text(text.nodes[i]!);
    text.nodes[2] = '{"id":"replaced"}';
    // Two clusters (the first nodes, the last ones: ~400 KB apart) and a replaced line.
    const asked = [2999, 1, 0, 2, 2998, 3];
    const expected = asked.map(alone);
    reads = 0;
    expect(text.textsNear(asked.map((i) => text.nodes[i]!))).toEqual(expected);
    expect(reads).toBe(2);
    expect(expected[3]).toBe('{"id":"replaced"}');
  });
});
