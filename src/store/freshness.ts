import fs from 'node:fs';
import path from 'node:path';
import { readRepoPath } from '../discover/safe-read.js';
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
  /**
   * Set when the answer came from the shared index: which commit of which repository it read and
   * when that commit was published (the shared index's epoch is that commit's publish number).
   */
  commit?: { repo: string; commit: string; published_at: string };
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
    const known = indexed(rel);
    const kept = keptHash(cache, root, rel);
    if (kept) {
      if (!known || known.size !== kept.size || known.hash !== kept.hash) stale.push(rel);
      continue;
    }
    // Never more than the indexed size: a larger file is stale without reading it, and a FIFO,
    // a device or a symlink out of the root is never opened for reading (discover/safe-read.ts).
    const seen = statOf(root, rel);
    const readAt = Date.now();
    const read = readRepoPath(root, rel, known?.size ?? 0);
    if (!read.ok) {
      cache.hashes.delete(rel);
      const gone = read.reason === 'missing' || (read.reason === 'not-a-file' && read.detail === 'directory');
      (gone ? missing : stale).push(rel);
      continue;
    }
    const hash = contentHash(read.bytes);
    if (seen?.isFile() && seen.size === read.bytes.length) remember(cache, rel, seen, hash, readAt);
    if (!known || known.size !== read.bytes.length || known.hash !== hash) stale.push(rel);
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

/** The file's stat, following a symlink as reading it would; undefined when it cannot be had. */
function statOf(root: string, rel: string): fs.Stats | undefined {
  try {
    return fs.statSync(path.join(root, rel));
  } catch {
    return undefined;
  }
}

/** The hash kept for `rel`, when the inode facts say nobody wrote it since (see FreshnessCache). */
function keptHash(
  cache: FreshnessCache,
  root: string,
  rel: string,
): { hash: string; size: number } | undefined {
  const seen = cache.hashes.get(rel);
  if (!seen) return undefined;
  const stat = statOf(root, rel);
  if (
    stat?.isFile() &&
    seen.ino === stat.ino &&
    seen.size === stat.size &&
    seen.mtimeMs === stat.mtimeMs &&
    seen.ctimeMs === stat.ctimeMs &&
    stat.ctimeMs < seen.readAt - RACY_MS
  )
    return { hash: seen.hash, size: seen.size };
  return undefined;
}

/** Keeps a hash under the stat taken before the read: a write in between leaves a ctime the next call rejects. */
function remember(cache: FreshnessCache, rel: string, stat: fs.Stats, hash: string, readAt: number): void {
  const { ino, size, mtimeMs, ctimeMs } = stat;
  cache.hashes.set(rel, { hash, ino, size, mtimeMs, ctimeMs, readAt });
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
