/**
 * map.json as bytes, for rescans that change a few entries: the two big arrays (nodes, edges) stay
 * slices of the file as read, located by their ids at fixed offsets, and only the entries a delta
 * replaces are serialised again. The small sections are parsed. Writing concatenates untouched
 * runs of the old bytes with the new lines, which is what makes a one-file edit cost milliseconds
 * on a 30 MB map instead of a parse and a stringify of the whole.
 *
 * The layout read here is exactly the one serializeMap writes (one entry per line, compact JSON,
 * four spaces of indent); anything else is refused, and the caller falls back to a full build.
 *
 * The old bytes are either the whole file in memory (parse) or the open file itself, located by
 * the spans table written beside it (fromSpans, emit-spans.ts): then a delta reads the few
 * entries it replaces and the small sections, and the untouched runs are copied file to file when
 * writing. Reading 40 MB into fresh memory was the largest part of a one-file rescan.
 */
import type { ProofMap } from './schema.js';

/** The sections in the order serializeMap writes them (the key order of a ProofMap). */

/** The most bytes texts() reads at once for a run of items. */
const MAX_RUN_BYTES = 4 * 1024 * 1024;
/** Old items this close are read together by textsNear: a gap costs less than another read. */
const NEAR_BYTES = 64 * 1024;
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

/** A run of the old map.json's bytes, copied from the open file when written (emit.ts). */
export interface ByteRun {
  fd: number;
  start: number;
  end: number;
}

/** What is written: new bytes, or runs of the old file (only when the old file is not in memory). */
export type MapChunk = Uint8Array | ByteRun;

/** The old map.json, open: a range of its bytes on demand (emit-spans.ts opens it). */
export interface OldFile {
  fd: number;
  size: number;
  read(start: number, end: number): Buffer;
}

/**
 * The old entries' bytes at the fixed id offsets, from the spans table: ID_AT for a node, and
 * ID_AT, FROM_AT, TO_AT for an edge (latin1, 12 bytes each). The passes over every edge read
 * them here instead of from the file.
 */
const ID_SLOTS = [7, 29, 49] as const;

/**
 * Where each entry of a map lies in its file, and its ids: what emit-spans.ts keeps beside
 * map.json, so the next delta need not read the whole file to find them.
 */
