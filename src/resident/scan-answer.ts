/**
 * What a resident needs to answer `proofmap scan` (scan-socket.ts) for its map: the stamps of the
 * inputs no watch of it sees, and the answer built from the scan record the index holds.
 *
 * A watched folder cannot change without an event, and once a fence has passed and the updates
 * are applied, the map holds every such change. What lies outside those folders and still decides
 * the map is git's view of the tree (`.git`, its index and its excludes decide which files are
 * listed): those stamps, taken before the scan the map came from, must still hold. They are few,
 * so they are stat'ed on every question.
 */
import { type TreeStamps, takeGitStamps, treeUnchanged } from '../discover/tree-stamps.js';
import { mapPath } from '../map/emit.js';
import { fileStamp, LAST_SCAN, type LastScan, recordedFindings } from '../scan-support.js';
import type { IndexStore } from '../store/index.js';
import type { ResidentReply } from './scan-socket.js';

/**
 * Git's stamps, taken now (before a scan); undefined when one is too recent to prove anything (a
 * question then rescans instead). The root folder is watched like any other: left out.
 */
export const unwatchedStamps = (root: string): TreeStamps | undefined => takeGitStamps(root, Date.now());

/** Whether the stamps taken before the map's scan still hold. */
export const stillUnwatched = (stamps: TreeStamps | undefined): boolean =>
  stamps !== undefined && treeUnchanged(stamps);

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
