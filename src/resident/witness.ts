/**
 * A witness of changes under a repository, so that a cached answer can be trusted without one
 * lstat per file: inotify watches every folder of the work tree (as the resident's watcher does,
 * events-inotify.ts) and only counts its events; a fence (fence.ts) proves when the count is up
 * to date. If the count after a fence equals the count after the fence that preceded a full stat
 * check, nothing in a watched folder has changed since that check, and only the stamps outside
 * them (`.git`, symlinked inputs) need a stat.
 *
 * It cannot vouch (`settle` gives undefined) off Linux, once inotify runs out of watches, after a
 * watch error, or when a fence does not come back in time: callers then stat everything, as they
 * would without it.
 */
import path from 'node:path';
import { type InotifySubscription, watchWithInotify } from './events-inotify.js';
import { type Fence, openFence } from './fence.js';

export interface ChangeWitness {
  /**
   * The number of events seen once every change made before the call has been delivered;
   * undefined when the witness cannot vouch for anything now.
   */
  settle(): Promise<number | undefined>;
  /** Whether the folder `rel` (repo-relative, '' for the root) is watched now. */
  watching(rel: string): boolean;
  close(): Promise<void>;
}

/** Starts watching `root` (an absolute path); undefined where no witness can be made. */
export function startWitness(root: string): ChangeWitness | undefined {
  const fence = openFence();
  if (!fence) return undefined;
  let broken = false;
  let subscription: InotifySubscription;
  try {
    subscription = watchWithInotify(
      root,
      {
        onChange: () => {},
        onError: () => {
          broken = true;
        },
        onNote: () => {},
      },
      () => [],
      () => {
        broken = true;
      },
    );
  } catch {
    fence.close();
    return undefined;
  }
  return witnessOver(subscription, fence, () => broken);
}

function witnessOver(subscription: InotifySubscription, fence: Fence, broken: () => boolean): ChangeWitness {
  return {
    async settle() {
      if (broken()) return undefined;
      const passed = await fence.pass();
      return passed && !broken() ? subscription.events : undefined;
    },
    watching: (rel) => !broken() && subscription.watching(rel),
    async close() {
      fence.close();
      await subscription.close();
    },
  };
}

/**
 * A witness started on first use (its walk and watches cost ~the stat pass it saves once) and
 * never retried once it could not be made.
 */
export function lazyWitness(root: string): { get(): ChangeWitness | undefined; close(): void } {
  let made: ChangeWitness | null | undefined;
  return {
    get: () => {
      if (made === undefined) made = (path.isAbsolute(root) && startWitness(root)) || null;
      return made ?? undefined;
    },
    close: () => {
      void made?.close();
      made = null;
    },
  };
}