export interface EntrySpans {
  /** How many entries are nodes (the first ones); the rest are edges. */
  nodes: number;
  starts: Int32Array;
  ends: Int32Array;
  /** 12 id bytes per node, then 36 per edge (see ID_SLOTS). */
  ids: Buffer;
}

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
  /** Node id → its kind, key and path, which the id fixes: never stale while the node exists. */
  endpoints?: Map<string, { kind: string; key: string; path?: string }>;

  private constructor(
    /** The old file: all of it in memory, or open and read by range. */
    private readonly old: { bytes: Buffer } | { file: OldFile; ids: Buffer; nodeCount: number },
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
    const parts = splitSections(bytes);
    if (!parts) return undefined;
    const spans = new Spans();
    const nodes = itemsOf(bytes, parts.bodies.get('nodes')!, spans);
    const edges = itemsOf(bytes, parts.bodies.get('edges')!, spans);
    if (!nodes || !edges) return undefined;
    return new MapText({ bytes }, spans.starts, spans.ends, parts.small, nodes, edges);
  }

  /**
   * The map in an open file whose entries the spans table locates: only the small sections are
   * read (the bytes before the first node, between the arrays, after the last edge). Undefined
   * when those bytes are not the layout the table says (a map with an empty array included).
   */
  static fromSpans(file: OldFile, spans: EntrySpans): MapText | undefined {
    const { starts, ends, nodes: nodeCount } = spans;
    const total = starts.length;
    if (nodeCount === 0 || nodeCount >= total || ends.length !== total) return undefined;
    const expectedIds = nodeCount * 12 + (total - nodeCount) * 36;
    if (spans.ids.length !== expectedIds) return undefined;
    let at = 0;
    for (let k = 0; k < total; k++) {
      if (starts[k]! < at || ends[k]! <= starts[k]!) return undefined;
      at = ends[k]!;
    }
    if (at > file.size) return undefined;
    const open = `[\n${ITEM_INDENT}`;
    const firstNode = starts[0]!;
    const firstEdge = starts[nodeCount]!;
    const lastEdge = ends[total - 1]!;
    if (firstNode < open.length) return undefined;
    const between = file.read(ends[nodeCount - 1]!, firstEdge).toString('latin1');
    if (between !== `\n  ],\n  "edges": ${open}`) return undefined;
    // The small sections with the two arrays left out: parse checks them as it checks a whole map.
    const head = file.read(0, firstNode - open.length);
    const tail = file.read(lastEdge, file.size);
    const close = '\n  ]';
    if (tail.toString('latin1', 0, close.length) !== close) return undefined;
    const rest = Buffer.concat([head, Buffer.from('[],\n  "edges": []'), tail.subarray(close.length)]);
    const parts = splitSections(rest);
    if (!parts) return undefined;
    // Sized up front: pushing 87,000 numbers grew and copied the array a dozen times.
    const items = (from: number, to: number) => {
      const out = new Array<Item>(to - from);
      for (let k = from; k < to; k++) out[k - from] = k;
      return out;
    };
    return new MapText(
      { file, ids: spans.ids, nodeCount },
      starts,
      ends,
      parts.small,
      items(0, nodeCount),
      items(nodeCount, total),
    );
  }

  /** The text of an item (old bytes decoded, or the replacement line). */
  text(item: Item): string {
    if (typeof item === 'string') return item;
    const old = this.old;
    if ('bytes' in old) return old.bytes.toString('utf8', this.starts[item], this.ends[item]);
    return old.file.read(this.starts[item]!, this.ends[item]!).toString('utf8');
  }

  /**
   * The texts of several items, the old bytes among them read from the file in one go: a node's
   * block of edges lies together there, and a barrel's hundreds cost a read each otherwise.
   */
  texts(items: readonly Item[]): string[] {
    const old = this.old;
    if ('bytes' in old || items.length < 2) return items.map((item) => this.text(item));
    let low = Number.POSITIVE_INFINITY;
    let high = -1;
    for (const item of items)
      if (typeof item === 'number') {
        low = Math.min(low, this.starts[item]!);
        high = Math.max(high, this.ends[item]!);
      }
    // Far-apart items would read everything between them: those are read one by one.
    if (high < 0 || high - low > MAX_RUN_BYTES) return items.map((item) => this.text(item));
    const run = old.file.read(low, high);
    return items.map((item) =>
      typeof item === 'string'
        ? item
        : run.toString('utf8', this.starts[item]! - low, this.ends[item]! - low),
    );
  }

  /**
   * The texts of several items, each cluster of old items lying near one another in the file read
   * in one go: a barrel's targets are sibling files, whose node lines lie together, but a file's
   * imports may span the map, where one read would take megabytes for a few lines.
   */
  textsNear(items: readonly Item[]): string[] {
    const old = this.old;
    if ('bytes' in old || items.length < 2) return items.map((item) => this.text(item));
    const out = items.map((item) => (typeof item === 'string' ? item : ''));
    const order: number[] = [];
    for (let i = 0; i < items.length; i++) if (typeof items[i] === 'number') order.push(i);
    const startOf = (i: number) => this.starts[items[i] as number]!;
    const endOf = (i: number) => this.ends[items[i] as number]!;
    order.sort((a, b) => startOf(a) - startOf(b));
    for (let k = 0; k < order.length; ) {
      const low = startOf(order[k]!);
      let high = endOf(order[k]!);
      let j = k + 1;
      while (j < order.length && startOf(order[j]!) - high <= NEAR_BYTES)
        high = Math.max(high, endOf(order[j++]!));
      const run = old.file.read(low, high);
      for (; k < j; k++)
        out[order[k]!] = run.toString('utf8', startOf(order[k]!) - low, endOf(order[k]!) - low);
    }
    return out;
  }

  /** A 12-character id at a fixed offset of an item: `{"id":"…"`, `"from":"…"`, `"to":"…"`. */
  field(item: Item, offset: number): string {
    if (typeof item === 'string') return item.slice(offset, offset + 12);
    const slot = this.#slot(item, offset);
    if (slot !== undefined) return (this.old as { ids: Buffer }).ids.toString('latin1', slot, slot + 12);
    const at = this.starts[item]! + offset;
    const old = this.old;
    return 'bytes' in old
      ? old.bytes.toString('latin1', at, at + 12)
      : old.file.read(at, at + 12).toString('latin1');
  }

  /**
   * Every node's id, in order: from a spans table, its node ids are decoded as one string and
   * sliced (one decode per node was most of building the node index on the 7k-file monorepo).
   */
  nodeIds(): string[] {
    const old = this.old;
    if ('bytes' in old) return this.nodes.map((item) => this.field(item, ID_AT));
    const all = old.ids.toString('latin1', 0, old.nodeCount * 12);
    return this.nodes.map((item) =>
      typeof item === 'string'
        ? item.slice(ID_AT, ID_AT + 12)
        : item < old.nodeCount
          ? all.slice(item * 12, item * 12 + 12)
          : this.field(item, ID_AT),
    );
  }

  /**
   * Whether the 12-character id at a fixed offset of an item is `id`: a byte comparison, so a
   * pass over 60,000 edges allocates nothing.
   */
  fieldIs(item: Item, offset: number, id: string): boolean {
    if (typeof item === 'string') return item.startsWith(id, offset);
    const slot = this.#slot(item, offset);
    const old = this.old;
    let bytes: Buffer;
    let at: number;
    if (slot !== undefined) {
      bytes = (old as { ids: Buffer }).ids;
      at = slot;
    } else if ('bytes' in old) {
      bytes = old.bytes;
      at = this.starts[item]! + offset;
    } else return this.field(item, offset) === id;
    for (let i = 0; i < 12; i++) if (bytes[at + i] !== id.charCodeAt(i)) return false;
    return true;
  }

  /** Where the spans table holds the id at `offset` of old entry k, if it does. */
  #slot(k: number, offset: number): number | undefined {
    const old = this.old;
    if ('bytes' in old) return undefined;
    if (k < old.nodeCount) return offset === ID_SLOTS[0] ? k * 12 : undefined;
    const i = ID_SLOTS.indexOf(offset as (typeof ID_SLOTS)[number]);
    return i < 0 ? undefined : old.nodeCount * 12 + (k - old.nodeCount) * 36 + i * 12;
  }

  /**
   * A table for writing this map with chunks(): old entries located by a spans table bring their
   * ids as views of it (SpanTable.addRun), so only replaced lines need room of their own; from a
   * map held in memory every entry's ids are copied.
   */
  spanTable(): SpanTable {
    const own = 'bytes' in this.old ? undefined : 36 * 64;
    return new SpanTable(this.nodes.length, this.edges.length, own);
  }

  /** The file's bytes with the big arrays as they are now and the small sections re-serialised. */
  render(serializeSection: (key: string, value: unknown) => string): Buffer {
    const old = this.old;
    const chunks = this.chunks(serializeSection);
    return Buffer.concat(
      chunks.map((c) => (c instanceof Uint8Array ? c : (old as { file: OldFile }).file.read(c.start, c.end))),
    );
  }

  /**
   * The same bytes as render, as slices (or runs) of the old file and new lines: written without
   * a copy. With `spans`, each entry's place in the new file and its ids are recorded there.
   */
  chunks(serializeSection: (key: string, value: unknown) => string, spans?: SpanTable): MapChunk[] {
    const out = new ChunkList(spans);
    out.push(Buffer.from('{\n'));
    SECTIONS.forEach((key, i) => {
      out.push(Buffer.from(`  ${JSON.stringify(key)}: `));
      if (key === 'edges') out.spans?.endNodes();
      if (key === 'nodes' || key === 'edges') this.#renderItems(this[key], out);
      else out.push(Buffer.from(serializeSection(key, this.small[key])));
      out.push(Buffer.from(i === SECTIONS.length - 1 ? '\n}\n' : ',\n'));
    });
    return out.chunks;
  }

  // Adjacent old items are one contiguous run of the old bytes, separators included: one slice.
  // Old entries are numbered in file order, so "the entry that followed it in the file" is k + 1.
  #renderItems(items: Item[], out: ChunkList): void {
    if (items.length === 0) {
      out.push(Buffer.from('[]'));
      return;
    }
    out.push(Buffer.from(`[\n${ITEM_INDENT}`));
    let i = 0;
    while (i < items.length) {
      if (i > 0) out.push(SEPARATOR);
      const item = items[i]!;
      if (typeof item === 'string') {
        const bytes = Buffer.from(item);
        out.spans?.add(out.size, out.size + bytes.length, item);
        out.push(bytes);
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < items.length && items[j + 1] === (items[j] as number) + 1) j++;
      const start = this.starts[item]!;
      const end = this.ends[items[j] as number]!;
      if (out.spans) this.#recordRun(out.spans, item, items[j] as number, out.size - start);
      const old = this.old;
      out.push('bytes' in old ? old.bytes.subarray(start, end) : { fd: old.file.fd, start, end });
      i = j + 1;
    }
    out.push(Buffer.from('\n  ]'));
  }

  /** Old entries k0..k1, one run of the old bytes, now `shift` bytes further on in the new file. */
  #recordRun(spans: SpanTable, k0: number, k1: number, shift: number): void {
    const old = this.old;
    if ('bytes' in old) {
      for (let k = k0; k <= k1; k++)
        spans.addFromBytes(this.starts[k]! + shift, this.ends[k]! + shift, old.bytes, this.starts[k]!);
      return;
    }
    const table = { nodes: old.nodeCount, starts: this.starts, ends: this.ends, ids: old.ids };
    spans.addRun(table, k0, k1, shift, this.#slot(k0, ID_SLOTS[0])!);
  }
}

