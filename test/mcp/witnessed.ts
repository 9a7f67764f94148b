/**
 * The two ways a cache checks its stamps, for the cache tests to run through both: every stamp
 * stat'ed, or a change witness (inotify and a fence) vouching for the watched folders. Witnesses
 * are closed after each test.
 */
import { afterEach } from 'vitest';
import { type ChangeWitness, startWitness } from '../../src/resident/witness.js';

export const WITNESS_MODES = [
  ['stat stamps', false, 'stamps'],
  ['a change witness', true, 'witness'],
] as const;

const open: ChangeWitness[] = [];
afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
});

/** `make(root, clock, witness)` with a witness started on `root` when `witnessed`. */
export function cacheFor<C>(
  witnessed: boolean,
  later: () => number,
  make: (root: string, clock: () => number, witness: () => ChangeWitness | undefined) => C,
): (root: string, clock?: () => number) => C {
  return (root, clock = later) => {
    const witness = witnessed ? startWitness(root) : undefined;
    if (witnessed && !witness) throw new Error('no inotify witness on this machine');
    if (witness) open.push(witness);
    return make(root, clock, () => witness);
  };
}
