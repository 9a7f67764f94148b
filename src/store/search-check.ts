/**
 * A structural check of the search tables alone (PRAGMA quick_check limited to them): cheap
 * enough to run when a search finds nothing, which is what damaged search pages look like when
 * SQLite does not happen to raise SQLITE_CORRUPT. A damaged page that raises it is caught by the
 * store's own guard instead.
 */
import type { Connection } from './connection.js';

/** The search index's tables and FTS5's shadow tables (schema.ts). */
const SEARCH_TABLES = [
  'search_sources',
  'search_items',
  'search_fts_data',
  'search_fts_idx',
  'search_fts_docsize',
  'search_fts_config',
];

/** What quick_check reports about the first unsound search table, or undefined when all are sound. */
export function checkSearchTables(conn: Connection): string | undefined {
  for (const table of SEARCH_TABLES) {
    const result = conn.stmt(`PRAGMA quick_check(${table})`).pluck().all() as string[];
    if (result.length !== 1 || result[0] !== 'ok')
      // quick_check lists every bad cell, with line breaks: the first words are enough here.
      return `failed PRAGMA quick_check(${table}): ${result.join('; ').replace(/\s+/g, ' ').slice(0, 160)}`;
  }
  return undefined;
}
