/**
 * File events from inotify, through Node's own fs.watch: one non-recursive watch per folder of
 * the work tree, delivered as the kernel reports them (no holding back; the resident joins a
 * burst itself). Left unwatched: the folders no listing holds (node_modules, .git, .proofmap, at
 * any depth) and those git ignores whole, unless the map lists a file inside one.
 *
 * A folder that appears is watched with its subtree, one that goes (deleted or renamed away) is
 * unwatched, and either is reported by its own path, which the map does not list: the resident
 * then rescans rather than applying a delta, so files created in a new folder before its watch
 * was in place are found by that scan.
 *
 * Ignore rules are asked of git when watching starts and again when a `.gitignore` changes; a
 * change to `.git/info/exclude` or the global excludes file is not seen until the next start.
 */
import { type Dirent, type FSWatcher, lstatSync, readdirSync, type Stats, watch } from 'node:fs';
import path from 'node:path';
import { ignoredFolders } from '../discover/ignored-folders.js';
import { ALWAYS_EXCLUDED_DIRS } from '../model/constants.js';
import type { ChangeListener, ChangeSubscription } from './events.js';

/** inotify ran out of watches (ENOSPC: fs.inotify.max_user_watches) or descriptors (EMFILE). */
export class InotifyLimit extends Error {
  constructor(
    /** The folder that could not be watched. */
    readonly path: string,
    cause: NodeJS.ErrnoException,
  ) {
    super(
      cause.code === 'ENOSPC'
        ? 'inotify watch limit reached (fs.inotify.max_user_watches)'
        : `inotify could not watch ${path} (${cause.code})`,
      { cause },
    );
  }
}

export interface InotifySubscription extends ChangeSubscription {
  /**
   * Every event delivered so far, counted before any is dropped as ignored: unchanged between two
   * moments, nothing in a watched folder changed between them (fence.ts says when "so far" holds).
   */
  readonly events: number;
  /** Whether the folder `rel` (repo-relative, '' for the root) has a watch now. */
  watching(rel: string): boolean;
}

const LIMITS = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);

/**
 * Watches every folder under `root` (throws InotifyLimit when the first walk runs out); a limit
 * met later, on a new folder, closes every watch and goes to `onLimit`.
 */
export function watchWithInotify(
  root: string,
  listener: ChangeListener,
  listed: () => Iterable<string>,
  onLimit: (limit: InotifyLimit) => void,
  /** The folders git ignores whole, when already asked (events.ts setUpSource says why). */
  gitIgnored: Set<string> | undefined = ignoredFolders(root),
): InotifySubscription {
  const watches = new Map<string, FSWatcher>();
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const abs = (rel: string) => (rel === '' ? root : prefix + rel);
  let ignored = leftOut(gitIgnored, listed());
  let closed = false;
  let events = 0;

  const closeAll = () => {
    closed = true;
    for (const w of watches.values()) w.close();
    watches.clear();
  };

  /** Watches `rel` and every folder under it that is not left out; throws InotifyLimit. */
  const watchTree = (rel: string): void => {
    const folders = [rel];
    while (folders.length > 0) {
      const dir = folders.pop()!;
      // A folder already watched is still walked: new ignore rules may have freed one below it.
      if (!watches.has(dir)) {
        let watcher: FSWatcher;
        try {
          watcher = watch(abs(dir), (type, name) => onEvent(dir, type, name));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? '';
          if (LIMITS.has(code)) throw new InotifyLimit(abs(dir), error as NodeJS.ErrnoException);
          if (code === 'ENOENT' || code === 'ENOTDIR') continue; // gone already: its parent says so
          throw error;
        }
        watcher.on('error', (error) => listener.onError(error));
        watches.set(dir, watcher);
      }
      let entries: Dirent[];
      try {
        entries = readdirSync(abs(dir), { withFileTypes: true });
      } catch {
        continue; // gone, or unreadable: discovery reports what it cannot list
      }
      for (const entry of entries)
        if (entry.isDirectory()) {
          const child = dir === '' ? entry.name : `${dir}/${entry.name}`;
          if (!ALWAYS_EXCLUDED_DIRS.includes(entry.name) && !ignored.has(child)) folders.push(child);
        }
    }
  };

  /** Closes the watches of `rel` and every folder under it. */
  const unwatchTree = (rel: string): void => {
    const under = `${rel}/`;
    for (const [dir, w] of watches)
      if (dir === rel || dir.startsWith(under)) {
        w.close();
        watches.delete(dir);
      }
  };

  const watchNew = (rel: string): boolean => {
    try {
      watchTree(rel);
      return true;
    } catch (error) {
      if (!(error instanceof InotifyLimit)) throw error;
      closeAll();
      onLimit(error);
      return false;
    }
  };

  const onEvent = (dir: string, type: string, name: string | Buffer | null): void => {
    if (closed) return;
    events++;
    // No name: something in the folder changed; the folder's own path makes the resident rescan.
    if (name === null) {
      listener.onChange([abs(dir)]);
      return;
    }
    const base = typeof name === 'string' ? name : name.toString('utf8');
    if (ALWAYS_EXCLUDED_DIRS.includes(base)) return;
    const rel = dir === '' ? base : `${dir}/${base}`;
    if (ignored.has(rel)) return;
    if (type === 'rename') {
      const entry = statOf(abs(rel));
      // A name created, deleted or moved: a folder there now is another folder than the one
      // watched under that name (deleted and made again before this event came, another moved
      // in), and the old watch follows the old one. Inode numbers cannot tell: they are reused.
      if (watches.has(rel)) unwatchTree(rel);
      if (entry?.isDirectory()) {
        if (!watchNew(rel)) return;
      } else if (!entry && dir !== '' && base === path.posix.basename(dir) && !statOf(abs(dir))) {
        return; // the watched folder itself went: inotify names it by its own name, its parent reports it
      }
    }
    listener.onChange([abs(rel)]);
    // New ignore rules can un-ignore a folder: ask git again and watch what is no longer left out.
    if (base === '.gitignore') {
      ignored = leftOut(ignoredFolders(root), listed());
      watchNew('');
    }
  };

  try {
    watchTree('');
  } catch (error) {
    closeAll();
    throw error;
  }
  return {
    source: 'inotify',
    get events() {
      return events;
    },
    watching: (rel) => !closed && watches.has(rel),
    close: async () => closeAll(),
  };
}

/** The folders git ignores whole, minus any that holds a file the map lists. */
function leftOut(gitIgnored: Set<string> | undefined, listed: Iterable<string>): Set<string> {
  const ignored = new Set(gitIgnored);
  if (ignored.size === 0) return ignored;
  for (const p of listed)
    for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) ignored.delete(p.slice(0, i));
  return ignored;
}

function statOf(abs: string): Stats | undefined {
  try {
    return lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return undefined; // ENOTDIR, EACCES: nothing to watch there
  }
}
