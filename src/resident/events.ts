/**
 * Where the resident's file events come from, chosen here and only here. On Linux, inotify
 * through Node's own fs.watch (events-inotify.ts): @parcel/watcher's Linux backend holds every
 * event at least 50 ms before delivering it (MIN_WAIT_TIME in its Debounce.hh), which alone is
 * the whole budget of change → fresh answer. Elsewhere, and when inotify runs out of watches,
 * @parcel/watcher (events-parcel.ts). `PROOFMAP_WATCH_EVENTS=inotify|parcel` forces one (tests
 * run both; the bench compares them).
 */
import { ignoredFolders } from '../discover/ignored-folders.js';
import { InputError } from '../model/errors.js';
import { InotifyLimit, watchWithInotify } from './events-inotify.js';
import { watchWithParcel } from './events-parcel.js';

export const EVENT_SOURCES = ['inotify', 'parcel'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];
export const EVENT_SOURCE_ENV = 'PROOFMAP_WATCH_EVENTS';

export interface ChangeListener {
  /** Absolute paths that changed: a file, or a folder that appeared, went or was renamed. */
  onChange(paths: string[]): void;
  onError(error: unknown): void;
  /** One line worth telling the user (the fallback from inotify to @parcel/watcher). */
  onNote(message: string): void;
}

export interface ChangeSubscription {
  /** The source delivering events now (inotify may have fallen back to parcel). */
  readonly source: EventSource;
  close(): Promise<void>;
}

/** The source asked for (option, then environment), else inotify on Linux and parcel elsewhere. */
export function chooseEventSource(requested = process.env[EVENT_SOURCE_ENV]): EventSource {
  if (requested === undefined || requested === '') return process.platform === 'linux' ? 'inotify' : 'parcel';
  if ((EVENT_SOURCES as readonly string[]).includes(requested)) return requested as EventSource;
  throw new InputError(`${EVENT_SOURCE_ENV}=${requested}: expected ${EVENT_SOURCES.join(' or ')}`);
}

/** The source to use, with what it asks of git (inotify: the folders git ignores whole). */
export interface SourceSetup {
  source: EventSource;
  ignored?: Set<string>;
}

/**
 * Chooses the source and asks git what it needs. Meant to run before the watcher's first scan: a
 * git child started once the heap holds the map cost the next update 2,000–4,000 more minor page
 * faults and 50–90 ms more CPU on the 7k-file repository (the fork's copy-on-write, it seems).
 */
export function setUpSource(root: string, source: EventSource = chooseEventSource()): SourceSetup {
  return source === 'inotify' ? { source, ignored: ignoredFolders(root) ?? new Set() } : { source };
}

/**
 * Subscribes to changes under `root`. `listed` gives the paths the map lists: inotify watches
 * the folders holding them even where an ignore rule names the folder (a tracked file inside).
 */
export async function watchChanges(
  root: string,
  listener: ChangeListener,
  listed: () => Iterable<string>,
  setup: SourceSetup = setUpSource(root),
): Promise<ChangeSubscription> {
  if (setup.source === 'parcel') return watchWithParcel(root, listener);
  let current: ChangeSubscription | undefined;
  let switching: Promise<void> | undefined;
  let closed = false;
  const fallBack = (limit: InotifyLimit): Promise<void> =>
    (switching ??= (async () => {
      listener.onNote(`${limit.message}; watching with @parcel/watcher instead`);
      await current?.close();
      if (closed) return;
      current = await watchWithParcel(root, listener);
      // Events between the two subscriptions are lost: the folder inotify could not watch is
      // reported again, so a rescan (not a delta) looks at the whole tree once parcel is on.
      listener.onChange([limit.path]);
    })().catch(listener.onError));
  try {
    current = watchWithInotify(root, listener, listed, (limit) => void fallBack(limit), setup.ignored);
  } catch (error) {
    if (!(error instanceof InotifyLimit)) throw error;
    await fallBack(error);
  }
  return {
    get source() {
      return current?.source ?? 'parcel';
    },
    async close() {
      closed = true;
      await switching;
      await current?.close();
    },
  };
}
