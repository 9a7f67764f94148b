/**
 * Records a consultation: called by the consulting queries themselves (impact, context, refs),
 * never by a "mark as done" command. The marker binds the file's current content hash, so any
 * later change of the file makes it stale.
 */
import { READ_CAP_BYTES, readRepoPath } from '../discover/safe-read.js';
import { signMarker } from '../gate/marker.js';
import { contentHash } from '../model/ids.js';
import type { IndexStore } from './index.js';
import { markerKey } from './marker-key.js';

/** Content hash of a repo file on disk, or undefined when it cannot be read. */
export function diskHash(root: string, rel: string): string | undefined {
  const read = readRepoPath(root, rel, READ_CAP_BYTES);
  return read.ok ? contentHash(read.bytes) : undefined;
}

export function recordConsult(
  store: IndexStore,
  root: string,
  paths: readonly string[],
  query: string,
  now = Date.now(),
): void {
  const key = markerKey();
  const epoch = store.epoch();
  store.transaction(() => {
    for (const rel of paths) {
      const hash = diskHash(root, rel);
      if (hash === undefined) continue;
      store.putMarker(signMarker(key, root, { path: rel, hash, epoch, query, time: now }));
    }
  });
}

/** Drops markers older than maxAgeMs (run at scan and serve start). */
export function collectMarkers(store: IndexStore, maxAgeMs: number, now = Date.now()): number {
  const old = store
    .markerPaths()
    .filter((m) => now - m.time > maxAgeMs)
    .map((m) => m.path);
  if (old.length > 0) store.deleteMarkers(old);
  return old.length;
}
