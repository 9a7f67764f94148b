/**
 * search for library callers: opens the repository's index read-only, answers, closes. The CLI
 * and the MCP server hold their own handle and call searchIndex directly.
 */
import { realRoot } from '../discover/contain.js';
import type { Envelope } from '../model/envelope.js';
import { InputError } from '../model/errors.js';
import { openIndex, type SearchHit } from '../store/index.js';
import { type SearchQueryOptions, searchIndex } from './search.js';

export function search(root: string, text: string, opts: SearchQueryOptions = {}): Envelope<SearchHit> {
  const store = openIndex(realRoot(root), { readonly: true });
  try {
    if (store.epoch() === 0) throw new InputError(`no proofmap index in ${root}`, { hint: 'run scan first' });
    return searchIndex(store, text, opts);
  } finally {
    store.close();
  }
}
