/** `guard` as a library call: re-checks map.json against the repository and records the verdict. */
import { realRoot } from './discover/index.js';
import { mapPath, readMapChecked, writeMap } from './map/emit.js';
import { type GuardResult, guard } from './map/guardian.js';
import { InputError } from './model/errors.js';

export function guardMap(dir: string): GuardResult & { mapFile: string; updated: boolean } {
  const root = realRoot(dir);
  const read = readMapChecked(root);
  if ('problem' in read)
    throw new InputError(`${mapPath(root)} ${read.problem}`, { hint: 'run proofmap scan to rebuild it' });
  const map = read.map;
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
