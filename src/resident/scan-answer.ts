/**
 * What a resident needs to answer `proofmap scan` (scan-socket.ts) for its map: the stamps of the
 * inputs no watch of it sees, and the answer built from the scan record the index holds.
 *
 * A watched folder cannot change without an event, and once a fence has passed and the updates
 * are applied, the map holds every such change. What lies outside those folders and still decides
 * the map is git's view of the tree: its index, config and excludes files decide which files are
 * listed (discover/listing-cache.ts). Their stamps, taken before the scan the map came from, must
 * still hold; they are a handful, so they are stat'ed on every question.
 */
import { listingStampsHold, takeGitInputStamps } from '../discover/listing-cache.js';
import { RACY_MS } from '../discover/stat-tree.js';
import { mapPath } from '../map/emit.js';
import { fileStamp, LAST_SCAN, type LastScan, recordedFindings } from '../scan-support.js';
import type { IndexStore } from '../store/index.js';
import type { ResidentReply } from './scan-socket.js';

export type UnwatchedStamps = [string, string][];

/**
 * Git's stamps, taken now (before a scan); undefined when one is too recent to prove anything (a
 * question then rescans instead).
 */
export const unwatchedStamps = (root: string): UnwatchedStamps | undefined =>
  takeGitInputStamps(root, Date.now() - RACY_MS);

/** Whether the stamps taken before the map's scan still hold. */
export const stillUnwatched = (stamps: UnwatchedStamps | undefined): boolean =>
  stamps !== undefined && listingStampsHold(stamps);

/** The scan record of the map on disk as the answer, or why there is none. */
export function recordedAnswer(
  root: string,
  store: IndexStore,
  startedMs: number,
  updated: boolean,
): ResidentReply {
  const last = store.getSignals<LastScan>(LAST_SCAN);
  const mapFile = mapPath(root);
  if (!last?.meta || !last.mapStamp || fileStamp(mapFile) !== last.mapStamp)
    return { unavailable: 'the scan record does not describe map.json' };
  return {
    scan: {
      root,
      mapFile,
      meta: last.meta,
      findings: recordedFindings(last),
      updated,
      ms: Math.round((performance.now() - startedMs) * 10) / 10,
    },
  };
}
