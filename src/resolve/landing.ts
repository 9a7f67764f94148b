/**
 * Where an oxc-resolver answer landed, in repository terms. Only a discovered file becomes a file
 * edge; anything under node_modules is a package; anything else is a near miss the caller explains.
 */

import path from 'node:path';
import type { ResolveResult } from 'oxc-resolver';
import { ALWAYS_EXCLUDED_DIRS } from '../model/constants.js';
import { isExcludedPath, relativeToRoot, toPosix } from '../model/paths.js';

export type Landing =
  | { kind: 'file'; path: string }
  | { kind: 'node_modules'; path: string }
  | { kind: 'outside' }
  | { kind: 'undiscovered'; path: string }
  | { kind: 'none'; error: string };

export function landing(
  root: string,
  files: ReadonlySet<string>,
  result: ResolveResult,
  specifier: string,
): Landing {
  if (!result.path) return { kind: 'none', error: result.error ?? 'not found' };
  const abs = stripQuery(result.path, specifier);
  // Most answers lie under the root: slicing the prefix is much cheaper than path.relative.
  const rel = abs.startsWith(root + path.sep)
    ? toPosix(abs.slice(root.length + 1))
    : relativeToRoot(root, abs);
  if (rel === undefined || rel === '') return { kind: 'outside' };
  if (rel.split('/').includes('node_modules')) return { kind: 'node_modules', path: rel };
  if (files.has(rel) && !isExcludedPath(rel, ALWAYS_EXCLUDED_DIRS)) return { kind: 'file', path: rel };
  return { kind: 'undiscovered', path: rel };
}

/** oxc keeps `?query` and `#fragment` (`./icon.svg?react`) on the path; the file is without them. */
function stripQuery(abs: string, specifier: string): string {
  const at = specifier.slice(1).search(/[?#]/);
  if (at < 0) return abs;
  const suffix = specifier.slice(at + 1);
  return abs.endsWith(suffix) ? abs.slice(0, -suffix.length) : abs;
}
