/**
 * The first half of discovery: the listing and one lstat per listed file, with a digest of every
 * stamp. When the digest equals the one the last scan recorded, nothing on disk changed and a
 * rescan can stop here, before it loads the previous scan's file table: a no-change rescan then
 * costs a listing and a stat per file. Equal stamps prove equal bytes only outside the
 * racy window, discover's own rule: a tree with a stamp inside it is not `settled`, and is looked
 * at file by file.
 */
import { createHash } from 'node:crypto';
import { constants, lstatSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.js';
import { realRoot } from './contain.js';
import { type Listing, listFiles } from './list.js';
import { cachedListing, keepListing, takeListingStamps } from './listing-cache.js';
import { environmentStamps } from './python-env.js';

/** Clock ticks and coarse file systems: a stamp within this of the last scan is not trusted. */
export const RACY_MS = 3000;

export interface StatTree {
  /** Real absolute path of the root. */
  root: string;
  listing: Listing;
  /** The listed paths, in the order they were stat'ed (the listing's, or the test hook's). */
  paths: readonly string[];
  /**
   * Each path's lstat as STAMP_FIELDS numbers at `i * STAMP_FIELDS`: file type (mode & S_IFMT,
   * ABSENT when listed but gone from the work tree), size, mtimeMs, ino, ctimeMs. Numbers, not
   * Stats objects: 7,000 retained Stats (four Dates each on Node 20) were most of a rescan's
   * garbage-collection time.
   */
  numbers: Float64Array;
  /** Digest of the listing and every entry's stamp. */
  stamps: string;
  /**
   * `stamps` for other numbers over this same listing: when it gives the digest a previous scan
   * recorded for numbers it kept (stamps-file.ts), those numbers are that scan's, entry by entry.
   */
  digestOf(numbers: Float64Array): string;
  /**
   * tree-files.ts listingDigest of `paths`, hashed from the bytes the stamp digest already
   * encoded: joining 7,000 paths a second time was part of a one-file edit's discovery.
   */
  listingDigest(): string;
  /** Whether every stamp is older than the racy window before the previous scan's start. */
  settled: boolean;
}

export const STAMP_FIELDS = 5;
/** The type of a listed path that lstat no longer finds; no file type has it. */
export const ABSENT = -1;

/** stampOf for the numbers of entry `i`: the same text, as the same doubles format the same. */
export function stampAt(numbers: Float64Array, i: number): string {
  const at = i * STAMP_FIELDS;
  return `${numbers[at + 1]}:${numbers[at + 2]}:${numbers[at + 3]}:${numbers[at + 4]}`;
}

export interface StatTreeOptions {
  /** When the previous scan started (ms): stamps modified after RACY_MS before it prove nothing. */
  previousStartMs?: number;
  /** Test hook: reorders the listing before processing, to prove order independence. */
  order?: (paths: string[]) => string[];
  /**
   * Reuse git's listing from the last scan while nothing it depends on moved, and keep this one
   * for the next (listing-cache.ts). Only for a scan that writes `.proofmap/`.
   */
  listingCache?: boolean;
}

// Sub-millisecond times where the file system has them: a write within the same millisecond as
// the previous stat still moves the stamp.
export const stampOf = (s: Stats) => `${s.size}:${s.mtimeMs}:${s.ino}:${s.ctimeMs}`;

const { S_IFMT } = constants;

/** listFiles through the listing cache; `nowMs` is a test hook for the clock. */
export function listWithCache(root: string, nowMs = Date.now()): Listing {
  // Stamps must be older than this to prove anything: a second change may share their tick.
  const trustedBefore = nowMs - RACY_MS;
  const cached = cachedListing(root, trustedBefore);
  if (cached.listing) return cached.listing;
  // Taken before git lists, so a change while it runs shows next time; skipped when the stamp
  // that moved is itself too recent, as the new ones would be.
  const stamps = cached.recent ? undefined : takeListingStamps(root, trustedBefore);
  const listing = listFiles(root);
  if (stamps && listing.via === 'git') keepListing(root, listing, stamps, trustedBefore);
  return listing;
}

export function statTree(dir: string, options: StatTreeOptions = {}): StatTree {
  const root = realRoot(dir);
  if (!statSync(root).isDirectory())
    throw new InputError(`${dir}: not a directory`, { hint: 'pass the path of a repository' });
  const listing = options.listingCache ? listWithCache(root) : listFiles(root);
  const paths = options.order ? options.order(listing.paths) : listing.paths;
  const trustedBefore = (options.previousStartMs ?? 0) - RACY_MS;
  const trusted = (s: Stats) => s.mtimeMs < trustedBefore && s.ctimeMs < trustedBefore;
  // Listed paths are repo-relative POSIX paths without `.`/`..` segments (list.ts): joined as
  // strings, a 7,000-file rescan spends its time in lstat, not in path.join.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  // The digest takes each stamp as numbers, not as text: formatting two sub-millisecond times per
  // file was a third of an unchanged 7,000-file rescan. Same fields as stampOf, plus the type.
  const numbers = new Float64Array(paths.length * STAMP_FIELDS);
  const extra: string[] = [listing.via];
  let settled = true;
  let at = 0;
  // One lstatSync after another, on purpose: the syscall is the cheap part of a stat here (an
  // access() of every path takes half the time); building each Stats object on the main thread
  // is the rest, and libuv's pool cannot take that over. Handing a quarter or more of the paths to
  // `fs.lstat` callbacks (issue 23, 7,000 files, 2 cores) cost more main-thread time than it
  // saved: unchanged rescans were slower in wall and CPU time.
  for (const rel of paths) {
    let stat: Stats | undefined;
    try {
      stat = lstatSync(prefix + rel, { throwIfNoEntry: false });
    } catch {
      stat = undefined; // ENOTDIR, EACCES …: as absent
    }
    if (!stat) {
      numbers[at] = ABSENT;
      at += STAMP_FIELDS;
      continue;
    }
    if (!trusted(stat)) settled = false;
    numbers[at] = stat.mode & S_IFMT;
    numbers[at + 1] = stat.size;
    numbers[at + 2] = stat.mtimeMs;
    numbers[at + 3] = stat.ino;
    numbers[at + 4] = stat.ctimeMs;
    at += STAMP_FIELDS;
    if (stat.isSymbolicLink()) {
      // A link's content is its target's: the target's stamp goes in too.
      let target: Stats | undefined;
      try {
        target = statSync(prefix + rel, { throwIfNoEntry: false });
      } catch {
        target = undefined; // a loop (ELOOP) or an unreadable target: discover records why
      }
      if (target && !trusted(target)) settled = false;
      extra.push(`${rel}\0${target ? `${target.mode & S_IFMT}:${stampOf(target)}` : '-'}`);
    }
  }
  for (const u of listing.unnamed) extra.push(`${u.path}\0?`);
  // Virtual environments are no listed files, yet what they have installed names distributions.
  extra.push(...environmentStamps(root, listing.paths, stampOf));
  // Paths are NUL-joined (a path holds no NUL) and the numbers are fixed-width: the three parts
  // cannot be shifted into one another, so equal digests mean equal listings and stamps.
  const joined = Buffer.from(paths.join('\0')); // encoded once: digestOf may run twice
  const rest = extra.join('\n');
  const digestOf = (these: Float64Array) =>
    createHash('sha1').update(joined).update('\n').update(these).update(rest).digest('hex');
  let listed: string | undefined;
  const listingDigest = () => (listed ??= createHash('sha1').update(joined).digest('hex'));
  return { root, listing, paths, numbers, stamps: digestOf(numbers), digestOf, listingDigest, settled };
}
