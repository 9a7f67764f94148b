/**
 * The last snapshot for one CLI query, with its edges read as the query asks for them. A whole
 * map's edges are most of the index (80,000 rows, 38 MB of JSON on a 7,000-file repository):
 * reading and parsing them all took 2–4 s of an `impact` that then looked at a few hundred. The
 * nodes are read whole (the targets, paths and symbols come from them); an edge's JSON is parsed
 * when the query reads that edge, its importers' edges when it walks them, and the graph views
 * are built from the id, endpoint and relation columns alone. Code that wants every edge
 * (`map.edges`) still gets them all, the same objects the lazy reads returned.
 *
 * The reads run on their own read-only connection inside one read transaction, opened with the
 * snapshot: a scan that commits a delta meanwhile, or renames a fresh index over the file, never
 * mixes two maps into one answer.
 */
import type { EdgeEnds } from '../graph/views.js';
import type { MapEdge, ProofMap } from '../map/schema.js';
import { type Connection, connection, IndexDamage, parseStored } from './connection.js';
import { openSqlite, pragma } from './handles.js';
import { readMapHead } from './read-map.js';

/** How a session reaches the snapshot's edges when it does not hold them all. */
export interface EdgeSource {
  edge(id: string): MapEdge | undefined;
  /** The edges into `id`, in the map's order. */
  edgesTo(id: string): MapEdge[];
  /** The edges out of `id`, in the map's order. */
  edgesFrom(id: string): MapEdge[];
  /** Every edge's ends, in no particular order (views sort what they keep). */
  ends(): readonly EdgeEnds[];
  /** The edges of one relation, in the map's order. */
  ofRelation(relation: string): MapEdge[];
}

export interface LazySnapshot {
  map: ProofMap;
  edges: EdgeSource;
  close(): void;
}

export function readMapLazy(file: string, busyTimeoutMs: number): LazySnapshot | undefined {
  const db = openSqlite(file, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
  try {
    pragma(db, 'query_only = ON');
    db.exec('BEGIN'); // the snapshot every later read of this session sees
    const conn = connection(db);
    const head = readMapHead(conn);
    if (!head) {
      db.close();
      return undefined;
    }
    return lazySnapshot(conn, head.map, head.edgeOrder);
  } catch (error) {
    if (db.open) db.close();
    throw error;
  }
}

function lazySnapshot(conn: Connection, map: ProofMap, edgeOrder: string): LazySnapshot {
  const parsed = new Map<string, MapEdge>();
  const into = new Map<string, MapEdge[]>();
  const outOf = new Map<string, MapEdge[]>();
  let all: MapEdge[] | undefined;
  let position: Map<string, number> | undefined;
  let ends: readonly EdgeEnds[] | undefined;
  const ids = () => (edgeOrder === '' ? [] : edgeOrder.split(','));
  // Rows read by a column, in the map's order; a row the snapshot does not list is left out.
  const positions = () => (position ??= new Map(ids().map((edgeId, i) => [edgeId, i])));
  const inMapOrder = (rows: [string, string][]): MapEdge[] => {
    const at = positions();
    return rows
      .filter(([edgeId]) => at.has(edgeId))
      .sort(([a], [b]) => at.get(a)! - at.get(b)!)
      .map(([edgeId, json]) => keep(edgeId, json));
  };
  // One object per edge, whichever read met it first: callers may compare edges by identity.
  const keep = (id: string, json: string): MapEdge => {
    let edge = parsed.get(id);
    if (!edge) {
      edge = parseStored<MapEdge>(json);
      parsed.set(id, edge);
    }
    return edge;
  };
  const loadAll = (): MapEdge[] => {
    const rows = conn.stmt('SELECT id, json FROM edges').raw().all() as [string, string][];
    const byId = new Map(rows);
    all = ids().map((id) => {
      const json = byId.get(id);
      if (json === undefined) throw new IndexDamage(`index snapshot lists edges ${id} but has no row for it`);
      return keep(id, json);
    });
    return all;
  };
  // The edges at one end of a node, by the index on that column (edges_to, edges_from).
  const incident = (lists: Map<string, MapEdge[]>, column: 'to_id' | 'from_id', id: string): MapEdge[] => {
    let list = lists.get(id);
    if (list) return list;
    const rows = conn.stmt(`SELECT id, json FROM edges WHERE ${column} = ?`).raw().all(id) as [
      string,
      string,
    ][];
    list = inMapOrder(rows);
    lists.set(id, list);
    return list;
  };
  // Assigned, not declared: `edges` stays where the stored map had it, so the map serialises alike.
  Object.defineProperty(map, 'edges', {
    get: () => all ?? loadAll(),
    set: (edges: MapEdge[]) => {
      all = edges;
    },
    enumerable: true,
    configurable: true,
  });
  return {
    map,
    edges: {
      edge(id) {
        const known = parsed.get(id);
        if (known || all) return known;
        const json = conn.stmt('SELECT json FROM edges WHERE id = ?').pluck().get(id) as string | undefined;
        return json === undefined || !positions().has(id) ? undefined : keep(id, json);
      },
      edgesTo: (id) => incident(into, 'to_id', id),
      edgesFrom: (id) => incident(outOf, 'from_id', id),
      ofRelation(relation) {
        if (all) return all.filter((e) => e.relation === relation);
        return inMapOrder(
          conn.stmt('SELECT id, json FROM edges WHERE relation = ?').raw().all(relation) as [
            string,
            string,
          ][],
        );
      },
      ends() {
        if (all) return all;
        if (ends) return ends;
        const rows = conn
          .stmt('SELECT id, from_id AS "from", to_id AS "to", relation FROM edges')
          .all() as EdgeEnds[];
        const listed = ids();
        // Rows the snapshot does not list are no part of it, as readMap leaves them out.
        const known = rows.length === listed.length ? undefined : new Set(listed);
        ends = known ? rows.filter((r) => known.has(r.id)) : rows;
        return ends;
      },
    },
    close: () => {
      if (conn.db.open) conn.db.close(); // ends the read transaction with it
    },
  };
}
