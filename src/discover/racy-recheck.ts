/**
 * A tree whose every stamp is the one the last scan recorded, but with a few stamps inside the
 * racy window (the file a rescan just saw edited, typically): only those files can hide a change,
 * so only they are read again and compared with their own rows. Loading the whole file table and
 * running discovery to learn the same thing was most of such a no-change rescan.
 *
 * The same for a tree whose stamps the last scan kept entry by entry (stamps-file.ts): the files
 * whose stamp moved (touched, or saved with the same bytes) are read as well, and when every one
 * still has its row's bytes the tree is the last scan's, with their new stamps.
 */
import { constants } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_BYTES } from '../model/constants.js';
import type { FileContent, FileRole, SourceFile } from '../model/facts.js';
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
  return restampedFiles(tree, previousStartMs, undefined, rows, maxFileBytes) !== undefined;
}

/**
 * The files read again, with their stamps now, when every file whose stamp differs from `before`
 * (the last scan's numbers for the same listing; without them, none differs) or lies inside the
 * racy window still has its row's bytes and role; undefined when one may differ, or when the
 * tree is discovery's to look at (see racyFilesUnchanged).
 */
export function restampedFiles(
  tree: StatTree,
  previousStartMs: number,
  before: Float64Array | undefined,
  rows: (paths: readonly string[]) => ReadonlyMap<string, KnownFile>,
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
): SourceFile[] | undefined {
  const trustedBefore = previousStartMs - RACY_MS;
  const { paths, numbers } = tree;
  if (before && before.length !== numbers.length) return undefined;
  const recheck: number[] = [];
  for (let i = 0; i < paths.length; i++) {
    const at = i * STAMP_FIELDS;
    // Absent entries have no stamp. A symlink's target stamp is not among the numbers, so a tree
    // with one is left to discovery, which follows it.
    if (numbers[at] === ABSENT && (!before || before[at] === ABSENT)) continue;
    if (numbers[at] === constants.S_IFLNK) return undefined;
    const moved = before !== undefined && !sameStamp(numbers, before, at);
    if (!moved && numbers[at + 2]! < trustedBefore && numbers[at + 4]! < trustedBefore) continue;
    if (numbers[at] !== constants.S_IFREG || numbers[at + 1]! > maxFileBytes) return undefined;
    if (moved && before[at] !== constants.S_IFREG) return undefined;
    recheck.push(i);
    if (recheck.length > MAX_RACY) return undefined;
  }
  const known = rows(recheck.map((i) => paths[i]!));
  const prefix = tree.root.endsWith(path.sep) ? tree.root : tree.root + path.sep;
  const files: SourceFile[] = [];
  for (const i of recheck) {
    const rel = paths[i]!;
    const row = known.get(rel);
    // The row must be the one the last scan wrote for the stamp it saw.
    if (!row || row.stamp !== stampAt(before ?? numbers, i) || row.role !== fileRole(rel)) return undefined;
    if (row.content === undefined || row.hash.startsWith('size:')) return undefined;
    const got = readRegularFile(prefix + rel, maxFileBytes);
    if (!got.ok || contentHash(got.bytes) !== row.hash) return undefined;
    const at = i * STAMP_FIELDS;
    files.push({
      path: rel,
      role: row.role as FileRole,
      size: got.bytes.length,
      hash: row.hash,
      mtimeMs: Math.trunc(numbers[at + 2]!),
      stamp: stampAt(numbers, i),
      content: row.content as FileContent,
    });
  }
  return files;
}

function sameStamp(a: Float64Array, b: Float64Array, at: number): boolean {
  for (let k = 0; k < STAMP_FIELDS; k++) if (a[at + k] !== b[at + k]) return false;
  return true;
}
