/**
 * Writing a delta snapshot: the rows a few changed files own are replaced, in one transaction, so
 * the index ends exactly as writeSnapshot would have left it for the same map (same rows, same
 * digests, same order strings) without reading or hashing the rest.
 */
import type { MapEdge, MapNode } from '../map/schema.js';
import type { SourceFile } from '../model/facts.js';
import { nodeId } from '../model/ids.js';
import type { Coverage } from '../model/types.js';
import { type Connection, readEpoch } from './connection.js';
import { putFacts } from './facts.js';
import { dropFileRows, type Heading, syncFileRows } from './search-rows.js';
import { SIGNALS_CARRIED } from './signals.js';
import { replaceCoverage, upsertFiles } from './snapshot.js';
import { digestOf } from './snapshot-rows.js';

export interface SnapshotDelta {
  /** Rows of files whose bytes or stamp changed. */
  files: readonly SourceFile[];
  /** Nodes whose JSON changed, and nodes of new files. */
  nodes: readonly MapNode[];
  /** Every edge of each changed source node, in map order (an empty list drops the group). */
  edgeGroups: ReadonlyMap<string, readonly MapEdge[]>;
  /** Every coverage entry, when they changed (undefined: the stored rows stand). */
  coverage?: readonly Coverage[];
  /** The map without nodes, edges and coverage (nulls in their places), as writeSnapshot stores it. */
  small: string;
  /** Edge ids in map order, when the edge set changed. */
  edgeOrder?: string;
  /** Node ids in map order, when files were added or removed. */
  nodeOrder?: string;
  /** Files removed from the tree: their file, node and search rows go. */
  removedFiles?: readonly string[];
  /** Files whose search rows (path, exported names, headings) are to be rebuilt. */
  searchRows: readonly { node: MapNode & { path: string }; headings?: readonly Omit<Heading, 'path'>[] }[];
  facts: readonly [extractor: string, hash: string, facts: unknown][];
  /**
   * Whether the import graph changed. Cached signals are kept either way (an edit must not cost a
   * recomputation of centrality); when it changed they are marked as lagging (see SIGNALS_LAG).
   */
  graphChanged: boolean;
}

/** Signals row naming the epoch the cached signals were computed at, when older than the snapshot. */
export const SIGNALS_LAG = 'signals:lag';

export function writeDelta(conn: Connection, delta: SnapshotDelta): number {
  return conn.db
    .transaction(() => {
      const before = readEpoch(conn);
      const epoch = before + 1;
      upsertFiles(conn, delta.files);
      for (const [extractor, hash, facts] of delta.facts) putFacts(conn, extractor, hash, facts);
      const updateNode = conn.stmt(`UPDATE nodes SET kind = ?, path = ?, json = ?, digest = ? WHERE id = ?`);
      const insertNode = conn.stmt(`INSERT INTO nodes (id, kind, path, json, digest) VALUES (?, ?, ?, ?, ?)`);
      for (const node of delta.nodes) {
        const json = JSON.stringify(node);
        const digest = digestOf(json);
        if (updateNode.run(node.kind, node.path ?? null, json, digest, node.id).changes === 0)
          insertNode.run(node.id, node.kind, node.path ?? null, json, digest);
      }
      const dropEdges = conn.stmt(`DELETE FROM edges WHERE from_id = ?`);
      const insertEdge = conn.stmt(
        `INSERT INTO edges (id, from_id, to_id, relation, json) VALUES (?, ?, ?, ?, ?)`,
      );
      const putGroup = conn.stmt(`INSERT OR REPLACE INTO edge_groups (from_id, digest) VALUES (?, ?)`);
      const dropGroup = conn.stmt(`DELETE FROM edge_groups WHERE from_id = ?`);
      const storedDigest = conn.stmt(`SELECT digest FROM edge_groups WHERE from_id = ?`).pluck();
      for (const [from, edges] of delta.edgeGroups) {
        const jsons = edges.map((e) => JSON.stringify(e));
        // JSON.stringify of an array is its elements' JSON joined by commas in brackets.
        const digest = edges.length > 0 ? digestOf(`[${jsons.join(',')}]`) : undefined;
        // An edit that kept a file's edges (most edits below its imports) keeps their rows: the
        // group's digest covers every column an edge row holds.
        if (digest !== undefined && storedDigest.get(from) === digest) continue;
        dropEdges.run(from);
        for (const [k, e] of edges.entries()) insertEdge.run(e.id, e.from, e.to, e.relation, jsons[k]);
        if (digest !== undefined) putGroup.run(from, digest);
        else dropGroup.run(from);
      }
      if (delta.coverage) replaceCoverage(conn, { coverage: [...delta.coverage] });
      conn.stmt(`UPDATE snapshot SET json = ? WHERE id = 1`).run(delta.small);
      const putOrder = conn.stmt(`UPDATE snapshot_orders SET ids = ? WHERE kind = ?`);
      if (delta.edgeOrder !== undefined) putOrder.run(delta.edgeOrder, 'edges');
      if (delta.nodeOrder !== undefined) putOrder.run(delta.nodeOrder, 'nodes');
      for (const { node, headings } of delta.searchRows) syncFileRows(conn, node, headings);
      for (const p of delta.removedFiles ?? []) {
        conn.stmt(`DELETE FROM files WHERE path = ?`).run(p);
        conn.stmt(`DELETE FROM nodes WHERE id = ?`).run(nodeId('file', p));
        dropFileRows(conn, p);
      }
      // Signals of the last full snapshot stay readable (see SIGNALS_CARRIED).
      conn.stmt(`INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)`).run(SIGNALS_CARRIED, before);
      if (delta.graphChanged) {
        const carried = conn.stmt(`SELECT value FROM meta WHERE key = ?`).pluck().get(SIGNALS_CARRIED);
        const lag = conn.stmt(`SELECT data FROM signals WHERE kind = ?`).pluck().get(SIGNALS_LAG);
        // The first lagging epoch is kept: the signals are as old as the graph they came from.
        if (lag === undefined)
          conn
            .stmt(`INSERT INTO signals (kind, epoch, data) VALUES (?, ?, ?)`)
            .run(SIGNALS_LAG, epoch, JSON.stringify({ epoch: Number(carried) }));
        else conn.stmt(`UPDATE signals SET epoch = ? WHERE kind = ?`).run(epoch, SIGNALS_LAG);
      }
      conn.stmt(`UPDATE meta SET value = ? WHERE key = 'epoch'`).run(epoch);
      return epoch;
    })
    .immediate();
}
