/** `guard` as a library call: re-checks map.json against the repository and records the verdict. */
import { realRoot } from './discover/index.js';
import { mapPath, readMapFile, writeMap } from './map/emit.js';
import { type GuardResult, guard } from './map/guardian.js';
import { InputError } from './model/errors.js';

export function guardMap(dir: string): GuardResult & { mapFile: string; updated: boolean } {
  const root = realRoot(dir);
  const map = readMapFile(root);
  if (!map)
    throw new InputError(`${mapPath(root)} is missing or not a proofmap.map/v1 file`, {
      hint: 'run proofmap scan first',
    });
  const verdict = guard(root, map);
  const updated =
    map.meta.status !== verdict.status ||
    JSON.stringify(map.meta.blockers) !== JSON.stringify(verdict.blockers);
  if (updated) {
    map.meta.status = verdict.status;
    map.meta.blockers = verdict.blockers;
    writeMap(root, map);
  }
  return { ...verdict, mapFile: mapPath(root), updated };
}