/** Chunks in order, with the byte count so far (where the next entry starts in the new file). */
class ChunkList {
  readonly chunks: MapChunk[] = [];
  size = 0;
  constructor(readonly spans?: SpanTable) {}
  push(chunk: MapChunk): void {
    this.chunks.push(chunk);
    this.size += chunk instanceof Uint8Array ? chunk.length : chunk.end - chunk.start;
  }
}

/**
 * The spans table of a map being written, entry by entry in file order: every node, then every
 * edge (the order serializeMap writes them).
 */
export class SpanTable {
  readonly #spans: Spans;
  /**
   * The ids so far: `#chunks`, then `#ids` from `#idStart` to `#idLength`. A run of old entries
   * adds a view of the old table's ids, not a copy: a delta keeps all but a few of 87,000 entries,
   * and copying their 3 MB of ids into fresh memory cost as much as the rest of its emit.
   */
  readonly #chunks: Uint8Array[] = [];
  #ids: Buffer;
  #idStart = 0;
  #idLength = 0;
  #nodes = -1;

  /**
   * Sized for the entry counts when known: growing by doubling touched twice the memory, and in a
   * short process every new page is a fault. `ownIds` is how many id bytes are expected from lines
   * (add, addFromBytes) rather than from runs of an old table (addRun): all of them by default.
   */
  constructor(nodes = 1024, edges = 0, ownIds = nodes * 12 + edges * 36) {
    this.#spans = new Spans(Math.max(1, nodes + edges));
    this.#ids = Buffer.allocUnsafe(Math.max(12 * 3, ownIds));
  }

