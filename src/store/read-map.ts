/**
 * Reading the last snapshot back as a ProofMap, in the exact order it was written (the order
 * strings give the positions, the rest keeps its key order), so it serialises to the same bytes.
 */
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import { type Connection, IndexDamage, parseStored } from './connection.js';

export function readMap(conn: Connection): ProofMap | undefined {
  const head = readMapHead(conn);
  if (!head) return undefined;
  head.map.edges = inOrder<MapEdge>(conn, 'edges', head.edgeOrder);
  return head.map;
}

/**
 * The snapshot without its edges (an empty list in their place, so the keys keep their order)
 * and the edge ids in map order: readMap fills them in, read-map-lazy.ts reads them on demand.
 */
export function readMapHead(
  conn: Connection,
  /** The SQL expression each node row is read as (read-map-lazy.ts leaves the exports out). */
  nodeJson = 'json',
): { map: ProofMap; edgeOrder: string } | undefined {
  const json = conn.stmt(`SELECT json FROM snapshot WHERE id = 1`).pluck().get() as string | undefined;
  if (json === undefined) return undefined;
  const map = parseStored<ProofMap>(json);
  map.nodes = inOrder<MapNode>(conn, 'nodes', orderOf(conn, 'nodes'), nodeJson);
  map.edges = [];
  map.coverage = parseStored(joined(conn, `SELECT group_concat(json, ',' ORDER BY seq) FROM coverage`));
  return { map, edgeOrder: orderOf(conn, 'edges') };
}

/**
 * Rows come back in storage order, which is the map's order after a cold write; rows added by
 * later diffs sit at the end, and only then is the array re-sorted by the order string.
 */
function inOrder<T extends { id: string }>(
  conn: Connection,
  table: 'nodes' | 'edges',
  order: string,
  json = 'json',
): T[] {
  const rows = parseStored<T[]>(joined(conn, `SELECT group_concat(${json}, ',') FROM ${table}`));
  const ids = order === '' ? [] : order.split(',');
  if (ids.length === rows.length && rows.every((r, i) => r.id === ids[i])) return rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const found = byId.get(id);
    if (!found) throw new IndexDamage(`index snapshot lists ${table} ${id} but has no row for it`);
    return found;
  });
}

function orderOf(conn: Connection, kind: 'nodes' | 'edges'): string {
  const ids = conn.stmt(`SELECT ids FROM snapshot_orders WHERE kind = ?`).pluck().get(kind);
  if (typeof ids !== 'string') throw new IndexDamage(`index snapshot has no ${kind} order`);
  return ids;
}

// One JSON.parse over rows joined in SQL is several times faster than one JS object per row.
function joined(conn: Connection, sql: string): string {
  return `[${(conn.stmt(sql).pluck().get() as string | null) ?? ''}]`;
}
