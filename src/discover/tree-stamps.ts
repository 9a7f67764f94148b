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
  /** Absolute paths, in the order of `stamps`. */
  readonly paths: readonly string[];
  /**
   * FIELDS numbers a path (kind, size, mtime, inode, ctime), compared as numbers: formatting them
   * as text was a third of a repeated claims call on a 7,000-file tree.
   */
  readonly stamps: Float64Array;
}

// As in discover (RACY_MS): a stamp this close to the moment it was taken proves nothing.
const GIT_INPUTS = ['.git', '.git/index', '.git/info/exclude'];
const FIELDS = 5;
const ABSENT = 1;
const UNREADABLE = 2;
const FILE = 3;
const FOLDER = 4;

/**
 * Writes the stamp of `abs` at `at`; false when it is too recent (a change at or after
 * `trustedBefore`) to vouch for anything.
 */
function stampAt(abs: string, into: Float64Array, at: number, trustedBefore: number): boolean {
  let s: import('node:fs').Stats | undefined;
  try {
    s = lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    into.fill(0, at, at + FIELDS);
    into[at] = UNREADABLE;
    return true;
  }
  if (!s) {
    into.fill(0, at, at + FIELDS);
    into[at] = ABSENT;
    return true;
  }
  if (s.mtimeMs >= trustedBefore || s.ctimeMs >= trustedBefore) return false;
  into[at] = s.isDirectory() ? FOLDER : FILE;
  into[at + 1] = s.size;
  into[at + 2] = s.mtimeMs;
  into[at + 3] = s.ino;
  into[at + 4] = s.ctimeMs;
  return true;
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
  const absolute = [...names].map((name) => prefix + name);
  const stamps = new Float64Array(absolute.length * FIELDS);
  for (let i = 0; i < absolute.length; i++)
    if (!stampAt(absolute[i]!, stamps, i * FIELDS, trustedBefore)) return undefined;
  return { root, paths: absolute, stamps };
}

/** Whether every stamp is as it was: nothing was added, removed, renamed or written since. */
export function treeUnchanged(t: TreeStamps): boolean {
  const now = new Float64Array(FIELDS);
  for (let i = 0; i < t.paths.length; i++) {
    stampAt(t.paths[i]!, now, 0, Number.POSITIVE_INFINITY);
    const at = i * FIELDS;
    for (let f = 0; f < FIELDS; f++) if (now[f] !== t.stamps[at + f]) return false;
  }
  return true;
}

/**
 * The stamps `witnessed` cannot vouch for, to be checked on disk: a folder it watches itself, or
 * a file or absent name in a folder it watches, has a stamp that cannot move without an event.
 * (`parent` is '' for the root's entries.)
 */
export function unwitnessedStamps(t: TreeStamps, watching: (rel: string) => boolean): TreeStamps {
  const prefix = t.root.endsWith('/') ? t.root : `${t.root}/`;
  const keep: number[] = [];
  for (let i = 0; i < t.paths.length; i++) {
    const abs = t.paths[i]!;
    const rel = abs === prefix ? '' : abs.slice(prefix.length);
    const kind = t.stamps[i * FIELDS];
    const seen =
      kind === FOLDER
        ? watching(rel)
        : (kind === FILE || kind === ABSENT) &&
          rel !== '' &&
          watching(rel.slice(0, Math.max(0, rel.lastIndexOf('/'))));
    if (!seen) keep.push(i);
  }
  const stamps = new Float64Array(keep.length * FIELDS);
  for (const [k, i] of keep.entries())
    stamps.set(t.stamps.subarray(i * FIELDS, (i + 1) * FIELDS), k * FIELDS);
  return { root: t.root, paths: keep.map((i) => t.paths[i]!), stamps };
}
