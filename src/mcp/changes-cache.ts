/**
 * map_check changes, kept while git would answer the same. Git's answer (`diff --name-only BASE`
 * plus the untracked files) is a function of three things, each stamped when git ran:
 *   - the listing: the index, git's config and ignore files, every folder git walks for untracked
 *     files (discover/listing-cache.ts — the same stamps a rescan reuses git's listing under);
 *   - the revision: `.git` and everything under `.git/refs` (a ref, HEAD or packed-refs is
 *     rewritten by a rename, which moves its folder's stamp) — bases naming a reflog (`@{…}`) or
 *     a path (`:`) are never kept, they move with the clock or the index;
 *   - the content: the stamp of every file git listed, tracked or not.
 * A repeated call with nothing changed costs one lstat per file and no git process (with a change
 * witness, mcp/witnessed-stamps.ts, only the stamps outside the watched folders); an edit of a
 * tracked file reruns only the diff; anything else (a new file, `git add`, a commit) reruns both.
 * Every stamp is taken before git runs and trusted only when older than RACY_MS before that, so
 * a write during or just before a run is never hidden behind a stamp that already shows it.
 */
import { type Dirent, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runGitAsync } from '../discover/git.js';
import { listingStampsHold, takeListingStamps, unwitnessedListing } from '../discover/listing-cache.js';
import { RACY_MS } from '../discover/stat-tree.js';
import { type TreeStamps, takeTreeStamps } from '../discover/tree-stamps.js';
import type { ChangeWitness } from '../resident/witness.js';
import {
  changedPaths,
  checkBase,
  gitChangedFilesAsync,
  gitFailed,
  TRACKED_CHANGES,
  UNTRACKED,
} from '../store/git-changes.js';
import { type Settled, settle, WitnessedStamps, witnessedTree } from './witnessed-stamps.js';

export interface ChangesCache {
  /** The changed files since `base`, and whether git ran for them or the stamps vouched. */
  files(base: string): Promise<{ files: string[]; checked: 'witness' | 'stamps' | 'diff' | 'git' }>;
}

type ListingStamps = (readonly [string, string])[];

interface Kept {
  listing: WitnessedStamps<ListingStamps>;
  /** Every file git listed (tracked and untracked), for the content stamps. */
  listed: string[];
  untracked: string;
  /** Undefined when a stamp was too recent: the next call runs the diff again. */
  content?: WitnessedStamps<TreeStamps>;
  base: string;
  diff: string;
}

/**
 * `clock` says when stamps are taken (tests move it past the racy window instead of waiting);
 * `witness`, when it gives one, spares the stat of every stamp a watched folder vouches for.
 */
export function changesCache(
  root: string,
  clock: () => number = Date.now,
  witness: () => ChangeWitness | undefined = () => undefined,
): ChangesCache {
  let kept: Kept | undefined;
  const run = (args: string[]) =>
    runGitAsync(root, args).then(
      (out) => out.toString('utf8'),
      (cause: unknown) => Promise.reject(gitFailed(args, cause)),
    );
  return {
    async files(base) {
      checkBase(base);
      // Settled before anything is read: a change after this moment moves the count.
      const now = await settle(witness());
      const listingHeld = kept?.listing.check(now);
      if (kept && listingHeld) {
        const held = kept.content && kept.base === base ? kept.content.check(now) : false;
        if (held)
          return {
            files: changedPaths(kept.diff, kept.untracked),
            checked: held === 'witness' && listingHeld === 'witness' ? 'witness' : 'stamps',
          };
        // The same files in the same folders: only the diff can differ. (`was`: a call running
        // meanwhile may replace `kept`; this one keeps what it read its stamps against.)
        const was = kept;
        const content = contentStamps(root, was.listed, base, clock(), now);
        const diff = await run(TRACKED_CHANGES(base));
        kept = { ...was, base, diff, ...(content ? { content } : { content: undefined }) };
        return { files: changedPaths(diff, was.untracked), checked: 'diff' };
      }
      kept = undefined;
      const taken = clock();
      const stamps = path.isAbsolute(root) ? takeListingStamps(root, taken - RACY_MS) : undefined;
      if (!stamps) return { files: await gitChangedFilesAsync(root, base), checked: 'git' };
      const listing = new WitnessedStamps<ListingStamps>(
        stamps,
        now.count,
        listingStampsHold,
        (s, watching) => unwitnessedListing(s, root, watching),
      );
      // Untracked first: diff's argv asks git for the repository's filters synchronously.
      const [untracked, tracked, diff] = await settled([
        run(UNTRACKED),
        run(['ls-files', '--cached', '-z']),
        run(TRACKED_CHANGES(base)),
      ]);
      const listed = `${tracked}\0${untracked}`.split('\0').filter(Boolean);
      const content = contentStamps(root, listed, base, taken, now);
      kept = { listing, listed, untracked, base, diff, ...(content ? { content } : {}) };
      return { files: changedPaths(diff, untracked), checked: 'git' };
    },
  };
}

/** Every run to its end (no git left running unawaited), then the first failure, if any. */
async function settled(
  runs: [Promise<string>, Promise<string>, Promise<string>],
): Promise<[string, string, string]> {
  const done = await Promise.allSettled(runs);
  for (const r of done) if (r.status === 'rejected') throw r.reason;
  return done.map((r) => (r as PromiseFulfilledResult<string>).value) as [string, string, string];
}

/** A base git resolves from refs alone; `@{…}` reads reflogs and the clock, `:` the index. */
const KEEPABLE_BASE = /^[\w./~^-]+$/;

/**
 * The stamps of every listed file and of what resolving `base` reads (the git folder, HEAD,
 * packed-refs, every folder under refs/); undefined when git keeps its folder elsewhere (a
 * linked worktree), when the base is not one to keep, or when a stamp is too recent.
 */
function contentStamps(
  root: string,
  listed: string[],
  base: string,
  takenMs: number,
  now: Settled,
): WitnessedStamps<TreeStamps> | undefined {
  if (!KEEPABLE_BASE.test(base)) return undefined;
  if (!lstatSync(path.join(root, '.git'), { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const git = ['.git/HEAD', '.git/packed-refs', ...foldersUnder(root, '.git/refs')];
  const stamps = takeTreeStamps(root, [...git, ...listed], takenMs);
  return stamps && witnessedTree(stamps, now);
}

/** `rel` and every folder below it (repo-relative). */
function foldersUnder(root: string, rel: string): string[] {
  const out: string[] = [];
  const pending = [rel];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    out.push(folder);
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      continue; // absent: its stamp says so
    }
    for (const e of entries) if (e.isDirectory()) pending.push(`${folder}/${e.name}`);
  }
  return out;
}
