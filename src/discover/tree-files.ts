/**
 * What the last scan's discovery made of each listed entry (`.proofmap/tree-files.json`): its
 * role, hash and content, in the listing's order, with discovery's coverage and Python
 * environment. With the last scan's stamps (stamps-file.ts) it lets a rescan whose listing is
 * the same, and whose moved stamps are a few edited files, rebuild discovery's answer from those
 * files alone (moved-discovery.ts) instead of loading the whole file table and looking at every
 * file again: on the 7k-file monorepo that was ~120 ms of a one-file edit's rescan.
 *
 * It is trusted only for the scan key it records (the scan that wrote it saw these hashes) and
 * the listing whose digest it records; anything else, a torn or missing file included, sends the
 * caller to a full discovery. A cache: written without fsync, a failure costs a discovery.
 */
import { createHash } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_DIR } from '../model/constants.js';
import type { FileContent, FileRole, SourceFile } from '../model/facts.js';
import type { Coverage } from '../model/types.js';
import type { PythonEnvironment } from './python-env.js';
import { readRegularFile } from './safe-read.js';

const FILES_FILE = 'tree-files.json';
const FORMAT = 'proofmap.tree-files/1';
/** Far above a 50k-file tree's entries (~5 MB). */
const MAX_BYTES = 64 * 1024 * 1024;

/** Discovery's answer for one listing, entry by entry (null: the entry became no file). */
export interface TreeFiles {
  /** The scan key of the scan that wrote it. */
  key: string;
  /** listingDigest of the listing it is aligned with. */
  listing: string;
  via: 'git' | 'walk';
  roles: (FileRole | null)[];
  hashes: (string | null)[];
  contents: (FileContent | null)[];
  coverage: Coverage[];
  pythonEnvironment?: PythonEnvironment;
}

const filesPath = (root: string) => path.join(root, OUTPUT_DIR, FILES_FILE);

/** A digest of the listed paths in their order (NUL cannot be in a path). */
export const listingDigest = (paths: readonly string[]): string =>
  createHash('sha1').update(paths.join('\0')).digest('hex');

/** A listing and its listingDigest (a StatTree computes it from bytes it already has). */
export interface Listed {
  paths: readonly string[];
  listingDigest(): string;
}

/** What discovery found (`files`, sorted by path as discovery returns them), aligned with the listing's paths. */
export function treeFilesOf(
  key: string,
  listed: Listed,
  found: {
    via: 'git' | 'walk';
    files: readonly SourceFile[];
    coverage: readonly Coverage[];
    pythonEnvironment?: PythonEnvironment;
  },
): TreeFiles {
  const byPath = new Map(found.files.map((f) => [f.path, f]));
  const entries = listed.paths.map((p) => byPath.get(p));
  return {
    key,
    listing: listed.listingDigest(),
    via: found.via,
    roles: entries.map((f) => f?.role ?? null),
    hashes: entries.map((f) => f?.hash ?? null),
    contents: entries.map((f) => f?.content ?? null),
    coverage: [...found.coverage],
    ...(found.pythonEnvironment ? { pythonEnvironment: found.pythonEnvironment } : {}),
  };
}

/** Keeps a scan's entries for the next rescan. Best effort: a failure costs that rescan a discovery. */
export function keepTreeFiles(root: string, kept: TreeFiles): void {
  const target = filesPath(root);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify({ format: FORMAT, ...kept }));
    renameSync(temp, target);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** The entries kept for scan key `key` over the listing `listed`, when they are whole and theirs. */
export function keptTreeFiles(root: string, key: string, listed: Listed): TreeFiles | undefined {
  const read = readRegularFile(filesPath(root), MAX_BYTES);
  if (!read.ok) return undefined;
  let kept: TreeFiles & { format?: string };
  try {
    kept = JSON.parse(read.bytes.toString('utf8')) as TreeFiles & { format?: string };
  } catch {
    return undefined;
  }
  const n = listed.paths.length;
  if (
    kept.format !== FORMAT ||
    kept.key !== key ||
    !Array.isArray(kept.roles) ||
    !Array.isArray(kept.hashes) ||
    !Array.isArray(kept.contents) ||
    !Array.isArray(kept.coverage) ||
    kept.roles.length !== n ||
    kept.hashes.length !== n ||
    kept.contents.length !== n ||
    kept.listing !== listed.listingDigest()
  )
    return undefined;
  return kept;
}
