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
  const indexed = lookup(conn, wanted);
  const stale: string[] = [];
  const missing: string[] = [];
  for (const rel of wanted) {
    const known = indexed(rel);
    // Never more than the indexed size: a larger file is stale without reading it, and a FIFO,
    // a device or a symlink out of the root is never opened for reading (discover/safe-read.ts).
    const read = readRepoPath(root, rel, known?.size ?? 0);
    if (!read.ok) {
      const gone = read.reason === 'missing' || (read.reason === 'not-a-file' && read.detail === 'directory');
      (gone ? missing : stale).push(rel);
      continue;
    }
    if (!known || known.size !== read.bytes.length || known.hash !== contentHash(read.bytes)) stale.push(rel);
  }
  return { epoch: readEpoch(conn), stale, missing, fresh: stale.length === 0 && missing.length === 0 };
}

type Known = { hash: string; size: number };

function lookup(conn: Connection, wanted: readonly string[]): (rel: string) => Known | undefined {
  if (wanted.length <= BULK_AFTER) {
    const get = conn.stmt(`SELECT hash, size FROM files WHERE path = ?`);
    return (rel) => get.get(rel) as Known | undefined;
  }
  const all = new Map<string, Known>();
  const rows = queryJson<[string, string, number][]>(
    conn,
    `SELECT json_group_array(json_array(path, hash, size)) FROM files`,
  );
  for (const [p, hash, size] of rows) all.set(p, { hash, size });
  return (rel) => all.get(rel);
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
