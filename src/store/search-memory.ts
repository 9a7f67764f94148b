/**
 * Search over rows published elsewhere (the shared index): the rows are loaded into an in-memory
 * SQLite database with the local index's own schema and searched by the same `search`, so a
 * search against PostgreSQL ranks exactly like the local one (FTS5 trigram match, bm25 and the
 * same tie-breaks) instead of approximating it with a second ranking that would drift.
 */
import { connection } from './connection.js';
import { openSqlite } from './handles.js';
import { migrate } from './schema.js';
import { type SearchOptions, type SearchPage, search } from './search.js';
import { loadSearchRows } from './search-rows.js';

export interface MemorySearch {
  search(text: string, opts?: SearchOptions): SearchPage;
  close(): void;
}

/** `sources`: each path's rows as JSON (`IndexStore.searchSources`), in path order. */
export function memorySearch(sources: readonly (readonly [string, string])[]): MemorySearch {
  const db = openSqlite(':memory:');
  migrate(db);
  const conn = connection(db);
  db.transaction(() => loadSearchRows(conn, sources))();
  return { search: (text, opts) => search(conn, text, opts), close: () => db.close() };
}
