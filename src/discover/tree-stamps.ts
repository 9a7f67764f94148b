/**
 * A cheap "has anything on disk changed?" over a discovered tree, without listing it again: the
 * stat stamp of every file discovery returned, of every folder holding one (a folder's mtime
 * moves when an entry is added, removed or renamed in it), and of git's own listing inputs
 * (`.git/index`, `.git/info/exclude`: a `git add -f` or `git rm --cached` changes the listing
 * without touching the work tree). Equal stamps everywhere mean discovery would list and hash
 * the same files; any difference, or a stamp too close to when they were taken to be trusted
 * (the same clock tick may hold a second write), sends the caller back to a full discovery.
 */
import { lstatSync } from 'node:fs';
import { RACY_MS } from './stat-tree.js';

export interface TreeStamps {
  readonly root: string;
  readonly stamps: ReadonlyMap<string, string>;
}

// As in discover (RACY_MS): a stamp this close to the moment it was taken proves nothing.
const GIT_INPUTS = ['.git', '.git/index', '.git/info/exclude'];

function stampAt(abs: string, trustedBefore: number): string | null {
  let s: import('node:fs').Stats | undefined;
  try {
    s = lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return 'unreadable';
  }
  if (!s) return 'absent';
  // null: too recent to vouch for anything.
  if (s.mtimeMs >= trustedBefore || s.ctimeMs >= trustedBefore) return null;
  return `${s.size}:${s.mtimeMs}:${s.ino}:${s.ctimeMs}`;
}

/**
 * The stamps of a tree discovery just listed (`paths` repo-relative, POSIX), taken at
 * `takenMs`; undefined when some stamp is too recent to be trusted.
 */
export function takeTreeStamps(
  root: string,
  paths: readonly string[],
  takenMs: number,
): TreeStamps | undefined {
  const trustedBefore = takenMs - RACY_MS;
  const prefix = root.endsWith('/') ? root : `${root}/`;
  const names = new Set<string>(['', ...GIT_INPUTS]);
  for (const p of paths) {
    names.add(p);
    for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) names.add(p.slice(0, i));
  }
  const stamps = new Map<string, string>();
  for (const name of names) {
    const stamp = stampAt(prefix + name, trustedBefore);
    if (stamp === null) return undefined;
    stamps.set(name, stamp);
  }
  return { root, stamps };
}

/** Whether every stamp is as it was: nothing was added, removed, renamed or written since. */
export function treeUnchanged(t: TreeStamps): boolean {
  const prefix = t.root.endsWith('/') ? t.root : `${t.root}/`;
  for (const [name, stamp] of t.stamps)
    if (stampAt(prefix + name, Number.POSITIVE_INFINITY) !== stamp) return false;
  return true;
}