  /** Marks the end of the nodes: entries added after this are edges. */
  endNodes(): void {
    this.#nodes = this.#spans.length;
  }

  /** An entry written from its line: its ids are copied from the line (ASCII at those offsets). */
  add(start: number, end: number, line: string): void {
    this.#spans.add(start, end);
    const slots = this.#nodes < 0 ? 1 : ID_SLOTS.length;
    const ids = this.#reserve(slots * 12);
    for (let s = 0; s < slots; s++) {
      const offset = ID_SLOTS[s]!;
      for (let i = 0; i < 12; i++) ids[this.#idLength++] = line.charCodeAt(offset + i);
    }
  }

  /**
   * Old entries k0..k1 of `spans`, now `shift` bytes further on, their ids one run of an old
   * spans table's (`ids` from `at`): kept as a view of those bytes, which must not change until
   * the table is written.
   */
  addRun(spans: EntrySpans, k0: number, k1: number, shift: number, at: number): void {
    this.#spans.addShifted(spans.starts, spans.ends, k0, k1, shift);
    const width = (k1 - k0 + 1) * (this.#nodes < 0 ? 12 : 36);
    this.#flush();
    this.#chunks.push(spans.ids.subarray(at, at + width));
  }

  /** An old entry from a map held in memory: its ids copied from its line at `lineStart`. */
  addFromBytes(start: number, end: number, bytes: Buffer, lineStart: number): void {
    this.#spans.add(start, end);
    const slots = this.#nodes < 0 ? 1 : ID_SLOTS.length;
    const ids = this.#reserve(slots * 12);
    for (let s = 0; s < slots; s++) {
      const at = lineStart + ID_SLOTS[s]!;
      for (let i = 0; i < 12; i++) ids[this.#idLength++] = bytes[at + i]!;
    }
  }

  /** Ends the current run of own ids as a chunk (a view: later ids go after it in the buffer). */
  #flush(): void {
    if (this.#idLength > this.#idStart) this.#chunks.push(this.#ids.subarray(this.#idStart, this.#idLength));
    this.#idStart = this.#idLength;
  }

  #reserve(n: number): Buffer {
    if (this.#idLength + n > this.#ids.length) {
      // Earlier chunks keep viewing the old buffer; only the current run moves.
      const pending = this.#idLength - this.#idStart;
      const grown = Buffer.allocUnsafe(Math.max(this.#ids.length * 2, pending + n));
      this.#ids.copy(grown, 0, this.#idStart, this.#idLength);
      this.#ids = grown;
      this.#idStart = 0;
      this.#idLength = pending;
    }
    return this.#ids;
  }

  /** The table with its ids as the chunks they were gathered in, for writing (emit-spans.ts). */
  chunked(): Omit<EntrySpans, 'ids'> & { ids: readonly Uint8Array[] } {
    this.#flush();
    const n = this.#spans.length;
    return {
      nodes: this.#nodes < 0 ? n : this.#nodes,
      starts: this.#spans.starts.subarray(0, n),
      ends: this.#spans.ends.subarray(0, n),
      ids: [...this.#chunks],
    };
  }

  /** The table with its ids in one buffer (a copy when they came in several chunks). */
  table(): EntrySpans {
    const { ids, ...rest } = this.chunked();
    return {
      ...rest,
      ids:
        ids.length === 1
          ? Buffer.from(ids[0]!.buffer, ids[0]!.byteOffset, ids[0]!.length)
          : Buffer.concat(ids),
    };
  }
}

/** The sections of a map in serializeMap's layout: the small ones parsed, the big ones located. */
function splitSections(
  bytes: Buffer,
): { small: Pick<ProofMap, Small>; bodies: Map<Section, { start: number; end: number }> } | undefined {
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
  return { small: small as Pick<ProofMap, Small>, bodies };
}

/** Byte ranges of the old entries, grown as they are found. */
class Spans {
  starts: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  add(start: number, end: number): number {
    if (this.length === this.starts.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    return this.length++;
  }

  /** Entries k0..k1 of another table, `shift` bytes further on: two copies, then the shift. */
  addShifted(starts: Int32Array, ends: Int32Array, k0: number, k1: number, shift: number): void {
    const n = k1 - k0 + 1;
    while (this.length + n > this.starts.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    const at = this.length;
    this.starts.set(starts.subarray(k0, k1 + 1), at);
    this.ends.set(ends.subarray(k0, k1 + 1), at);
    if (shift !== 0)
      for (let i = at; i < at + n; i++) {
        this.starts[i]! += shift;
        this.ends[i]! += shift;
      }
    this.length += n;
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
