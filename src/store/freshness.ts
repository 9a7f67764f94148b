/**
 * Freshness: whether the files behind an answer still hold the bytes that were indexed. The
 * content hash decides, never mtime: an editor, a checkout or a formatter can keep mtime and size
 * while changing bytes. A size that differs settles it without hashing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.js';
import { contentHash } from '../model/ids.js';
import { normalizeRepoPath } from '../model/paths.js';
import { type Connection, queryJson, readEpoch } from './connection.js';

export interface Freshness {
  /** Epoch of the snapshot the answer came from. */
  epoch: number;
  /** On disk but changed since indexed, or never indexed. */
  stale: string[];
  /** Not on disk (deleted, or never existed). */
  missing: string[];
  /** True when nothing is stale or missing. */
  fresh: boolean;
}

// Past this many paths one query for the whole files table beats a lookup per path.
const BULK_AFTER = 64;

export function freshness(conn: Connection, root: string, paths: readonly string[]): Freshness {
  const wanted = [...new Set(paths.map((p) => repoPath(p)))].sort();
  const epoch = readEpoch(conn);
  const cache = cacheOf(conn, epoch);
  const indexed = lookup(conn, cache, wanted);
  const stale: string[] = [];
  const missing: string[] = [];
  for (const rel of wanted) {
    try {
      const known = indexed(rel);
      const disk = hashOnDisk(cache, root, rel);
      if (!known || known.size !== disk.size || known.hash !== disk.hash()) stale.push(rel);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' ? missing : stale).push(rel);
    }
  }
  return { epoch, stale, missing, fresh: stale.length === 0 && missing.length === 0 };
}

type Known = { hash: string; size: number };

/** A file's content hash as last read, with the inode facts it was read under. */
interface Hashed {
  hash: string;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** When the bytes were read (ms since the epoch). */
  readAt: number;
}

/**
 * Per connection (a resident server keeps one for hours): the files table of the current epoch
 * and the content hashes read so far. A hash is reused only while inode, size, mtime and ctime
 * are those it was read under AND the file's last change (ctime, which no user tool can set back)
 * lies well before the read — git's rule against "racy" entries: a write in the same clock tick
 * as the read would otherwise keep the old stamp. Everything else is read and hashed again, so
 * content still decides; the cache only skips re-reading bytes the kernel says nobody wrote.
 */
interface FreshnessCache {
  epoch: number;
  table?: Map<string, Known>;
  hashes: Map<string, Hashed>;
}

/** A change this close before the read may share its timestamp tick (FAT keeps 2 s). */
const RACY_MS = 2_000;
const caches = new WeakMap<Connection, FreshnessCache>();

function cacheOf(conn: Connection, epoch: number): FreshnessCache {
  const known = caches.get(conn);
  if (known?.epoch === epoch) return known;
  // Hashes of the bytes on disk stay true across epochs; only the indexed table moves.
  const fresh: FreshnessCache = { epoch, hashes: known?.hashes ?? new Map() };
  caches.set(conn, fresh);
  return fresh;
}

/** The file's size, and its content hash (read only when the size did not settle it). */
function hashOnDisk(cache: FreshnessCache, root: string, rel: string): { size: number; hash: () => string } {
  const file = path.join(root, rel);
  const stat = fs.statSync(file);
  // As reading it would: a folder is not the file that was indexed.
  if (stat.isDirectory()) throw Object.assign(new Error(`${rel} is a folder`), { code: 'EISDIR' });
  const seen = cache.hashes.get(rel);
  const hash = () => {
    if (
      seen &&
      seen.ino === stat.ino &&
      seen.size === stat.size &&
      seen.mtimeMs === stat.mtimeMs &&
      seen.ctimeMs === stat.ctimeMs &&
      stat.ctimeMs < seen.readAt - RACY_MS
    )
      return seen.hash;
    const readAt = Date.now();
    const bytes = fs.readFileSync(file);
    const hashed = contentHash(bytes);
    // The stat taken before the read: a write in between leaves a ctime the next call rejects.
    const { ino, size, mtimeMs, ctimeMs } = stat;
    cache.hashes.set(rel, { hash: hashed, ino, size, mtimeMs, ctimeMs, readAt });
    return hashed;
  };
  return { size: stat.size, hash };
}

function lookup(
  conn: Connection,
  cache: FreshnessCache,
  wanted: readonly string[],
): (rel: string) => Known | undefined {
  if (!cache.table && wanted.length <= BULK_AFTER) {
    const get = conn.stmt(`SELECT hash, size FROM files WHERE path = ?`);
    return (rel) => get.get(rel) as Known | undefined;
  }
  if (!cache.table) {
    const all = new Map<string, Known>();
    const rows = queryJson<[string, string, number][]>(
      conn,
      `SELECT json_group_array(json_array(path, hash, size)) FROM files`,
    );
    for (const [p, hash, size] of rows) all.set(p, { hash, size });
    cache.table = all;
  }
  const table = cache.table;
  return (rel) => table.get(rel);
}

function repoPath(p: string): string {
  const rel = normalizeRepoPath(p);
  if (rel === undefined) {
    throw new InputError(`not a repository-relative path: ${JSON.stringify(p)}`, {
      hint: 'pass paths relative to the repository root, with / separators',
    });
  }
  return rel;
}
