/**
 * A tree whose every stamp is the one the last scan recorded, but with a few stamps inside the
 * racy window (the file a rescan just saw edited, typically): only those files can hide a change,
 * so only they are read again and compared with their own rows. Loading the whole file table and
 * running discovery to learn the same thing was most of such a no-change rescan.
 */
import { constants } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_BYTES } from '../model/constants.js';
import { contentHash } from '../model/ids.js';
import type { KnownFile } from './index.js';
import { fileRole } from './roles.js';
import { readRegularFile } from './safe-read.js';
import { ABSENT, RACY_MS, STAMP_FIELDS, type StatTree, stampAt } from './stat-tree.js';

/** More racy files than this and discovery, which reads them anyway, is as cheap. */
const MAX_RACY = 32;

/**
 * True when each file inside the racy window still has the bytes, role and stamp of its row, so
 * the tree is the last scan's; false when one may differ or is not a plain regular file (a
 * symlink's, a directory's or an oversized file's rules are discovery's to apply).
 */
export function racyFilesUnchanged(
  tree: StatTree,
  previousStartMs: number,
  rows: (paths: readonly string[]) => ReadonlyMap<string, KnownFile>,
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
): boolean {
  const trustedBefore = previousStartMs - RACY_MS;
  const { paths, numbers } = tree;
  const racy: number[] = [];
  for (let i = 0; i < paths.length; i++) {
    const at = i * STAMP_FIELDS;
    // Absent entries have no stamp. A symlink's target stamp is not among the numbers, so a tree
    // with one is left to discovery, which follows it.
    if (numbers[at] === ABSENT) continue;
    if (numbers[at] === constants.S_IFLNK) return false;
    if (numbers[at + 2]! < trustedBefore && numbers[at + 4]! < trustedBefore) continue;
    if (numbers[at] !== constants.S_IFREG || numbers[at + 1]! > maxFileBytes) return false;
    racy.push(i);
    if (racy.length > MAX_RACY) return false;
  }
  const known = rows(racy.map((i) => paths[i]!));
  const prefix = tree.root.endsWith(path.sep) ? tree.root : tree.root + path.sep;
  for (const i of racy) {
    const rel = paths[i]!;
    const row = known.get(rel);
    if (!row || row.stamp !== stampAt(numbers, i) || row.role !== fileRole(rel)) return false;
    if (row.content === undefined || row.hash.startsWith('size:')) return false;
    const got = readRegularFile(prefix + rel, maxFileBytes);
    if (!got.ok || contentHash(got.bytes) !== row.hash) return false;
  }
  return true;
}
