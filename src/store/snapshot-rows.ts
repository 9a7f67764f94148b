/**
 * The node and edge rows of a snapshot, written as a diff against the previous one. New rows are
 * compared by a sha1 of their JSON with the digest stored last time, because hashing is cheaper
 * than reading every old row back. Edges are compared per source node: ten times fewer hashes,
 * and a changed file's outgoing edges are exactly one group.
 */
import crypto from 'node:crypto';
import type { MapEdge, MapNode } from '../map/schema.js';
import { type Connection, queryJson } from './connection.js';
import { rowBatch } from './row-batch.js';

export const digestOf = (json: string): string => crypto.hash('sha1', json, 'base64');

/**
 * What the caller proved about the map it passes: `uniqueIds` when no two edges share an id (the
 * guardian's duplicate-id gate passed on this very map: guardian.ts edgeIdsUnique). Without it
 * each edge id is checked here.
 */
export interface ProvenItems {
  uniqueIds?: boolean;
}

export function syncNodes(conn: Connection, nodes: readonly MapNode[], jsons?: readonly string[]): void {
  const old = new Map(
    queryJson<[string, string][]>(conn, `SELECT json_group_array(json_array(id, digest)) FROM nodes`),
  );
  const update = conn.stmt(`UPDATE nodes SET kind = ?, path = ?, json = ?, digest = ? WHERE id = ?`);
  const insert = rowBatch(conn, `INSERT INTO nodes (kind, path, json, digest, id) VALUES`, 5);
  const seen = new Set<string>();
  for (const [i, node] of nodes.entries()) {
    // Two nodes with one id would collapse into one row: a bug upstream (assembly dedupes), so it
    // fails loudly here rather than losing a node.
    if (seen.has(node.id)) throw new Error(`writeSnapshot: duplicate id ${node.id} in map.nodes`);
    seen.add(node.id);
    const json = jsons?.[i] ?? JSON.stringify(node);
    const digest = digestOf(json);
    const before = old.get(node.id);
    if (before === undefined) insert.add(node.kind, node.path ?? null, json, digest, node.id);
    else if (before !== digest) update.run(node.kind, node.path ?? null, json, digest, node.id);
  }
  insert.flush();
  const del = conn.stmt(`DELETE FROM nodes WHERE id = ?`);
  for (const id of old.keys()) if (!seen.has(id)) del.run(id);
}

/** The edges out of one node, with their JSON. */
interface EdgeGroup {
  edges: MapEdge[];
  jsons: string[];
}

export function syncEdges(
  conn: Connection,
  edges: readonly MapEdge[],
  jsons?: readonly string[],
  proven: ProvenItems = {},
): void {
  const groups = new Map<string, EdgeGroup>();
  // Checked here, not by the unique index alone: a full build creates that index after the rows.
  // 80,000 ids in a Set cost ~50 ms on the 7k-file map, so a map proven free of duplicates skips it.
  const seen = proven.uniqueIds ? undefined : new Set<string>();
  let group: EdgeGroup | undefined;
  let groupFrom: string | undefined;
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i]!;
    if (seen) {
      if (seen.has(edge.id)) throw new Error(`writeSnapshot: duplicate id ${edge.id} in map.edges`);
      seen.add(edge.id);
    }
    // The map lists each node's edges together (assemble.ts sorts them by source), so the group
    // is nearly always the one just appended to: one Map lookup per node instead of per edge.
    if (edge.from !== groupFrom) {
      groupFrom = edge.from;
      group = groups.get(edge.from);
      if (!group) {
        group = { edges: [], jsons: [] };
        groups.set(edge.from, group);
      }
    }
    group!.edges.push(edge);
    group!.jsons.push(jsons?.[i] ?? JSON.stringify(edge));
  }
  const old = new Map(
    queryJson<[string, string][]>(
      conn,
      `SELECT json_group_array(json_array(from_id, digest)) FROM edge_groups`,
    ),
  );
  const changed: [string, EdgeGroup, string][] = [];
  for (const [from, group] of groups) {
    // JSON.stringify of an array is its elements' JSON joined by commas in brackets.
    const digest = digestOf(`[${group.jsons.join(',')}]`);
    if (old.get(from) !== digest) changed.push([from, group, digest]);
    old.delete(from);
  }
  // All deletions first: an edge that moved between groups must be gone before it is re-inserted.
  const dropEdges = conn.stmt(`DELETE FROM edges WHERE from_id = ?`);
  const dropGroup = conn.stmt(`DELETE FROM edge_groups WHERE from_id = ?`);
  for (const from of old.keys()) {
    dropEdges.run(from);
    dropGroup.run(from);
  }
  // A full build's fresh file has no edges: its 7,000 deletions would each find nothing.
  const someEdge = conn.stmt(`SELECT 1 FROM edges LIMIT 1`).pluck().get() !== undefined;
  if (someEdge) for (const [from] of changed) dropEdges.run(from);
  const head = `INSERT INTO edges (id, from_id, to_id, relation, json) VALUES`;
  const one = conn.stmt(`${head} (?, ?, ?, ?, ?)`);
  const insert = rowBatch(conn, head, 5, (row) => {
    try {
      one.run(row);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      throw new Error(`writeSnapshot: duplicate id ${row[0]} in map.edges`, { cause: error });
    }
  });
  const putGroup = rowBatch(conn, `INSERT OR REPLACE INTO edge_groups (from_id, digest) VALUES`, 2);
  for (const [from, { edges: group, jsons: texts }, digest] of changed) {
    for (let k = 0; k < group.length; k++) {
      const e = group[k]!;
      insert.add(e.id, e.from, e.to, e.relation, texts[k]);
    }
    putGroup.add(from, digest);
  }
  insert.flush();
  putGroup.flush();
}
