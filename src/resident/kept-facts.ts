/**
 * Module facts a resident's deltas read from the index, kept between changes: an edit of a file
 * that imports through a package barrel reads the facts of every module on the barrel's
 * `export *` chains, and the next edit asks for the same ones (~10 ms of each one-file edit's
 * change → fresh on the 7k-file repository, most of it JSON.parse). Facts are addressed by their
 * file's bytes (extractor key and hash), so a kept entry never goes stale; the oldest are dropped
 * past a bound, so a long session that edits all over the tree does not hold every module's facts.
 */
import type { ModuleFacts } from '../model/facts.js';

const KEPT = 2048;

export class KeptFacts {
  readonly #facts = new Map<string, ModuleFacts>();

  get(key: string): ModuleFacts | undefined {
    const facts = this.#facts.get(key);
    if (facts === undefined) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.#facts.delete(key);
    this.#facts.set(key, facts);
    return facts;
  }

  set(key: string, facts: ModuleFacts): void {
    this.#facts.delete(key);
    this.#facts.set(key, facts);
    if (this.#facts.size > KEPT) this.#facts.delete(this.#facts.keys().next().value!);
  }
}
