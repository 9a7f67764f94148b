/**
 * The spans table beside map.json (`.proofmap/map-spans.bin`): where each node and edge line lies
 * in the file and its ids, for the one map.json whose stamp (size, mtime, inode) it names. A
 * delta opens the map with it and reads only the entries it replaces and the small sections,
 * instead of 40 MB into fresh memory and a split of every line. A missing, damaged or stale
 * table (any other writer of map.json, a crash between the two writes) is not used: the delta
 * reads the whole map as before.
 *
 * Layout: one JSON header line padded to a multiple of 4 bytes, then the starts and the ends as
 * 32-bit integers in this machine's byte order, then the ids (map-text.ts EntrySpans).
 */
import { constants, fstatSync, openSync, readSync, rmSync } from 'node:fs';
import { endianness } from 'node:os';
import path from 'node:path';
import { readRegularFile } from '../discover/safe-read.js';
import { OUTPUT_DIR } from '../model/constants.js';
import { mapPath, releaseLater, type StagedWrite, stageAtomic } from './emit.js';
import { statStamp } from './map-file.js';
import { type EntrySpans, MapText, type OldFile } from './map-text.js';

const SPANS_FILE = 'map-spans.bin';
const FORMAT = 'proofmap.map-spans/1';
/** Far above a 50k-file map's table (~20 MB). */
const MAX_BYTES = 256 * 1024 * 1024;

interface Header {
  format: string;
  endian: string;
  /** The stamp of the map.json the table describes (scan-support.ts fileStamp). */
  map: string;
  entries: number;
  nodes: number;
  ids: number;
}

const spansPath = (root: string) => path.join(root, OUTPUT_DIR, SPANS_FILE);

type SpansToWrite = Omit<EntrySpans, 'ids'> & { ids: Uint8Array | readonly Uint8Array[] };

/** Keeps the table of the map.json just written, whose stamp is `mapStamp`. */
export function writeMapSpans(root: string, mapStamp: string, spans: SpansToWrite): void {
  stageMapSpans(root, mapStamp, spans).commit();
}

/** writeMapSpans up to the rename (stageAtomic), for the map.json whose stamp is `mapStamp`. */
export function stageMapSpans(root: string, mapStamp: string, spans: SpansToWrite): StagedWrite {
  const entries = spans.starts.length;
  const ids = spans.ids instanceof Uint8Array ? [spans.ids] : spans.ids;
  const header: Header = {
    format: FORMAT,
    endian: endianness(),
    map: mapStamp,
    entries,
    nodes: spans.nodes,
    ids: ids.reduce((sum, chunk) => sum + chunk.length, 0),
  };
  let line = JSON.stringify(header);
  line += ' '.repeat((4 - ((line.length + 1) % 4)) % 4); // the integers start 4-byte aligned
  return stageAtomic(
    spansPath(root),
    [
      Buffer.from(`${line}\n`, 'latin1'),
      new Uint8Array(spans.starts.buffer, spans.starts.byteOffset, entries * 4),
      new Uint8Array(spans.ends.buffer, spans.ends.byteOffset, entries * 4),
      ...ids,
    ],
    { derived: true },
  );
}

/** Drops the table (a writer that keeps none): a stale one would only be read to be refused. */
export function removeMapSpans(root: string): void {
  rmSync(spansPath(root), { force: true });
}

/** A map opened by its spans table: `close` releases the file once the delta has written. */
export interface OpenMap {
  text: MapText;
  close(): void;
}

/**
 * map.json opened through its spans table, when the table describes the file there now and that
 * file's stamp is `mapStamp`; otherwise undefined.
 */
export function openMapBySpans(root: string, mapStamp: string): OpenMap | undefined {
  // The old map stays open while the new one is renamed over it, which Windows refuses: there the
  // delta reads the whole map, as it did before the table.
  if (process.platform === 'win32') return undefined;
  const read = readRegularFile(spansPath(root), MAX_BYTES);
  if (!read.ok) return undefined;
  const spans = spansOf(read.bytes, mapStamp);
  if (!spans) return undefined;
  let fd: number;
  try {
    fd = openSync(mapPath(root), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  // Once the delta has renamed the new map over it, this is the old file's last reference: its
  // blocks are freed on libuv's pool (emit.ts releaseLater), not on the scan's thread.
  let open = true;
  const close = () => {
    if (open) releaseLater(fd);
    open = false;
  };
  try {
    // The open file itself must be the one stamped: a replacement between the checks is not it.
    const s = fstatSync(fd);
    if (!s.isFile() || statStamp(s) !== mapStamp) {
      close();
      return undefined;
    }
    const file: OldFile = { fd, size: s.size, read: (start, end) => readRange(fd, start, end) };
    const text = MapText.fromSpans(file, spans);
    if (!text) {
      close();
      return undefined;
    }
    return { text, close };
  } catch (error) {
    close();
    throw error;
  }
}

function spansOf(bytes: Buffer, mapStamp: string): EntrySpans | undefined {
  const eol = bytes.indexOf(0x0a);
  if (eol < 0 || (eol + 1) % 4 !== 0) return undefined;
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('latin1', 0, eol)) as Header;
  } catch {
    return undefined;
  }
  const { entries, nodes, ids } = header;
  if (header.format !== FORMAT || header.endian !== endianness() || header.map !== mapStamp) return undefined;
  if (![entries, nodes, ids].every(Number.isSafeInteger) || nodes < 0 || nodes > entries) return undefined;
  const start = eol + 1;
  if (bytes.length !== start + entries * 8 + ids) return undefined;
  // Int32Array needs an aligned offset: the buffer from the read is, unless it came from a pool.
  const aligned = (bytes.byteOffset + start) % 4 === 0 ? bytes : Buffer.from(bytes);
  const base = aligned.byteOffset + start;
  return {
    nodes,
    starts: new Int32Array(aligned.buffer, base, entries),
    ends: new Int32Array(aligned.buffer, base + entries * 4, entries),
    ids: aligned.subarray(start + entries * 8),
  };
}

function readRange(fd: number, start: number, end: number): Buffer {
  const bytes = Buffer.allocUnsafe(end - start);
  let filled = 0;
  while (filled < bytes.length) {
    const n = readSync(fd, bytes, filled, bytes.length - filled, start + filled);
    if (n === 0) throw new Error(`internal: map.json ended at byte ${start + filled} while reading it`);
    filled += n;
  }
  return bytes;
}
