/**
 * The first half of discovery: the listing and one lstat per listed file, with a digest of every
 * stamp. When the digest equals the one the last scan recorded, nothing on disk changed and a
 * rescan can stop here, before it loads the previous scan's file table: a no-change rescan then
 * costs a listing and a stat per file. Equal stamps prove equal bytes only outside the
 * racy window, discover's own rule: a tree with a stamp inside it is not `settled`, and is looked
 * at file by file.
 */
import { lstatSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.js';
import { sha1 } from '../model/ids.js';
import { realRoot } from './contain.js';
import { type Listing, listFiles } from './list.js';

/** Clock ticks and coarse file systems: a stamp within this of the last scan is not trusted. */
export const RACY_MS = 3000;

export interface TreeStat {
  /** One listed path and its lstat (undefined: listed but gone from the work tree). */
  rel: string;
  stat: Stats | undefined;
}

export interface StatTree {
  /** Real absolute path of the root. */
  root: string;
  listing: Listing;
  entries: TreeStat[];
  /** Digest of the listing and every entry's stamp. */
  stamps: string;
  /** Whether every stamp is older than the racy window before the previous scan's start. */
  settled: boolean;
}

export interface StatTreeOptions {
  /** When the previous scan started (ms): stamps modified after RACY_MS before it prove nothing. */
  previousStartMs?: number;
  /** Test hook: reorders the listing before processing, to prove order independence. */
  order?: (paths: string[]) => string[];
}

// Sub-millisecond times where the file system has them: a write within the same millisecond as
// the previous stat still moves the stamp.
export const stampOf = (s: Stats) => `${s.size}:${s.mtimeMs}:${s.ino}:${s.ctimeMs}`;

export function statTree(dir: string, options: StatTreeOptions = {}): StatTree {
  const root = realRoot(dir);
  if (!statSync(root).isDirectory())
    throw new InputError(`${dir}: not a directory`, { hint: 'pass the path of a repository' });
  const listing = listFiles(root);
  const paths = options.order ? options.order(listing.paths) : listing.paths;
  const trustedBefore = (options.previousStartMs ?? 0) - RACY_MS;
  const trusted = (s: Stats) => s.mtimeMs < trustedBefore && s.ctimeMs < trustedBefore;
  // Listed paths are repo-relative POSIX paths without `.`/`..` segments (list.ts): joined as
  // strings, a 7,000-file rescan spends its time in lstat, not in path.join.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const entries: TreeStat[] = [];
  const lines: string[] = [listing.via];
  let settled = true;
  for (const rel of paths) {
    let stat: Stats | undefined;
    try {
      stat = lstatSync(prefix + rel, { throwIfNoEntry: false });
    } catch {
      stat = undefined; // ENOTDIR, EACCES …: as absent
    }
    entries.push({ rel, stat });
    if (!stat) {
      lines.push(`${rel}\0-`);
      continue;
    }
    if (!trusted(stat)) settled = false;
    if (stat.isSymbolicLink()) {
      // A link's content is its target's: the target's stamp goes in too.
      let target: Stats | undefined;
      try {
        target = statSync(prefix + rel, { throwIfNoEntry: false });
      } catch {
        target = undefined; // a loop (ELOOP) or an unreadable target: discover records why
      }
      if (target && !trusted(target)) settled = false;
      lines.push(`${rel}\0${stampOf(stat)}\0${target ? stampOf(target) : '-'}`);
    } else lines.push(`${rel}\0${stat.isFile() ? '' : 'x'}${stampOf(stat)}`);
  }
  for (const u of listing.unnamed) lines.push(`${u.path}\0?`);
  return { root, listing, entries, stamps: sha1(lines.join('\n')), settled };
}
