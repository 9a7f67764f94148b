/**
 * A copy of the last scan's record (the index's `scan:last` signal) in `.proofmap/last-scan.json`,
 * so that a rescan of an unchanged tree can answer without loading SQLite: the addon, its
 * JavaScript and opening index.db were ~30 ms of CPU of such a rescan on the 7k-file monorepo.
 *
 * The copy stands only beside the very index file it was taken from: it records index.db's stat
 * stamp after the scan closed its connection (the WAL checkpointed into the file and removed), and
 * any later write to the index (another scan, a watcher, a rebuild, a migration) moves that stamp
 * or leaves a WAL beside it, which sends the rescan to the index as before. Both the copy and its
 * use happen under the scan lock, so no scan writes the index between the check and the answer.
 *
 * `.proofmap/` may come with the repository, so the file is untrusted: the root, the index's
 * inode and change time, and the stamps the record names (map.json's, and the tree digest the
 * caller recomputes) cannot be carried to another checkout.
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
  /** The configuration file's name and a digest of its text as the scan read them, or null. */
  config: string | null;
  /** The configuration's own maxFileBytes, which the scan's tree key was taken with. */
  configMaxFileBytes: number | null;
  /** The index's `scan:last` record. */
  last: T;
}

interface RecordFile<T> extends KeptScanRecord<T> {
  format: string;
  root: string;
  /** index.db's stamp (size, mtime, inode, ctime) once the scan that wrote `last` had closed it. */
  index: string;
}

const recordPath = (root: string) => path.join(root, OUTPUT_DIR, RECORD_FILE);

/**
 * index.db's stamp, when no WAL lies beside it (a connection still open elsewhere, or a crash
 * before a checkpoint: the file alone does not hold the index then).
 */
function indexStamp(root: string): string | undefined {
  const file = path.join(root, OUTPUT_DIR, INDEX_FILE);
  if (lstatSync(`${file}-wal`, { throwIfNoEntry: false })) return undefined;
  const s = lstatSync(file, { throwIfNoEntry: false });
  return s?.isFile() ? `${s.size}:${s.mtimeMs}:${s.ino}:${s.ctimeMs}` : undefined;
}

/**
 * Keeps the record beside the index, which the caller has closed. Best effort: a failure costs the
 * next rescan an index open. Without a record (or with a WAL left), any old copy is removed.
 */
export function keepScanRecord<T>(root: string, record: KeptScanRecord<T> | undefined): void {
  const target = recordPath(root);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    const index = record && indexStamp(root);
    if (!record || !index) {
      rmSync(target, { force: true });
      return;
    }
    const file: RecordFile<T> = { format: FORMAT, root, index, ...record };
    writeFileSync(temp, JSON.stringify(file));
    renameSync(temp, target);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** The kept record, when it was written for this root beside the index file that is there now. */
export function keptScanRecord<T>(root: string): KeptScanRecord<T> | undefined {
  const read = readRegularFile(recordPath(root), MAX_BYTES);
  if (!read.ok) return undefined;
  let file: RecordFile<T>;
  try {
    file = JSON.parse(read.bytes.toString('utf8')) as RecordFile<T>;
  } catch {
    return undefined;
  }
  if (file?.format !== FORMAT || file.root !== root || !file.last || typeof file.index !== 'string')
    return undefined;
  if (file.config !== null && typeof file.config !== 'string') return undefined;
  if (file.index !== indexStamp(root)) return undefined;
  return { config: file.config, configMaxFileBytes: file.configMaxFileBytes ?? null, last: file.last };
}
