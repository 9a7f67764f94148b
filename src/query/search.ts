/**
 * search: the index's full-text search over paths, exported symbols and headings, in the common
 * envelope. The store ranks, pages and counts; this adds freshness for the files on the page.
 */
import type { Envelope } from '../model/envelope.js';
import type { IndexStore, SearchHit, SearchKind } from '../store/index.js';

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
  const page = store.search(text, {
    limit: opts.limit ?? 20,
    ...(opts.cursor !== undefined ? { cursor: opts.cursor } : {}),
    ...(opts.kinds ? { kinds: opts.kinds } : {}),
  });
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
