/**
 * A contained reader of repository files for queries that need a discovered file's text the
 * extractors do not record (CODEOWNERS). It refuses paths that escape the root, lexically or
 * through a symlink, and files over a size bound, so a query can never be made to read elsewhere.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { contain } from '../discover/contain.js';
import { readRegularFile } from '../discover/safe-read.js';
import { toPosix } from '../model/paths.js';

const MAX_BYTES = 1024 * 1024;

/** The UTF-8 text of a repo-relative file, or undefined when absent, outside the root or too large. */
export function readRepoFile(root: string, rel: string): string | undefined {
  // Not normalizeRepoPath: it currently strips the dot of `.github/…` (reported to the lead).
  const clean = path.posix.normalize(toPosix(rel));
  if (clean.startsWith('/') || clean === '..' || clean.startsWith('../') || clean.includes('\0'))
    return undefined;
  if (!contain(root, clean).ok) return undefined;
  const read = readRegularFile(path.join(root, clean), MAX_BYTES);
  return read.ok ? read.bytes.toString('utf8') : undefined;
}

/** Whether a repo-relative file exists inside the root, without reading it (lockfiles are large). */
export function repoFileExists(root: string, rel: string): boolean {
  const clean = path.posix.normalize(toPosix(rel));
  if (clean.startsWith('/') || clean.startsWith('../') || clean.includes('\0') || !contain(root, clean).ok)
    return false;
  try {
    return statSync(path.join(root, clean)).isFile();
  } catch {
    return false;
  }
}
