/**
 * The envelope of every query answer (DESIGN §6), the same for CLI --json, MCP and the library:
 * the items, the true count before any cut, what was returned, whether it was cut, a cursor for
 * the next page, and whether the files behind the answer changed on disk since they were indexed.
 */
import { InputError } from './errors.js';

export interface Freshness {
  /** Epoch (snapshot counter) of the index the answer came from. */
  epoch: number;
  /** Files behind the answer whose bytes changed since indexing (or never indexed). */
  stale: string[];
  /** Files behind the answer that are gone from disk. */
  missing: string[];
  /** True when nothing is stale or missing. */
  fresh: boolean;
  /**
   * Set when only part of the files behind the answer were checked (those a token budget kept
   * in it): which, so that `fresh` is never read as covering files the answer does not show.
   */
  covers?: string;
  /**
   * Set when the answer came from the shared index: which commit of which repository it read and
   * when that commit was published (the shared index's epoch is that commit's publish number).
   */
  commit?: { repo: string; commit: string; published_at: string };
}

export interface Envelope<T> {
  /** The query as understood, e.g. `impact src/a.ts`. */
  query: string;
  items: T[];
  /** The true count before pagination or limits. */
  total: number;
  returned: number;
  truncated: boolean;
  /** Opaque cursor for the next page; absent on the last page. */
  next_cursor?: string;
  freshness: Freshness;
  /** Why the answer may be incomplete (unresolved imports, visit limit hit, approximate signals). */
  notes?: string[];
}

/** Cuts a full, sorted list into one page; the cursor is the offset of the next page. */
export function paginate<T>(
  all: readonly T[],
  limit: number,
  cursor?: string,
): Pick<Envelope<T>, 'items' | 'total' | 'returned' | 'truncated' | 'next_cursor'> {
  const offset = cursor ? decodeCursor(cursor) : 0;
  const items = all.slice(offset, offset + limit);
  const next = offset + items.length;
  return {
    items,
    total: all.length,
    returned: items.length,
    truncated: next < all.length,
    ...(next < all.length ? { next_cursor: encodeCursor(next) } : {}),
  };
}

export const encodeCursor = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const n = /^o:(\d+)$/.exec(text)?.[1];
  if (n === undefined)
    throw new InputError(`invalid cursor "${cursor}"`, { hint: 'pass the next_cursor of a previous answer' });
  return Number(n);
}
