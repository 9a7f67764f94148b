/**
 * Writing a snapshot: files, nodes, edges (with their evidence), coverage and search rows replace the
 * previous ones in one transaction, so a reader sees the old snapshot or the new one, never a
 * mix. Node and edge ids are content hashes, which makes the write a diff: only rows whose JSON
 * changed are touched, and a rescan after one edit writes a handful of rows. Rows are compared
 * by a stored sha1 of their JSON, because reading every old row back costs more than hashing.
 */
import crypto from 'node:crypto';
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import type { SourceFile } from '../model/facts.js';
import type { Connection } from './connection.js';
import { queryJson, readEpoch } from './connection.js';
import { pruneFacts } from './facts.js';
import { type Heading, syncSearchRows } from './search-rows.js';

export function writeSnapshot(
  conn: Connection,
  map: ProofMap,
  files: readonly SourceFile[],
  headings: readonly Heading[],
): number {
  return conn.db
    .transaction(() => {
      syncFiles(conn, files);
      syncRows(conn, 'nodes', map.nodes, nodeColumns);
      syncRows(conn, 'edges', map.edges, edgeColumns);
      replaceCoverage(conn, map);
      const small = JSON.stringify({ ...map, nodes: null, edges: null, coverage: null });
      conn
        .stmt(`INSERT OR REPLACE INTO snapshot (id, json, node_order, edge_order) VALUES (1, ?, ?, ?)`)
        .run(small, idList(map.nodes), idList(map.edges));
      syncSearchRows(conn, map, files, headings);
      pruneFacts(conn);
      conn.stmt(`DELETE FROM signals`).run();
      const epoch = readEpoch(conn) + 1;
      conn.stmt(`UPDATE meta SET value = ? WHERE key = 'epoch'`).run(epoch);
      return epoch;
    })
    .immediate();
}

function syncFiles(conn: Connection, files: readonly SourceFile[]): void {
  const old = new Map(
    queryJson<[string, string][]>(
      conn,
      `SELECT json_group_array(json_array(path, hash || ' ' || size || ' ' || mtime_ms || ' ' || role)) FROM files`,
    ),
  );
  const put = conn.stmt(
    `INSERT OR REPLACE INTO files (path, hash, size, mtime_ms, role) VALUES (?, ?, ?, ?, ?)`,
  );
  for (const f of files) {
    if (old.get(f.path) !== `${f.hash} ${f.size} ${f.mtimeMs} ${f.role}`) {
      put.run(f.path, f.hash, f.size, f.mtimeMs, f.role);
    }
    old.delete(f.path);
  }
  const del = conn.stmt(`DELETE FROM files WHERE path = ?`);
  for (const p of old.keys()) del.run(p);
}

const nodeColumns = {
  names: ['kind', 'path'],
  values: (n: MapNode): unknown[] => [n.kind, n.path ?? null],
};
const edgeColumns = {
  names: ['from_id', 'to_id', 'relation'],
  values: (e: MapEdge): unknown[] => [e.from, e.to, e.relation],
};

function syncRows<T extends { id: string }>(
  conn: Connection,
  table: 'nodes' | 'edges',
  rows: readonly T[],
  columns: { names: string[]; values: (row: T) => unknown[] },
): void {
  const old = new Map(
    queryJson<[string, string][]>(conn, `SELECT json_group_array(json_array(id, digest)) FROM ${table}`),
  );
  const names = [...columns.names, 'json', 'digest'];
  const update = conn.stmt(`UPDATE ${table} SET ${names.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
  const insert = conn.stmt(
    `INSERT INTO ${table} (${[...names, 'id'].join(', ')}) VALUES (${'?, '.repeat(names.length)}?)`,
  );
  const seen = new Set<string>();
  for (const row of rows) {
    // Two rows with one id would silently collapse into one: a bug upstream (assembly dedupes),
    // so it fails loudly here rather than losing a row.
    if (seen.has(row.id)) throw new Error(`writeSnapshot: duplicate id ${row.id} in map.${table}`);
    seen.add(row.id);
    const json = JSON.stringify(row);
    const digest = crypto.hash('sha1', json, 'base64');
    const before = old.get(row.id);
    if (before === digest) continue;
    (before === undefined ? insert : update).run(...columns.values(row), json, digest, row.id);
  }
  const del = conn.stmt(`DELETE FROM ${table} WHERE id = ?`);
  for (const id of old.keys()) if (!seen.has(id)) del.run(id);
}

function idList(rows: readonly { id: string }[]): string {
  return rows.map((r) => r.id).join(',');
}

// Coverage has no id to diff by and is small next to the edges: it is replaced whole.
function replaceCoverage(conn: Connection, map: ProofMap): void {
  conn.stmt(`DELETE FROM coverage`).run();
  const put = conn.stmt(
    `INSERT INTO coverage (seq, analyzer, scope, status, reason, json) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  map.coverage.forEach((c, seq) => {
    put.run(seq, c.analyzer, c.scope, c.status, c.reason, JSON.stringify(c));
  });
}
