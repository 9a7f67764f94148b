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

export function syncEdges(conn: Connection, edges: readonly MapEdge[], jsons?: readonly string[]): void {
  const groups = new Map<string, MapEdge[]>();
  const groupJsons = new Map<string, string[]>();
  // Checked here, not by the unique index alone: a full build creates that index after the rows.
  const seen = new Set<string>();
  for (const [i, edge] of edges.entries()) {
    if (seen.has(edge.id)) throw new Error(`writeSnapshot: duplicate id ${edge.id} in map.edges`);
    seen.add(edge.id);
    const json = jsons?.[i] ?? JSON.stringify(edge);
    const group = groups.get(edge.from);
    if (group) {
      group.push(edge);
      groupJsons.get(edge.from)!.push(json);
    } else {
      groups.set(edge.from, [edge]);
      groupJsons.set(edge.from, [json]);
    }
  }
  const old = new Map(
    queryJson<[string, string][]>(
      conn,
      `SELECT json_group_array(json_array(from_id, digest)) FROM edge_groups`,
    ),
  );
  const changed: [string, MapEdge[], string][] = [];
  for (const [from, group] of groups) {
    // JSON.stringify of an array is its elements' JSON joined by commas in brackets.
    const digest = digestOf(`[${groupJsons.get(from)!.join(',')}]`);
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
  for (const [from, group, digest] of changed) {
    const texts = groupJsons.get(from)!;
    for (let k = 0; k < group.length; k++) {
      const e = group[k]!;
      insert.add(e.id, e.from, e.to, e.relation, texts[k]);
    }
    putGroup.add(from, digest);
  }
  insert.flush();
  putGroup.flush();
}
