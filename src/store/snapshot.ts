/**
 * Writing a snapshot: files, nodes, edges (with their evidence), coverage and search rows replace the
 * previous ones in one transaction, so a reader sees the old snapshot or the new one, never a
 * mix. Every part is written as a diff against the previous snapshot, so a rescan after one
 * edit writes a handful of rows.
 */
import type { MapNode, ProofMap } from '../map/schema.js';
import type { SourceFile } from '../model/facts.js';
import type { Connection } from './connection.js';
import { queryJson, readEpoch } from './connection.js';
import { pruneFacts } from './facts.js';
import { type Heading, syncSearchRows } from './search-rows.js';
import { SIGNALS_CARRIED } from './signals.js';
import { type JsonAt, syncEdges, syncNodes } from './snapshot-rows.js';

export function writeSnapshot(
  conn: Connection,
  map: ProofMap,
  files: readonly SourceFile[],
  headings: readonly Heading[],
  items?: { nodes: readonly string[]; edges: readonly string[] },
): number {
  return conn.db
    .transaction(() => {
      writeSnapshotRows(conn, snapshotRowsOf(map, files, headings, items));
      return writeSnapshotHead(conn, map);
    })
    .immediate();
}

/**
 * The bulk of a snapshot, apart from its head: what a full build may write on another thread
 * (snapshot-aside.ts) while the scan thread still guards and emits the map. Plain arrays of the
 * fields the rows are made of, so that they cross a thread cheaply.
 */
export interface SnapshotRows {
  files: readonly SourceFile[];
  nodes: readonly SnapshotNode[];
  /** Each node's JSON as map.json holds it. */
  nodeJsons: JsonAt;
  /** Edge columns: id, from, to and relation of each edge, and its JSON as map.json holds it. */
  edges: {
    id: readonly string[];
    from: readonly string[];
    to: readonly string[];
    relation: readonly string[];
  };
  edgeJsons: JsonAt;
  headings: readonly Heading[];
}

/** What the node and search rows read of a node. */
export type SnapshotNode = Pick<MapNode, 'id' | 'kind' | 'path' | 'exports'>;

export function snapshotRowsOf(
  map: Pick<ProofMap, 'nodes' | 'edges'>,
  files: readonly SourceFile[],
  headings: readonly Heading[],
  items?: { nodes: readonly string[]; edges: readonly string[] },
): SnapshotRows {
  const { nodes, edges } = map;
  const nodeTexts = items?.nodes ?? nodes.map((n) => JSON.stringify(n));
  const edgeTexts = items?.edges ?? edges.map((e) => JSON.stringify(e));
  return {
    files: files.map((f) => ({
      path: f.path,
      hash: f.hash,
      size: f.size,
      mtimeMs: f.mtimeMs,
      role: f.role,
      ...(f.stamp !== undefined ? { stamp: f.stamp } : {}),
      ...(f.content !== undefined ? { content: f.content } : {}),
    })),
    nodes: nodes.map((n) => ({
      id: n.id,
      kind: n.kind,
      ...(n.path !== undefined ? { path: n.path } : {}),
      ...(n.exports
        ? { exports: n.exports.map((e) => ({ name: e.name, line: e.line, typeOnly: e.typeOnly })) }
        : {}),
    })),
    nodeJsons: (i) => nodeTexts[i]!,
    edges: {
      id: edges.map((e) => e.id),
      from: edges.map((e) => e.from),
      to: edges.map((e) => e.to),
      relation: edges.map((e) => e.relation),
    },
    edgeJsons: (i) => edgeTexts[i]!,
    headings,
  };
}

/** Files, nodes, edges and search rows, each as a diff against the rows there. */
export function writeSnapshotRows(conn: Connection, rows: SnapshotRows): void {
  syncFiles(conn, rows.files);
  syncNodes(conn, rows.nodes, rows.nodeJsons);
  const { id, from, to, relation } = rows.edges;
  syncEdges(
    conn,
    id.map((edgeId, i) => ({ id: edgeId, from: from[i]!, to: to[i]!, relation: relation[i]! })),
    rows.edgeJsons,
  );
  syncSearchRows(conn, rows.nodes, rows.files, rows.headings);
}

/**
 * The head of a snapshot, written after its rows: coverage, the map without its big arrays (the
 * guardian's verdict included, which is why a full build writes it last) and a new epoch that
 * makes every cached signal stale. Returns the epoch.
 */
export function writeSnapshotHead(conn: Connection, map: ProofMap): number {
  replaceCoverage(conn, map);
  const small = JSON.stringify({ ...map, nodes: null, edges: null, coverage: null });
  conn
    .stmt(`INSERT OR REPLACE INTO snapshot (id, json, node_order, edge_order) VALUES (1, ?, ?, ?)`)
    .run(small, idList(map.nodes), idList(map.edges));
  pruneFacts(conn);
  conn.stmt(`DELETE FROM signals`).run();
  conn.stmt(`DELETE FROM meta WHERE key = ?`).run(SIGNALS_CARRIED);
  const epoch = readEpoch(conn) + 1;
  conn.stmt(`UPDATE meta SET value = ? WHERE key = 'epoch'`).run(epoch);
  return epoch;
}

export function syncFiles(conn: Connection, files: readonly SourceFile[]): void {
  const old = new Map(
    queryJson<[string, string][]>(
      conn,
      `SELECT json_group_array(json_array(path, hash || ' ' || size || ' ' || mtime_ms || ' ' || role || ' ' || ifnull(stamp, '') || ' ' || ifnull(content, ''))) FROM files`,
    ),
  );
  const put = conn.stmt(
    `INSERT OR REPLACE INTO files (path, hash, size, mtime_ms, role, stamp, content) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const f of files) {
    if (old.get(f.path) !== fileRowKey(f)) {
      put.run(f.path, f.hash, f.size, f.mtimeMs, f.role, f.stamp ?? null, f.content ?? null);
    }
    old.delete(f.path);
  }
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
