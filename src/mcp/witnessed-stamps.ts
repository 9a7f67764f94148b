/**
 * Stat stamps a cache was taken under, checked with the help of a change witness
 * (resident/witness.ts). A full check lstats every stamp; once one has passed (or the stamps were
 * just taken) at witness count N, a later check that finds the count still at N after its fence
 * knows no watched folder saw an event since, and stats only the stamps the witness cannot see
 * (`.git`, symlinked inputs, folders left unwatched): on a 7,000-file tree a handful instead of
 * ~7,700.
 */
import { type TreeStamps, treeUnchanged, unwitnessedStamps } from '../discover/tree-stamps.js';
import type { ChangeWitness } from '../resident/witness.js';

/** What the cache asks the witness once per call, before it reads anything on disk. */
export interface Settled {
  count: number | undefined;
  watching: (rel: string) => boolean;
}

const UNWITNESSED: Settled = { count: undefined, watching: () => false };

/** The witness's count after a fence, or "no witness" (every stamp is stat'ed then). */
export async function settle(witness: ChangeWitness | undefined): Promise<Settled> {
  const count = await witness?.settle();
  return count === undefined || !witness ? UNWITNESSED : { count, watching: (rel) => witness.watching(rel) };
}

export class WitnessedStamps<S> {
  #seen: number | undefined;
  #narrowed: S | undefined;

  constructor(
    readonly stamps: S,
    /** The witness count read before the stamps were taken (or last confirmed). */
    seen: number | undefined,
    private readonly holds: (stamps: S) => boolean,
    private readonly unwitnessed: (stamps: S, watching: (rel: string) => boolean) => S,
  ) {
    this.#seen = seen;
  }

  /** Whether every stamp still holds: 'witness' when the witness spared the full check, else 'stamps'. */
  check(now: Settled): 'witness' | 'stamps' | false {
    if (now.count !== undefined && now.count === this.#seen) {
      // The watch set only changes with an event, so the narrowed stamps hold while the count does.
      this.#narrowed ??= this.unwitnessed(this.stamps, now.watching);
      return this.holds(this.#narrowed) && 'witness';
    }
    if (!this.holds(this.stamps)) return false;
    this.#seen = now.count;
    this.#narrowed = undefined;
    return 'stamps';
  }
}

/** Tree stamps (discover/tree-stamps.ts) under a witness. */
export const witnessedTree = (stamps: TreeStamps, now: Settled) =>
  new WitnessedStamps(stamps, now.count, treeUnchanged, unwitnessedStamps);
