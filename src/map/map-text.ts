/**
 * map.json as bytes, for rescans that change a few entries: the two big arrays (nodes, edges) stay
 * slices of the file as read, located by their ids at fixed offsets, and only the entries a delta
 * replaces are serialised again. The small sections are parsed. Writing concatenates untouched
 * runs of the old bytes with the new lines, which is what makes a one-file edit cost milliseconds
 * on a 30 MB map instead of a parse and a stringify of the whole.
 *
 * The layout read here is exactly the one serializeMap writes (one entry per line, compact JSON,
 * four spaces of indent); anything else is refused, and the caller falls back to a full build.
 */
import type { ProofMap } from './schema.js';

/** The sections in the order serializeMap writes them (the key order of a ProofMap). */
export const SECTIONS = [
  '$schema',
  'meta',
  'zones',
  'nodes',
  'edges',
  'flows',
  'increments',
  'findings',
  'coverage',
] as const;
type Section = (typeof SECTIONS)[number];
type Large = 'nodes' | 'edges';
type Small = Exclude<Section, Large>;

const ITEM_INDENT = '    ';
const SEPARATOR = Buffer.from(`,\n${ITEM_INDENT}`);

/**
 * One entry of a big array: the number of an entry of the old file (its byte range is in the
 * MapText's spans), or a replacement line. A number, not a { start, end } object: 87,000 objects
 * cost a quarter of the parse and a scavenge that copied them all.
 */
export type Item = number | string;

export class MapText {
  /** Parsed small sections. */
  readonly small: Pick<ProofMap, Small>;
  readonly nodes: Item[];
  readonly edges: Item[];
  /**
   * Node id → position in `nodes`, built on first use and kept while the nodes keep their order
   * (a resident applies change after change to one MapText: rebuilding it cost ~5 ms each).
   * Replacing a node's line keeps it; whoever inserts or removes a node clears it.
   */
  nodeIndex?: Map<string, number>;
  /** Node id → its kind and path, which the id fixes: never stale while the node exists. */
  endpoints?: Map<string, { kind: string; path?: string }>;

  private constructor(
    readonly bytes: Buffer,
    /** Byte range of old entry k: [starts[k], ends[k]); node entries first, then edge entries. */
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
    small: Pick<ProofMap, Small>,
    nodes: Item[],
    edges: Item[],
  ) {
    this.small = small;
    this.nodes = nodes;
    this.edges = edges;
  }

  /** Splits map.json as serializeMap wrote it; undefined when the bytes have another layout. */
  static parse(bytes: Buffer): MapText | undefined {
    if (bytes.toString('latin1', 0, 2) !== '{\n') return undefined;
    const bodies = new Map<Section, { start: number; end: number }>();
    let at = 2;
    for (const [i, key] of SECTIONS.entries()) {
      const head = `  ${JSON.stringify(key)}: `;
      if (bytes.toString('latin1', at, at + head.length) !== head) return undefined;
      const start = at + head.length;
      const last = i === SECTIONS.length - 1;
      const tail = last ? '\n}\n' : `,\n  ${JSON.stringify(SECTIONS[i + 1])}: `;
      // The edges run ~25 MB on a 7k-file map and the sections after them are small: their end is
      // found from the end of the file (entries are one line each, so the tail is unique).
      const end = last
        ? bytes.length - tail.length
        : key === 'edges'
          ? bytes.lastIndexOf(tail, undefined, 'latin1')
          : bytes.indexOf(tail, start, 'latin1');
      if (end < start || bytes.toString('latin1', end, end + tail.length) !== tail) return undefined;
      bodies.set(key, { start, end });
      at = end + (last ? tail.length : 2);
    }
    if (at !== bytes.length) return undefined;
    const small: Record<string, unknown> = {};
    try {
      for (const key of SECTIONS) {
        if (key === 'nodes' || key === 'edges') continue;
        const { start, end } = bodies.get(key)!;
        small[key] = JSON.parse(bytes.toString('utf8', start, end));
      }
    } catch {
      return undefined;
    }
    const spans = new Spans();
    const nodes = itemsOf(bytes, bodies.get('nodes')!, spans);
    const edges = itemsOf(bytes, bodies.get('edges')!, spans);
    if (!nodes || !edges) return undefined;
    return new MapText(bytes, spans.starts, spans.ends, small as Pick<ProofMap, Small>, nodes, edges);
  }

