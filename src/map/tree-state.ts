/**
 * The state of the tree outside .proofmap/ (path → size and mtime), taken before a scan and
 * compared after it: the guardian's proof that the scan wrote nothing else.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

export type TreeState = Map<string, string>;

/** From discovery's own stat results, so taking the state costs nothing extra. */
export function treeState(files: Iterable<{ path: string; size: number; mtimeMs: number }>): TreeState {
  const state: TreeState = new Map();
  for (const f of files) state.set(f.path, `${f.size}:${Math.trunc(f.mtimeMs)}`);
  return state;
}

export function treeChanges(root: string, before: TreeState): string[] {
  return changesBetween(before, treeNow(root, before));
}

/** The stamp of every path of `before` now: `missing` where it no longer is. */
export function treeNow(root: string, before: TreeState): TreeState {
  const now: TreeState = new Map();
  for (const rel of before.keys()) now.set(rel, stamp(root, rel));
  return now;
}

export function changesBetween(before: TreeState, now: TreeState): string[] {
  const changed: string[] = [];
  for (const [rel, was] of before) if (now.get(rel) !== was) changed.push(rel);
  return changed;
}

export const MISSING = 'missing';

function stamp(root: string, rel: string): string {
  try {
    const s = statSync(path.join(root, rel));
    return `${s.size}:${Math.trunc(s.mtimeMs)}`;
  } catch {
    return MISSING;
  }
}
