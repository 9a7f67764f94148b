/**
 * Claims as a library call: the current map (currentMap), a contained file reader, then the pure
 * claims stage (extraction, calibration, adversarial self-test, verdicts, report). Used by
 * `proofmap claims` and the MCP server's `map_check` (what: claims). Nothing is written but what
 * a scan of an existing index writes (a repository without .proofmap/ gets none), and no file
 * outside the root is read.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  blocked,
  type ClaimsReport,
  claimsRepoFromMap,
  defaultClaimFiles,
  investigate,
} from './claims/index.js';
import { realRoot } from './discover/contain.js';
import type { ProofMap } from './map/schema.js';
import { INDEX_FILE, OUTPUT_DIR } from './model/constants.js';
import { InputError } from './model/errors.js';
import { normalizeRepoPath } from './model/paths.js';
import { scan } from './scan.js';
import { repoFiles } from './store/repo-files.js';

export interface ClaimsOptions {
  /** Repository root (any path; it is realpath'd). One that cannot be opened gives a blocked report. */
  root: string;
  /**
   * Repo-relative documents to read; absent or empty: the docs and agent-context files that exist.
   * A named file outside the root or unreadable is an InputError, never a silent skip.
   */
  files?: readonly string[];
}

export async function runClaims(options: ClaimsOptions): Promise<ClaimsReport> {
  const named = (options.files ?? []).map(namedPath);
  let root: string;
  try {
    root = realRoot(options.root);
  } catch {
    return blocked(
      'repository',
      `${options.root} is not a readable directory`,
      'run it inside a repository or pass its root',
    );
  }
  let map: ProofMap;
  try {
    map = await currentMap(root);
  } catch (error) {
    return blocked(
      'map',
      `the repository could not be scanned: ${(error as Error).message}`,
      'run proofmap scan and fix what it reports',
    );
  }
  const files = repoFiles(root);
  const repo = claimsRepoFromMap({
    map,
    textOf: files.textOf,
    escapes: files.escapes,
    onDisk: files.exists,
  });
  const paths = named.length > 0 ? named : defaultClaimFiles(repo.files);
  const documents = new Map<string, string>();
  const limitations: string[] = [];
  for (const p of paths) {
    const text = files.textOf(p);
    if (text !== undefined) documents.set(p, text);
    else if (named.length > 0)
      throw new InputError(`${p}: cannot read it inside the repository`, {
        hint: 'name a Markdown file in the repository',
      });
    else limitations.push(`${p} could not be read`);
  }
  if (documents.size === 0) limitations.push('no documents to read: none of the default files exist');
  return investigate({ repo, documents, limitations });
}

/**
 * The map of the tree as it is now, new files included (a claim about a file added since the last
 * scan must not be contradicted). Where the repository has an index, the incremental scan makes it
 * current — a few hundred milliseconds on a 7,000-file repository, where a rebuild in memory took
 * seconds — and claims read the map it keeps. Without one, or when that scan cannot write (another
 * scan holds the lock past 2 s, a read-only checkout), the map is built in memory and no .proofmap/
 * is made.
 */
async function currentMap(root: string): Promise<ProofMap> {
  if (existsSync(path.join(root, OUTPUT_DIR, INDEX_FILE))) {
    try {
      return (await scan({ root, lockTimeoutMs: 2_000 })).map;
    } catch {
      // Whatever stopped the write, the scan in memory below meets it again if it is the tree's.
    }
  }
  return (await scan({ root, write: false })).map;
}

/** Checked before the scan, so a bad name fails fast instead of after seconds of scanning. */
function namedPath(file: string): string {
  const rel = normalizeRepoPath(file);
  if (rel === undefined)
    throw new InputError(`${file} is outside the repository`, {
      hint: 'name a document by its path from the repository root',
    });
  return rel;
}
