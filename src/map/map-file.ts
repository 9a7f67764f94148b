/**
 * Where map.json lives and how its bytes are read, apart from emit.ts: an unchanged rescan only
 * needs these, and emit.ts brings the map writer, its span table and the schema's messages.
 */
import path from 'node:path';
import { readRegularFile } from '../discover/safe-read.js';
import { MAP_FILE, OUTPUT_DIR } from '../model/constants.js';

/** Far above any real map (a 7,000-file repository's is ~25 MB), below what a string can hold. */
const MAP_MAX_BYTES = 400 * 1024 * 1024;

/**
 * A file's stamp as the scan records map.json's (LastScan.mapStamp, the spans table's header):
 * size, mtime and inode, which a rename keeps, so a file's stamp is known before it is renamed
 * into place.
 */
export const statStamp = (s: { size: number; mtimeMs: number; ino: number }): string =>
  `${s.size}:${s.mtimeMs}:${s.ino}`;

export function mapPath(root: string): string {
  return path.join(root, OUTPUT_DIR, MAP_FILE);
}

export function readMapBytes(root: string): Buffer {
  const read = readRegularFile(mapPath(root), MAP_MAX_BYTES);
  if (read.ok) return read.bytes;
  const code = read.reason === 'missing' ? 'ENOENT' : 'EINVAL';
  throw Object.assign(new Error(`${mapPath(root)}: ${read.reason} (${read.detail})`), { code });
}
