/**
 * git's listing, kept between scans while nothing it depends on moved. `git ls-files --cached
 * --others --exclude-standard` is a function of git's index, the ignore rules (every .gitignore,
 * info/exclude, the global excludes file, the config files that name it) and the entries of every
 * folder git walks for untracked files. A folder's mtime moves whenever an entry is added,
 * removed or renamed in it, so when all of those stamps are as they were, git would print the
 * same listing: a rescan reuses it instead of starting git (about a fifth of an unchanged
 * 7,000-file rescan). Any difference, or a stamp too recent to vouch for anything (the same clock
 * tick may hold a second change), lists again.
 *
 * The folders stamped are every folder of the work tree except those git leaves out whole (an
 * ignored folder, asked of git itself, so its rules are never re-implemented here) and those
 * every listing drops (node_modules, .git, .proofmap): a folder holding only ignored files, or
 * nothing, is stamped too, since a new file there would be listed.
 */
import { lstatSync, readdirSync, renameSync, type Stats, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { VERSION } from '../map/version.js';
import { ALWAYS_EXCLUDED_DIRS, OUTPUT_DIR } from '../model/constants.js';
import { runGit } from './git.js';
import { ignoredFolders } from './ignored-folders.js';
import type { Listing } from './list.js';
import { CONFIG_MAX_BYTES, readRegularFile } from './safe-read.js';

const CACHE_FILE = 'listing-cache.json';
/** Bumped whenever what the listing holds, or what is stamped, changes meaning. */
const FORMAT = 1;
/** A listing this large is not worth the cache file (the JSON would cost what git does). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

interface CacheFile {
  format: number;
  version: string;
  /** The root it lists: a copy of the repository elsewhere (cp -a keeps mtimes) lists itself. */
  root: string;
  /** What decides which global git files apply: git's own lookup of them depends on these. */
  env: (string | null)[];
  stamps: [string, string][];
  listing: Listing;
}

const envKey = () => [process.env.HOME ?? null, process.env.XDG_CONFIG_HOME ?? null];

/**
 * The listing of the last scan, when every stamp it was taken with still holds; otherwise whether
 * the stamp that moved is newer than `trustedBefore` (then new stamps would not be trusted either,
 * and taking them is skipped).
 */
export function cachedListing(
  root: string,
  trustedBefore: number,
): { listing: Listing } | { listing?: undefined; recent: boolean } {
  const file = path.join(root, OUTPUT_DIR, CACHE_FILE);
  const read = readRegularFile(file, MAX_CACHE_BYTES);
  if (!read.ok) return { recent: false };
  let cache: CacheFile;
  try {
    cache = JSON.parse(read.bytes.toString('utf8')) as CacheFile;
  } catch {
    return { recent: false }; // damaged or half-written by an older version: list again
  }
  if (cache.format !== FORMAT || cache.version !== VERSION || !Array.isArray(cache.stamps))
    return { recent: false };
  if (cache.root !== root || JSON.stringify(cache.env) !== JSON.stringify(envKey())) return { recent: false };
  // `.proofmap/` may come with the repository, and this file with it: a listing is taken only
  // with the stamp of the root folder (an inode and a change time no other checkout has), and
  // only of paths a listing can hold, so a crafted file can neither stand in nor point outside.
  if (!cache.stamps.some(([abs]) => abs === root) || !plainPaths(cache.listing)) return { recent: false };
  for (const [abs, stamp] of cache.stamps) {
    const s = statOf(abs, stamp.startsWith('f:'));
    if (s === 'unreadable' || stampText(s) !== stamp.slice(2))
      return { recent: s !== 'unreadable' && s !== undefined && !trusted(s, trustedBefore) };
  }
  return { listing: cache.listing };
}

// A segment `.` or `..`, an empty one, a leading `/` or a NUL: nothing git lists. (A trailing `/`
// is git's name for a nested repository, and stays inside the root.)
const ODD_PATH = /(?:^|\n|\/)\.{1,2}(?:\/|\n|$)|(?:^|\n)\/|\/\/|\0|(?:^|\n)(?:\n|$)/;

