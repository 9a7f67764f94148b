/**
 * search: the index's full-text search over paths, exported symbols and headings, in the common
 * envelope. The store ranks, pages and counts; this adds freshness for the files on the page.
 */
import type { Envelope } from '../model/envelope.js';
import type { IndexStore, SearchHit, SearchKind, SearchPage } from '../store/index.js';
import type { QueryStore } from '../store/query-store.js';

export interface SearchQueryOptions {
  limit?: number;
  cursor?: string;
  kinds?: SearchKind[];
}

export function searchIndex(
  store: Pick<IndexStore, 'search' | 'freshness'>,
  text: string,
  opts: SearchQueryOptions = {},
): Envelope<SearchHit> {
  return envelopeOf(store.search(text, pageOptions(opts)), text, store);
}

/** The same search through either backend's QueryStore. */
export async function searchStore(
  store: Pick<QueryStore, 'search' | 'freshness'>,
  text: string,
  opts: SearchQueryOptions = {},
): Promise<Envelope<SearchHit>> {
  return envelopeOf(await store.search(text, pageOptions(opts)), text, store);
}

const pageOptions = (opts: SearchQueryOptions) => ({
  limit: opts.limit ?? 20,
  ...(opts.cursor !== undefined ? { cursor: opts.cursor } : {}),
  ...(opts.kinds ? { kinds: opts.kinds } : {}),
});

function envelopeOf(
  page: SearchPage,
  text: string,
  store: Pick<QueryStore, 'freshness'>,
): Envelope<SearchHit> {
  return {
    query: `search ${text}`,
    items: page.items,
    total: page.total,
    returned: page.items.length,
    truncated: page.cursor !== undefined,
    ...(page.cursor !== undefined ? { next_cursor: page.cursor } : {}),
    freshness: store.freshness([...new Set(page.items.map((i) => i.path))]),
  };
}
