/**
 * The search rows of a snapshot: one per listed path, one per exported name, one per document
 * heading. Rows are grouped by path and rebuilt only for paths whose rows changed, so a rescan
 * after editing one file rewrites that file's rows and nothing else.
 */
import path from 'node:path';
import type { MapNode, ProofMap } from '../map/schema.js';
import type { SourceFile } from '../model/facts.js';
import { type Connection, queryJson } from './connection.js';
import { foldText } from './fold.js';

/** A document heading, as the Markdown extractor records it. */
export interface Heading {
  path: string;
  text: string;
  slug: string;
  line: number;
}

/** kind, name, line, detail: the displayed part of a row; folded text is derived from it. */
type Row = [kind: 'path' | 'symbol' | 'heading', name: string, line: number | null, detail: string | null];

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
  const setKey = conn.stmt(`INSERT OR REPLACE INTO search_sources (path, key) VALUES (?, ?)`);
  for (const [p, rows] of byPath) {
    const key = JSON.stringify(rows);
    const previous = old.get(p);
    if (previous === key) continue;
    if (previous !== undefined) dropFileRows(conn, p);
    insertRows(conn, p, rows);
    setKey.run(p, key);
  }
}

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
  const key = JSON.stringify(rows);
  const previous = conn.stmt(`SELECT key FROM search_sources WHERE path = ?`).pluck().get(node.path);
  if (previous === key) return;
  if (previous !== undefined) dropFileRows(conn, node.path);
  insertRows(conn, node.path, rows);
  conn.stmt(`INSERT OR REPLACE INTO search_sources (path, key) VALUES (?, ?)`).run(node.path, key);
}

/** Removes a path's search rows (a file that left the tree). */
export function dropFileRows(conn: Connection, p: string): void {
  const ids = conn.stmt(`SELECT id FROM search_items WHERE path = ?`).pluck().all(p) as number[];
  const delFts = conn.stmt(`DELETE FROM search_fts WHERE rowid = ?`);
  for (const id of ids) delFts.run(id);
  conn.stmt(`DELETE FROM search_items WHERE path = ?`).run(p);
  conn.stmt(`DELETE FROM search_sources WHERE path = ?`).run(p);
}

function insertRows(conn: Connection, p: string, rows: readonly Row[]): void {
  const item = conn.stmt(
    `INSERT INTO search_items (kind, path, name, line, detail, fold_name, fold_text) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const fts = conn.stmt(`INSERT INTO search_fts (rowid, text) VALUES (?, ?)`);
  for (const [kind, name, line, detail] of rows) {
    const foldName = foldText(name);
    const text = kind === 'path' ? foldText(p) : foldName;
    const id = item.run(kind, p, name, line, detail, foldName, text).lastInsertRowid;
    fts.run(id, indexedText(text));
  }
}

/**
 * The text given to FTS: the folded text, plus a variant without `_` and `-` so that
 * `createserver` also finds `create_server`. Trigrams already find any substring.
 */
function indexedText(text: string): string {
  const joined = text.replace(/[_-]/g, '');
  return joined === text ? text : `${text} ${joined}`;
}
