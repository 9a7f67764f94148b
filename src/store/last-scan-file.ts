/**
 * A copy of the last scan's record (the index's `scan:last` signal) in `.proofmap/last-scan.json`,
 * so that a rescan of an unchanged tree can answer without loading SQLite at all: opening the
 * index (the addon, its JavaScript, the connection) was a tenth of such a rescan's CPU. The copy is
 * only a shortcut: it is written after the scan that made the record, and the reader checks that
 * the index is still the file it was written beside; anything else sends the rescan to the index.
 *
 * `.proofmap/` may come with the repository, so the file is untrusted: the root, the index's
 * device and inode, and the stamps the record names (map.json's, and the tree digest the caller
 * recomputes) are what make it stand; none of them can be carried to another checkout.
 */
import { lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../discover/safe-read.js';
import { INDEX_FILE, OUTPUT_DIR } from '../model/constants.js';

const RECORD_FILE = 'last-scan.json';
const FORMAT = 'proofmap.last-scan/1';
/** Far above any record: it holds the map's meta and its findings. */
const MAX_BYTES = 32 * 1024 * 1024;

export interface KeptScanRecord<T> {
  /** The configuration file's name and text as the scan read them (configFingerprint). */
  config: string;
  /** The configuration's own maxFileBytes, which the scan's tree key was taken with. */
  configMaxFileBytes: number | null;
  /** The index's `scan:last` record. */
  last: T;
}

interface RecordFile<T> extends KeptScanRecord<T> {
  format: string;
  root: string;
  /**
   * device, inode and birth time of index.db when the record was written: a rebuilt or replaced
   * index differs (the birth time, where the file system keeps one, even when the inode is reused).
   */
  index: string;
}

const recordPath = (root: string) => path.join(root, OUTPUT_DIR, RECORD_FILE);

function indexIdentity(root: string): string | undefined {
  const s = lstatSync(path.join(root, OUTPUT_DIR, INDEX_FILE), { throwIfNoEntry: false });
  return s?.isFile() ? `${s.dev}:${s.ino}:${s.birthtimeMs}` : undefined;
}

/** Keeps the record beside the index. Best effort: a failure costs the next rescan an index open. */
export function keepScanRecord<T>(root: string, record: KeptScanRecord<T> | undefined): void {
  const target = recordPath(root);
  const index = record && indexIdentity(root);
  if (!record || !index) {
    rmSync(target, { force: true });
    return;
  }
  const file: RecordFile<T> = { format: FORMAT, root, index, ...record };
  const temp = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(file));
    renameSync(temp, target);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** The kept record, when it was written for this root beside the index that is there now. */
export function keptScanRecord<T>(root: string): KeptScanRecord<T> | undefined {
  const read = readRegularFile(recordPath(root), MAX_BYTES);
  if (!read.ok) return undefined;
  let file: RecordFile<T>;
  try {
    file = JSON.parse(read.bytes.toString('utf8')) as RecordFile<T>;
  } catch {
    return undefined;
  }
  if (file?.format !== FORMAT || file.root !== root || !file.last || typeof file.config !== 'string')
    return undefined;
  if (file.index !== indexIdentity(root)) return undefined;
  return { config: file.config, configMaxFileBytes: file.configMaxFileBytes ?? null, last: file.last };
}
