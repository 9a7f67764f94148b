/**
 * `/// <reference path="…" />` names a file relative to the referencing one; tsc never looks it up
 * as a package, and adds a TypeScript extension when the path has none.
 */
import { joinRepoPath } from '../model/paths.js';
import type { Resolution } from './types.js';

export function resolveReferencePath(
  files: ReadonlySet<string>,
  fromFile: string,
  target: string,
): Resolution {
  const rel = joinRepoPath(fromFile, target);
  const candidates = rel === undefined ? [] : [rel, `${rel}.ts`, `${rel}.tsx`, `${rel}.d.ts`];
  const found = candidates.find((c) => files.has(c));
  if (found) return { kind: 'file', path: found };
  return { kind: 'unresolved', reason: `no file matches the reference path ${target} from ${fromFile}` };
}