function plainPaths(listing: Listing | undefined): boolean {
  if (listing?.via !== 'git' || !Array.isArray(listing.paths) || !Array.isArray(listing.unnamed))
    return false;
  return !ODD_PATH.test(listing.paths.join('\n'));
}

function statOf(abs: string, follow: boolean): Stats | undefined | 'unreadable' {
  try {
    return follow ? statSync(abs, { throwIfNoEntry: false }) : lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return 'unreadable';
  }
}

const stampText = (s: Stats | undefined) =>
  s ? `${s.mode}:${s.size}:${s.mtimeMs}:${s.ino}:${s.ctimeMs}` : '-';
const trusted = (s: Stats, before: number) => s.mtimeMs < before && s.ctimeMs < before;

/** Where git keeps the index, the config and info/exclude of the work tree at `root`. */
function gitDirs(root: string): { gitDir: string; commonDir: string } | undefined {
  const dotGit = path.join(root, '.git');
  const s = lstatSync(dotGit, { throwIfNoEntry: false });
  if (s?.isDirectory()) return { gitDir: dotGit, commonDir: dotGit };
  if (!s?.isFile()) return undefined;
  // A linked worktree or a submodule: `.git` is a file naming the real folder.
  const text = readRegularFile(dotGit, CONFIG_MAX_BYTES);
  const named = text.ok ? /^gitdir: (.+)$/m.exec(text.bytes.toString('utf8'))?.[1]?.trim() : undefined;
  if (!named) return undefined;
  const gitDir = path.resolve(root, named);
  const common = readRegularFile(path.join(gitDir, 'commondir'), CONFIG_MAX_BYTES);
  const commonDir = common.ok ? path.resolve(gitDir, common.bytes.toString('utf8').trim()) : gitDir;
  return { gitDir, commonDir };
}

/**
 * Every file whose content decides git's listing besides the work tree's folders and ignore
 * files: the index, the config files git reads (as git reports them, includes too, and the
 * places a new one could appear), and the excludes files they name or git defaults to.
 */
function gitInputs(root: string): string[] | undefined {
  const dirs = gitDirs(root);
  if (!dirs) return undefined;
  const home = homedir();
  const xdg = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
  const inputs = new Set<string>([
    path.join(dirs.gitDir, 'index'),
    path.join(dirs.gitDir, 'HEAD'), // includeIf "onbranch:" reads it
    path.join(dirs.gitDir, 'config.worktree'),
    path.join(dirs.commonDir, 'config'),
    path.join(dirs.commonDir, 'info', 'exclude'),
    path.join(home, '.gitconfig'),
    path.join(xdg, 'git', 'config'),
    path.join(xdg, 'git', 'ignore'),
    '/etc/gitconfig',
  ]);
  let listed: string;
  try {
    listed = runGit(root, ['config', '--list', '--show-origin', '-z']).toString('utf8');
  } catch {
    return undefined;
  }
  // -z: `file:<path>` NUL `<key>\n<value>` NUL, for every setting, in the order git applies them.
  const fields = listed.split('\0');
  let excludesFile: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i]!;
    if (origin.startsWith('file:')) inputs.add(path.resolve(root, origin.slice(5)));
    else if (origin !== 'command line:') return undefined; // a blob or stdin: not a file to stamp
    const [key, ...value] = fields[i + 1]!.split('\n');
    if (key === 'core.excludesfile') excludesFile = value.join('\n');
  }
  if (excludesFile)
    inputs.add(
      excludesFile.startsWith('~/')
        ? path.join(home, excludesFile.slice(2))
        : path.resolve(root, excludesFile),
    );
  return [...inputs];
}

/**
 * The stamps of git's own inputs alone (gitInputs: its index, config and excludes files), which no
 * watch of the work tree sees; [] for a folder git does not hold. Undefined when they cannot vouch
 * (a layout git's files cannot be found in, a stamp modified after `trustedBefore`).
 */
export function takeGitInputStamps(root: string, trustedBefore: number): [string, string][] | undefined {
  if (!lstatSync(path.join(root, '.git'), { throwIfNoEntry: false })) return [];
  const inputs = gitInputs(root);
  if (!inputs) return undefined;
  const stamps: [string, string][] = [];
  for (const input of inputs) if (!addStamp(stamps, input, true, trustedBefore)) return undefined;
  return stamps;
}