  /** The text of an item (old bytes decoded, or the replacement line). */
  text(item: Item): string {
    return typeof item === 'string' ? item : this.bytes.toString('utf8', this.starts[item], this.ends[item]);
  }

  /** A 12-character id at a fixed offset of an item: `{"id":"…"`, `"from":"…"`, `"to":"…"`. */
  field(item: Item, offset: number): string {
    if (typeof item === 'string') return item.slice(offset, offset + 12);
    const at = this.starts[item]! + offset;
    return this.bytes.toString('latin1', at, at + 12);
  }

  /**
   * Whether the 12-character id at a fixed offset of an item is `id`: a byte comparison, so a
   * pass over 60,000 edges allocates nothing.
   */
  fieldIs(item: Item, offset: number, id: string): boolean {
    if (typeof item === 'string') return item.startsWith(id, offset);
    const at = this.starts[item]! + offset;
    for (let i = 0; i < 12; i++) if (this.bytes[at + i] !== id.charCodeAt(i)) return false;
    return true;
  }

  /** The file's bytes with the big arrays as they are now and the small sections re-serialised. */
  render(serializeSection: (key: string, value: unknown) => string): Buffer {
    return Buffer.concat(this.chunks(serializeSection));
  }

  /** The same bytes as render, as slices of the old file and new lines: written without a copy. */
  chunks(serializeSection: (key: string, value: unknown) => string): Buffer[] {
    const chunks: Buffer[] = [Buffer.from('{\n')];
    SECTIONS.forEach((key, i) => {
      chunks.push(Buffer.from(`  ${JSON.stringify(key)}: `));
      if (key === 'nodes' || key === 'edges') this.#renderItems(this[key], chunks);
      else chunks.push(Buffer.from(serializeSection(key, this.small[key])));
      chunks.push(Buffer.from(i === SECTIONS.length - 1 ? '\n}\n' : ',\n'));
    });
    return chunks;
  }

  // Adjacent old items are one contiguous run of the old bytes, separators included: one slice.
  // Old entries are numbered in file order, so "the entry that followed it in the file" is k + 1.
  #renderItems(items: Item[], chunks: Buffer[]): void {
    if (items.length === 0) {
      chunks.push(Buffer.from('[]'));
      return;
    }
    chunks.push(Buffer.from(`[\n${ITEM_INDENT}`));
    let i = 0;
    while (i < items.length) {
      if (i > 0) chunks.push(SEPARATOR);
      const item = items[i]!;
      if (typeof item === 'string') {
        chunks.push(Buffer.from(item));
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < items.length && items[j + 1] === (items[j] as number) + 1) j++;
      chunks.push(this.bytes.subarray(this.starts[item], this.ends[items[j] as number]));
      i = j + 1;
    }
    chunks.push(Buffer.from('\n  ]'));
  }
}

/** Byte ranges of the old entries, grown as they are found. */
class Spans {
  starts: Int32Array = new Int32Array(1024);
  ends: Int32Array = new Int32Array(1024);
  length = 0;

  add(start: number, end: number): number {
    if (this.length === this.starts.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    return this.length++;
  }
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

function itemsOf(bytes: Buffer, body: { start: number; end: number }, spans: Spans): Item[] | undefined {
  const text = (s: number, e: number) => bytes.toString('latin1', s, e);
  // The length first: decoding a 25 MB body to compare it with `[]` cost a copy and a full GC.
  if (body.end - body.start === 2 && text(body.start, body.end) === '[]') return [];
  const open = `[\n${ITEM_INDENT}`;
  const close = '\n  ]';
  if (text(body.start, body.start + open.length) !== open) return undefined;
  if (text(body.end - close.length, body.end) !== close) return undefined;
  const items: Item[] = [];
  const last = body.end - close.length;
  let start = body.start + open.length;
  // Compact JSON never holds a raw newline, so each newline ends an entry.
  while (start <= last) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0 || end > last) end = last;
    const stop = end === last ? end : end - 1; // drop the comma before the newline
    if (end !== last && bytes[stop] !== 0x2c) return undefined;
    if (bytes[start] !== 0x7b || bytes[stop - 1] !== 0x7d) return undefined;
    items.push(spans.add(start, stop));
    if (end === last) break;
    start = end + 1 + ITEM_INDENT.length;
  }
  return items;
}

/** Byte offsets of the ids in an entry line: `{"id":"<12>","from":"<12>","to":"<12>"`. */
export const ID_AT = 7;
export const FROM_AT = 29;
export const TO_AT = 49;
