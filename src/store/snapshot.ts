/**
 * Writing a snapshot: files, nodes, edges (with their evidence), coverage and search rows replace the
 * previous ones in one transaction, so a reader sees the old snapshot or the new one, never a
 * mix. Every part is written as a diff against the previous snapshot, so a rescan after one
 * edit writes a handful of rows.
 */
import type { ProofMap } from '../map/schema.js';
import type { SourceFile } from '../model/facts.js';
import type { Connection } from './connection.js';
import { queryJson, readEpoch } from './connection.js';
import { pruneFacts } from './facts.js';
import { rowBatch } from './row-batch.js';
import { type Heading, syncSearchRows } from './search-rows.js';
import { SIGNALS_CARRIED } from './signals.js';
import { type ProvenItems, syncEdges, syncNodes } from './snapshot-rows.js';

export function writeSnapshot(
  conn: Connection,
  map: ProofMap,
  files: readonly SourceFile[],
  headings: readonly Heading[],
  items?: { nodes: readonly string[]; edges: readonly string[] },
  proven?: ProvenItems,
): number {
  return conn.db
    .transaction(() => {
      syncFiles(conn, files);
      syncNodes(conn, map.nodes, items?.nodes);
      syncEdges(conn, map.edges, items?.edges, proven);
      replaceCoverage(conn, map);
      const small = JSON.stringify({ ...map, nodes: null, edges: null, coverage: null });
      conn.stmt(`INSERT OR REPLACE INTO snapshot (id, json) VALUES (1, ?)`).run(small);
      const putOrder = conn.stmt(`INSERT OR REPLACE INTO snapshot_orders (kind, ids) VALUES (?, ?)`);
      putOrder.run('nodes', idList(map.nodes));
      putOrder.run('edges', idList(map.edges));
      syncSearchRows(conn, map, files, headings);
      pruneFacts(conn);
      conn.stmt(`DELETE FROM signals`).run();
      conn.stmt(`DELETE FROM meta WHERE key = ?`).run(SIGNALS_CARRIED);
      const epoch = readEpoch(conn) + 1;
      conn.stmt(`UPDATE meta SET value = ? WHERE key = 'epoch'`).run(epoch);
      return epoch;
    })
    .immediate();
}

export function syncFiles(conn: Connection, files: readonly SourceFile[]): void {
  const old = new Map(
    queryJson<[string, string][]>(
      conn,
      `SELECT json_group_array(json_array(path, hash || ' ' || size || ' ' || mtime_ms || ' ' || role || ' ' || ifnull(stamp, '') || ' ' || ifnull(content, ''))) FROM files`,
    ),
  );
  const put = rowBatch(
    conn,
    `INSERT OR REPLACE INTO files (path, hash, size, mtime_ms, role, stamp, content) VALUES`,
    7,
  );
  // A full build's fresh file has no rows: every file is new, and its key need not be made.
  const empty = old.size === 0;
  for (const f of files) {
    if (empty || old.get(f.path) !== fileRowKey(f)) {
      put.add(f.path, f.hash, f.size, f.mtimeMs, f.role, f.stamp ?? null, f.content ?? null);
    }
    old.delete(f.path);
  }
  put.flush();
  const del = conn.stmt(`DELETE FROM files WHERE path = ?`);
  for (const p of old.keys()) del.run(p);
}

/** Upserts these files' rows only (a rescan that found new stamps on unchanged bytes). */
export function upsertFiles(conn: Connection, files: readonly SourceFile[]): void {
  const put = conn.stmt(
    `INSERT OR REPLACE INTO files (path, hash, size, mtime_ms, role, stamp, content) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  conn.db.transaction(() => {
    for (const f of files)
      put.run(f.path, f.hash, f.size, f.mtimeMs, f.role, f.stamp ?? null, f.content ?? null);
  })();
}

const fileRowKey = (f: SourceFile) =>
  `${f.hash} ${f.size} ${f.mtimeMs} ${f.role} ${f.stamp ?? ''} ${f.content ?? ''}`;

function idList(rows: readonly { id: string }[]): string {
  return rows.map((r) => r.id).join(',');
}

// Coverage has no id to diff by and is small next to the edges: it is replaced whole.
export function replaceCoverage(conn: Connection, map: Pick<ProofMap, 'coverage'>): void {
  conn.stmt(`DELETE FROM coverage`).run();
  const put = conn.stmt(
    `INSERT INTO coverage (seq, analyzer, scope, status, reason, json) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  map.coverage.forEach((c, seq) => {
    put.run(seq, c.analyzer, c.scope, c.status, c.reason, JSON.stringify(c));
  });
}