/** Adds the stamp of `abs` (through links when `follow`); false when it cannot vouch for anything. */
function addStamp(stamps: [string, string][], abs: string, follow: boolean, trustedBefore: number): boolean {
  const s = statOf(abs, follow);
  if (s === 'unreadable' || (s && !trusted(s, trustedBefore))) return false;
  stamps.push([abs, `${follow ? 'f' : 'l'}:${stampText(s)}`]);
  return true;
}

/**
 * Stamps what git's listing of `root` depends on, to be taken before git lists: anything that
 * moves after this shows as a different stamp next time. Undefined when the cache cannot be
 * trusted (not a plain git layout, an unreadable folder, a stamp modified after `trustedBefore`).
 */
export function takeListingStamps(root: string, trustedBefore: number): [string, string][] | undefined {
  const inputs = gitInputs(root);
  const ignored = inputs && ignoredFolders(root);
  if (!inputs || !ignored) return undefined;
  const stamps: [string, string][] = [];
  const add = (abs: string, follow: boolean): boolean => addStamp(stamps, abs, follow, trustedBefore);
  for (const input of inputs) if (!add(input, true)) return undefined;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const folders = [''];
  while (folders.length > 0) {
    const rel = folders.pop()!;
    const abs = rel === '' ? root : prefix + rel;
    if (!add(abs, false)) return undefined;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return undefined;
    }
    for (const entry of entries) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      // A .gitignore is read through links, as git reads it; its absence is the folder's stamp.
      if (entry.name === '.gitignore') {
        if (!add(prefix + child, true)) return undefined;
      } else if (entry.isDirectory() && !ALWAYS_EXCLUDED_DIRS.includes(entry.name) && !ignored.has(child))
        folders.push(child);
    }
  }
  return stamps;
}

/**
 * The listing stamps a change witness cannot vouch for: every input read through links (git's
 * files, each .gitignore) and every folder it does not watch. A watched folder's own stamp moves
 * only with an event on its watch.
 */
export function unwitnessedListing(
  stamps: readonly (readonly [string, string])[],
  root: string,
  watching: (rel: string) => boolean,
): (readonly [string, string])[] {
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return stamps.filter(([abs, stamp]) => {
    if (!stamp.startsWith('l:')) return true;
    const rel = abs === root ? '' : abs.startsWith(prefix) ? abs.slice(prefix.length) : undefined;
    return rel === undefined || !watching(rel);
  });
}

/** Whether every stamp of `takeListingStamps` still holds: git would list the same files. */
export function listingStampsHold(stamps: readonly (readonly [string, string])[]): boolean {
  for (const [abs, stamp] of stamps) {
    const s = statOf(abs, stamp.startsWith('f:'));
    if (s === 'unreadable' || stampText(s) !== stamp.slice(2)) return false;
  }
  return true;
}

/**
 * Keeps the listing for the next scan, in `.proofmap/` (git-ignored there) when that is a real
 * folder. Written to a temporary name and renamed, so a reader never sees half a file.
 */
export function keepListing(
  root: string,
  listing: Listing,
  stamps: [string, string][],
  trustedBefore: number,
): void {
  const dir = path.join(root, OUTPUT_DIR);
  if (!lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
  // Every folder holding a listed file, even one git called ignored (a tracked file inside it):
  // stamped after the listing, which is sound because a change since `trustedBefore` (taken
  // before git ran) makes a stamp untrusted, and a later one moves it.
  const stamped = new Set(stamps.map(([abs]) => abs));
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  for (const p of listing.paths)
    for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) {
      const abs = prefix + p.slice(0, i);
      if (stamped.has(abs)) break; // its ancestors were stamped with it
      stamped.add(abs);
      const s = statOf(abs, false);
      if (s === 'unreadable' || (s && !trusted(s, trustedBefore))) return;
      stamps.push([abs, `l:${stampText(s)}`]);
    }
  const cache: CacheFile = { format: FORMAT, version: VERSION, root, env: envKey(), stamps, listing };
  const file = path.join(dir, CACHE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(cache));
    renameSync(temp, file);
  } catch {
    // A cache that cannot be written only costs the next scan a listing.
  }
}
