/**
 * Search over paths, exported symbols and headings. The query is folded by the same foldText as
 * the index, split on white space, and every token goes to FTS5 as a quoted string: user text is
 * data, so `"`, `*`, `NEAR`, `AND`, `:` or `^` can never change the query's meaning. The trigram
 * tokenizer makes each token a substring match; tokens under three characters, which trigrams
 * cannot match, are checked with instr() on the folded text instead.
 */
import { InputError } from '../model/errors.js';
import { contentHash } from '../model/ids.js';
import type { Connection } from './connection.js';
import { foldText } from './fold.js';

export type SearchKind = 'path' | 'symbol' | 'heading';

export interface SearchHit {
  kind: SearchKind;
  /** Repo-relative path of the file (the file itself for a `path` hit). */
  path: string;
  /** The base name, the exported name or the heading text, as written. */
  name: string;
  /** 1-based line of a symbol or heading. */
  line?: number;
  /** `type` or `value` for a symbol, the slug for a heading. */
  detail?: string;
}

export interface SearchOptions {
  /** Page size, 1–500 (default 20). */
  limit?: number;
  /** The cursor of the previous page. */
  cursor?: string;
  kinds?: readonly SearchKind[];
}

export interface SearchPage {
  items: SearchHit[];
  /** Every match, not only this page. */
  total: number;
  /** Present when more items follow. */
  cursor?: string;
}

const KINDS: readonly SearchKind[] = ['path', 'symbol', 'heading'];
const MAX_TOKENS = 16;

function parsed(text: string, wanted: readonly SearchKind[] | undefined) {
  const tokens = foldText(text).split(/\s+/u).filter(Boolean).slice(0, MAX_TOKENS);
  const kinds = [...new Set(wanted ?? KINDS)].filter((k) => KINDS.includes(k)).sort();
  const q = tokens.join(' ');
  return { tokens, kinds, q, fingerprint: contentHash(`${q}\0${kinds.join(',')}`).slice(0, 8) };
}

/** A search cursor at `offset`, for a caller that cuts a page shorter than the store did. */
export const searchCursorAt = (
  text: string,
  kinds: readonly SearchKind[] | undefined,
  offset: number,
): string => encodeCursor(offset, parsed(text, kinds).fingerprint);

/** The offset a search cursor points at; throws InputError for a cursor of another search. */
export const searchCursorOffset = (
  text: string,
  kinds: readonly SearchKind[] | undefined,
  cursor: string,
): number => decodeCursor(cursor, parsed(text, kinds).fingerprint);

export function search(conn: Connection, text: string, opts: SearchOptions = {}): SearchPage {
  const { tokens, kinds, q, fingerprint } = parsed(text, opts.kinds);
  if (tokens.length === 0 || kinds.length === 0) return { items: [], total: 0 };
  const limit = Math.min(500, Math.max(1, Math.floor(opts.limit ?? 20)));
  const offset = opts.cursor === undefined ? 0 : decodeCursor(opts.cursor, fingerprint);

  const long = tokens.filter((t) => [...t].length >= 3);
  const short = tokens.filter((t) => [...t].length < 3);
  const params: Record<string, unknown> = { q };
  const where: string[] = [`i.kind IN (${kinds.map((k) => `'${k}'`).join(', ')})`];
  short.forEach((t, n) => {
    params[`s${n}`] = t;
    where.push(`instr(i.fold_text, @s${n}) > 0`);
  });
  let from = 'search_items i';
  if (long.length > 0) {
    params.match = long.map((t) => `"${t.replaceAll('"', '""')}"`).join(' ');
    from = 'search_fts f JOIN search_items i ON i.id = f.rowid';
    where.push('search_fts MATCH @match');
  }
  const filter = `FROM ${from} WHERE ${where.join(' AND ')}`;
  // Counting needs the join to search_items only to filter by kind or short token.
  const countFilter =
    long.length > 0 && short.length === 0 && kinds.length === KINDS.length
      ? 'FROM search_fts WHERE search_fts MATCH @match'
      : filter;
  const total = conn.stmt(`SELECT count(*) ${countFilter}`).pluck().get(params) as number;
  // Exact name (or file stem) first, then name prefix, then bm25; ties broken by short names and
  // position so the order is the same on every run.
  const tier = `CASE WHEN i.fold_name = @q OR i.fold_text = @q
      OR (i.kind = 'path' AND substr(i.fold_name, 1, length(@q) + 1) = @q || '.') THEN 0
    WHEN substr(i.fold_name, 1, length(@q)) = @q THEN 1 ELSE 2 END`;
  const rank = long.length > 0 ? 'bm25(search_fts), ' : '';
  const rows = conn
    .stmt(
      `SELECT i.kind, i.path, i.name, i.line, i.detail ${filter}
       ORDER BY ${tier}, ${rank}length(i.name), i.path, i.line, i.id LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit, offset }) as {
    kind: SearchKind;
    path: string;
    name: string;
    line: number | null;
    detail: string | null;
  }[];
  const items = rows.map(({ line, detail, ...hit }) => ({
    ...hit,
    ...(line === null ? {} : { line }),
    ...(detail === null ? {} : { detail }),
  }));
  const next = offset + items.length;
  return next < total ? { items, total, cursor: encodeCursor(next, fingerprint) } : { items, total };
}

// The cursor carries a fingerprint of the query so that a cursor from one query cannot page
// through another one.
function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(`${offset}:${fingerprint}`).toString('base64url');
}

function decodeCursor(cursor: string, fingerprint: string): number {
  const [offset, print] = Buffer.from(cursor, 'base64url').toString().split(':');
  const n = Number(offset);
  if (print !== fingerprint || !Number.isInteger(n) || n < 0) {
    throw new InputError('invalid search cursor', { hint: 'pass the cursor returned by the same search' });
  }
  return n;
}
