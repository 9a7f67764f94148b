/**
 * The search rows of a snapshot: one per listed path, one per exported name, one per document
 * heading. Rows are grouped by path and rebuilt only for paths whose rows changed, so a rescan
 * after editing one file rewrites that file's rows and nothing else.
 */
import path from 'node:path';
import type { MapNode, ProofMap } from '../map/schema.js';
import type { SourceFile } from '../model/facts.js';
import { contentHash } from '../model/ids.js';
import { type Connection, queryJson } from './connection.js';
import { foldText } from './fold.js';
import { type RowBatch, rowBatch } from './row-batch.js';

/** A document heading, as the Markdown extractor records it. */
export interface Heading {
  path: string;
  text: string;
  slug: string;
  line: number;
}

/** kind, name, line, detail: the displayed part of a row; folded text is derived from it. */
export type Row = [
  kind: 'path' | 'symbol' | 'heading',
  name: string,
  line: number | null,
  detail: string | null,
];

export function syncSearchRows(
  conn: Connection,
  map: ProofMap,
  files: readonly SourceFile[],
  headings: readonly Heading[],
): void {
  const byPath = new Map<string, Row[]>();
  const rowsOf = (p: string) => {
    let rows = byPath.get(p);
    if (!rows) {
      rows = [];
      byPath.set(p, rows);
    }
    return rows;
  };
  for (const file of files) rowsOf(file.path).push(pathRow(file.path));
  for (const node of map.nodes) if (node.path && node.exports) rowsOf(node.path).push(...symbolRows(node));
  for (const h of headings) rowsOf(h.path).push(['heading', h.text, h.line, h.slug]);

  const old = new Map(
    queryJson<[string, string][]>(conn, `SELECT json_group_array(json_array(path, key)) FROM search_sources`),
  );
  for (const p of old.keys()) if (!byPath.has(p)) dropFileRows(conn, p);
  const changed: [string, Row[], string][] = [];
  for (const [p, rows] of byPath) {
    const key = rowsKey(rows);
    const previous = old.get(p);
    if (previous === key) continue;
    if (previous !== undefined) dropFileRows(conn, p);
    changed.push([p, rows, key]);
  }
  const first = nextItemId(conn);
  const setKey = rowBatch(conn, `INSERT OR REPLACE INTO search_sources (path, key) VALUES`, 2);
  const items = itemBatch(conn);
  for (const [p, rows, key] of changed) {
    insertItems(items, p, rows);
    setKey.add(p, key);
  }
  items.flush();
  setKey.flush();
  indexItemsFrom(conn, first);
}

/** A digest of a path's rows, not the rows: the whole rows took 3.8 MB of a 7,000-file index. */
const rowsKey = (rows: readonly Row[]): string => contentHash(JSON.stringify(rows));

const pathRow = (p: string): Row => ['path', path.posix.basename(p), null, null];

// `*` and `default` are not names anyone searches for; every module would match them.
const symbolRows = (node: MapNode): Row[] =>
  (node.exports ?? [])
    .filter((e) => e.name !== '*' && e.name !== 'default')
    .map((e) => ['symbol', e.name, e.line, e.typeOnly ? 'type' : 'value']);

/**
 * The rows of one file (its path, exported names and headings), for a delta that changed it: the
 * same rows and key syncSearchRows would write for it.
 */
export function syncFileRows(
  conn: Connection,
  node: MapNode & { path: string },
  headings: readonly Omit<Heading, 'path'>[] = [],
): void {
  const rows: Row[] = [
    pathRow(node.path),
    ...symbolRows(node),
    ...headings.map((h): Row => ['heading', h.text, h.line, h.slug]),
  ];
  const key = rowsKey(rows);
  const previous = conn.stmt(`SELECT key FROM search_sources WHERE path = ?`).pluck().get(node.path);
  if (previous === key) return;
  if (previous !== undefined) dropFileRows(conn, node.path);
  const first = nextItemId(conn);
  const items = itemBatch(conn);
  insertItems(items, node.path, rows);
  items.flush();
  indexItemsFrom(conn, first);
  conn.stmt(`INSERT OR REPLACE INTO search_sources (path, key) VALUES (?, ?)`).run(node.path, key);
}

/**
 * Loads rows published elsewhere (each path's rows as JSON, `IndexStore.searchSources`) into an
 * empty index: the same items, keys and FTS rows syncSearchRows would have written for them.
 */
export function loadSearchRows(conn: Connection, sources: readonly (readonly [string, string])[]): void {
  const first = nextItemId(conn);
  const setKey = conn.stmt(`INSERT INTO search_sources (path, key) VALUES (?, ?)`);
  const items = itemBatch(conn);
  for (const [p, json] of sources) {
    const rows = JSON.parse(json) as Row[];
    insertItems(items, p, rows);
    setKey.run(p, rowsKey(rows));
  }
  items.flush();
  indexItemsFrom(conn, first);
}

/** Removes a path's search rows (a file that left the tree). */
export function dropFileRows(conn: Connection, p: string): void {
  const ids = conn.stmt(`SELECT id FROM search_items WHERE path = ?`).pluck().all(p) as number[];
  const delFts = conn.stmt(`DELETE FROM search_fts WHERE rowid = ?`);
  for (const id of ids) delFts.run(id);
  conn.stmt(`DELETE FROM search_items WHERE path = ?`).run(p);
  conn.stmt(`DELETE FROM search_sources WHERE path = ?`).run(p);
}

const itemBatch = (conn: Connection): RowBatch =>
  rowBatch(conn, `INSERT INTO search_items (kind, path, name, line, detail, fold_name, fold_text) VALUES`, 7);

function insertItems(items: RowBatch, p: string, rows: readonly Row[]): void {
  for (const [kind, name, line, detail] of rows) {
    const foldName = foldText(name);
    items.add(kind, p, name, line, detail, foldName, kind === 'path' ? foldText(p) : foldName);
  }
}

/** Ids above every row now: rows inserted next (after any deletion) get ids from here on. */
const nextItemId = (conn: Connection): number =>
  conn.stmt(`SELECT ifnull(max(id), 0) + 1 FROM search_items`).pluck().get() as number;

/**
 * Gives the FTS table the items inserted since `first`, in one statement: one row at a time from
 * JS took twice as long on a cold 61,000-row index. The text is the folded text, plus a variant
 * without `_` and `-` so that `createserver` also finds `create_server` (trigrams already find any
 * substring).
 */
function indexItemsFrom(conn: Connection, first: number): void {
  conn
    .stmt(
      `INSERT INTO search_fts (rowid, text)
       SELECT id, CASE WHEN joined = fold_text THEN fold_text ELSE fold_text || ' ' || joined END
       FROM (SELECT id, fold_text, replace(replace(fold_text, '_', ''), '-', '') AS joined
             FROM search_items WHERE id >= ?)`,
    )
    .run(first);
}
