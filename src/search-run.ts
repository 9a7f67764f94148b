/**
 * search, repairing a damaged index first. The search tables are the part of index.db a query
 * reads page by page, so damaged pages there used to answer "0 of 0" without a word. Damage shows
 * either as SQLITE_CORRUPT (the store's guard then moves the file aside), or as a page short of
 * hits over tables that fail quick_check; either way the index is rebuilt by a full scan — it is
 * derived data — and the search answered again, with a note saying so.
 */
import type { Envelope } from './model/envelope.js';
import { InputError } from './model/errors.js';
import { type SearchQueryOptions, searchIndex } from './query/search.js';
import type { IndexStore, SearchHit } from './store/index.js';

export interface SearchHandle {
  /** The caller's handle on the index (opened read-only). */
  store(): IndexStore;
  /** Called after the rebuild: the caller drops its handle, so store() opens the new file. */
  rebuilt(): void;
}

export async function searchRepairing(
  root: string,
  handle: SearchHandle,
  text: string,
  opts: SearchQueryOptions = {},
): Promise<Envelope<SearchHit>> {
  const store = handle.store();
  const before = store.recovered;
  const damaged = () => (store.recovered !== before ? store.recovered : undefined);
  let problem: string | undefined;
  let answer: Envelope<SearchHit> | undefined;
  if (store.epoch() === 0) {
    // Damaged at open: the file was already moved aside and this handle is empty.
    if (!store.recovered)
      throw new InputError(`no proofmap index in ${root}`, { hint: 'run `proofmap scan` first' });
    problem = store.recovered;
  } else {
    answer = searchIndex(store, text, opts);
    problem = damaged();
    // A page with fewer hits than the count promises (or none) is what damaged pages look like
    // when SQLite reads them without raising SQLITE_CORRUPT; a sound index never answers so.
    const short = answer.returned === 0 || (answer.truncated && answer.returned < (opts.limit ?? 20));
    if (!problem && short) {
      const unsound = store.checkSearch();
      problem = damaged();
      if (!problem && unsound) {
        store.discard(`search tables ${unsound}`);
        problem = store.recovered;
      }
    }
  }
  if (!problem) return answer!;
  handle.rebuilt();
  const { scan } = await import('./scan.js');
  await scan({ root, force: true });
  const again = searchIndex(handle.store(), text, opts);
  return {
    ...again,
    notes: [...(again.notes ?? []), `.proofmap/${problem} by a full scan before this answer`],
  };
}
