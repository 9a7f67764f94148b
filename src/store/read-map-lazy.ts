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
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import { compareStrings } from '../model/paths.js';
import { asDamage, type Connection, connection, IndexDamage, parseStored } from './connection.js';
import { openSqlite, pragma } from './handles.js';
import { readMapHead } from './read-map.js';

/** How a session reaches the snapshot's edges when it does not hold them all. */
export interface EdgeSource {
  edge(id: string): MapEdge | undefined;
  /** The edges into `id` (of one relation, when given), in the map's order. */
  edgesTo(id: string, relation?: string): MapEdge[];
  /**
   * The ends of the edges into `id`, in the map's order: what a walk over importers reads, without
   * the edges' JSON (their evidence and names).
   */
  endsTo(id: string): readonly EdgeEnds[];
  /** The edges out of `id`, in the map's order. */
  edgesFrom(id: string): MapEdge[];
  /** Every edge's ends (of the relations given), in no particular order (views sort what they keep). */
  ends(relations?: ReadonlySet<string>): readonly EdgeEnds[];
  /** The edges of one relation, in the map's order. */
  ofRelation(relation: string): MapEdge[];
}

export interface LazySnapshot {
  map: ProofMap;
  edges: EdgeSource;
  /** The ids of the nodes with an export they declare (see `declaringNodes`). */
  declaring(): ReadonlySet<string>;
  close(): void;
}

export function readMapLazy(file: string, busyTimeoutMs: number): LazySnapshot | undefined {
  const db = openSqlite(file, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
  try {
    pragma(db, 'query_only = ON');
    // Pages read through a mapping instead of a read() each: reading the nodes (6.5 MB of JSON on
    // the 7,000-file repository) took 120-155 ms, 90-120 mapped (10 runs each). Replacing the file
    // renames a new one over it, so the mapped one never shrinks under this reader.
    pragma(db, `mmap_size = ${MMAP_BYTES}`);
    db.exec('BEGIN'); // the snapshot every later read of this session sees
    const conn = connection(db);
    const head = readMapHead(conn, EXPORTS_LEFT_OUT);
    if (!head) {
      db.close();
      return undefined;
    }
    readExportsLazily(conn, head.map.nodes);
    let declaring: ReadonlySet<string> | undefined;
    return {
      ...lazySnapshot(conn, head.map, head.edgeOrder),
      declaring: () => (declaring ??= declaringNodes(conn)),
    };
  } catch (error) {
    if (db.open) db.close();
    throw asDamage(error);
  }
}

/** Far above a 50,000-file index; SQLite maps no more of the file than there is. */
const MMAP_BYTES = 1024 * 1024 * 1024;

/**
 * A node row with its exports replaced by 0, where it has them: the exports are two thirds of the
 * nodes' JSON (4.2 of 6.5 MB on the 7,000-file repository, 53,000 names), and most queries read a
 * few files' of them. Reading and parsing the rest took 170-190 ms of every query, 84 ms without.
 */
const EXPORTS_LEFT_OUT = `json_replace(json, '$.exports', 0)`;
/** After this many single reads, a walk reads every node's exports at once. */
const EXPORT_READS_ALONE = 256;

/**
 * Puts each node's exports back as a property read from its row on first use, in the place the
 * stored node had them (redefining a property keeps its position, so the node serialises alike).
 * The reads run on the snapshot's connection and read transaction, while the session is open.
 */
function readExportsLazily(conn: Connection, nodes: readonly MapNode[]): void {
  let reads = 0;
  let all: Map<string, string> | undefined;
  const exportsOf = (id: string): MapNode['exports'] => {
    try {
      return storedExports(id);
    } catch (error) {
      throw asDamage(error);
    }
  };
  const storedExports = (id: string): MapNode['exports'] => {
    if (!all && ++reads > EXPORT_READS_ALONE)
      all = new Map(
        conn
          .stmt(
            `SELECT id, json_extract(json, '$.exports') FROM nodes WHERE json_type(json, '$.exports') = 'array'`,
          )
          .raw()
          .all() as [string, string][],
      );
    const text = all
      ? all.get(id)
      : (conn.stmt(`SELECT json_extract(json, '$.exports') FROM nodes WHERE id = ?`).pluck().get(id) as
          | string
          | undefined);
    if (typeof text !== 'string') throw new IndexDamage(`index node ${id} lost its exports`);
    return parseStored(text);
  };
  const settle = (node: MapNode, value: MapNode['exports']) =>
    Object.defineProperty(node, 'exports', { value, writable: true, enumerable: true, configurable: true });
  // One descriptor for every node (its functions read `this`): a pair of closures per node made
  // this loop twice as slow on 7,000 nodes.
  const lazy: PropertyDescriptor & ThisType<MapNode> = {
    get() {
      const value = exportsOf(this.id);
      settle(this, value);
      return value;
    },
    set(value: MapNode['exports']) {
      settle(this, value);
    },
    enumerable: true,
    configurable: true,
  };
  for (const node of nodes) if ((node.exports as unknown) === 0) Object.defineProperty(node, 'exports', lazy);
}

/**
 * The nodes whose exports include one they declare (`declaration` set, as `exports.some((e) =>
 * e.declaration !== undefined)` reads them), found by SQLite in the rows: an impact walk over a
 * hub asks it of its thousands of dependents, and reading every node's exports into objects to
 * answer it was a third of that walk (on the 7,000-file repository, 55-90 ms of SQL and 40-80 ms
 * of parsing, against ~35 ms here).
 */
function declaringNodes(conn: Connection): ReadonlySet<string> {
  try {
    return new Set(
      conn
        .stmt(
          `SELECT DISTINCT n.id FROM nodes n, json_each(n.json, '$.exports') e WHERE json_type(e.value, '$.declaration') IS NOT NULL`,
        )
        .pluck()
        .all() as string[],
    );
  } catch (error) {
    throw asDamage(error);
  }
}

/** An edge row as the incident reads take it: id, ends, relation, JSON. */
type EdgeRow = [id: string, from: string, to: string, relation: string, json: string];
const ROW = 'id, from_id, to_id, relation, json';
/** An edge row's leading columns, all that ordering reads (a read of ends alone has no more). */
type EndsRow = [id: string, from: string, to: string, relation: string, ...rest: unknown[]];
const ENDS_ROW = 'id, from_id, to_id, relation';

/** How many ids a comma-joined order lists. */
function countIds(order: string): number {
  if (order === '') return 0;
  let n = 1;
  for (let at = order.indexOf(','); at !== -1; at = order.indexOf(',', at + 1)) n++;
  return n;
}

function lazySnapshot(conn: Connection, map: ProofMap, edgeOrder: string): Omit<LazySnapshot, 'declaring'> {
  const parsed = new Map<string, MapEdge>();
  const into = new Map<string, MapEdge[]>();
  const outOf = new Map<string, MapEdge[]>();
  const endsInto = new Map<string, readonly EdgeEnds[]>();
  let all: MapEdge[] | undefined;
  let position: Map<string, number> | undefined;
  let ends: readonly EdgeEnds[] | undefined;
  const endsOf = new Map<string, readonly EdgeEnds[]>();
  const ids = () => (edgeOrder === '' ? [] : edgeOrder.split(','));
  const positions = () => (position ??= new Map(ids().map((edgeId, i) => [edgeId, i])));
  // Whether the table holds exactly the snapshot's edges (its rows are unique ids, as many as the
  // order lists): then no row needs looking up in the order to be known as the snapshot's.
  let exact: boolean | undefined;
  const allListed = () =>
    (exact ??= (conn.stmt('SELECT count(*) FROM edges').pluck().get() as number) === countIds(edgeOrder));
  let keyOf: Map<string, string> | undefined;
  // Rows read by a column, in the map's order; a row the snapshot does not list is left out. The
  // map's order is (from key, to key, relation) (map/assemble.ts sortEdges), so a few rows are put
  // in it by their own columns: a map of 80,000 positions cost each query 60-70 ms. Rows that
  // tie on all three (two nodes with one key) take their positions.
  const inMapOrder = <R extends EndsRow, T>(rows: R[], make: (row: R) => T): T[] => {
    if (allListed()) {
      keyOf ??= new Map(map.nodes.map((n) => [n.id, n.key]));
      const keys = keyOf;
      const order = (a: R, b: R) =>
        compareStrings(keys.get(a[1]) ?? '', keys.get(b[1]) ?? '') ||
        compareStrings(keys.get(a[2]) ?? '', keys.get(b[2]) ?? '') ||
        compareStrings(a[3], b[3]);
      const sorted = [...rows].sort(order);
      if (sorted.every((row, i) => i === 0 || order(sorted[i - 1]!, row) !== 0)) return sorted.map(make);
    }
    const at = positions();
    return rows
      .filter(([edgeId]) => at.has(edgeId))
      .sort(([a], [b]) => at.get(a)! - at.get(b)!)
      .map(make);
  };
  const edgeOf = ([edgeId, , , , json]: EdgeRow) => keep(edgeId, json);
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
    const rows = conn.stmt(`SELECT ${ROW} FROM edges WHERE ${column} = ?`).raw().all(id) as EdgeRow[];
    list = inMapOrder(rows, edgeOf);
    lists.set(id, list);
    return list;
  };
  // A hub has thousands of edges in, of which a walk may want one relation's hundred: only those
  // are read and parsed.
  const intoOf = new Map<string, MapEdge[]>();
  const incidentOf = (id: string, relation: string): MapEdge[] => {
    const whole = into.get(id);
    if (whole) return whole.filter((e) => e.relation === relation);
    const key = `${id}\0${relation}`;
    let list = intoOf.get(key);
    if (list) return list;
    const rows = conn
      .stmt(`SELECT ${ROW} FROM edges WHERE to_id = ? AND relation = ?`)
      .raw()
      .all(id, relation) as EdgeRow[];
    list = inMapOrder(rows, edgeOf);
    intoOf.set(key, list);
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
        return json === undefined || !(allListed() || positions().has(id)) ? undefined : keep(id, json);
      },
      edgesTo: (id, relation) => (relation ? incidentOf(id, relation) : incident(into, 'to_id', id)),
      edgesFrom: (id) => incident(outOf, 'from_id', id),
      endsTo(id) {
        const known = into.get(id) ?? endsInto.get(id);
        if (known) return known;
        const rows = conn.stmt(`SELECT ${ENDS_ROW} FROM edges WHERE to_id = ?`).raw().all(id) as EndsRow[];
        const list = inMapOrder(rows, ([edgeId, from, to, relation]) => ({ id: edgeId, from, to, relation }));
        endsInto.set(id, list);
        return list;
      },
      ofRelation(relation) {
        if (all) return all.filter((e) => e.relation === relation);
        return inMapOrder(
          conn.stmt(`SELECT ${ROW} FROM edges WHERE relation = ?`).raw().all(relation) as EdgeRow[],
          edgeOf,
        );
      },
      ends(relations) {
        const held = all ?? ends;
        if (held) return relations ? held.filter((e) => relations.has(e.relation)) : held;
        const key = relations ? [...relations].sort().join(',') : '';
        const known = endsOf.get(key);
        if (known) return known;
        // Only the relations asked for are made into objects: a proximity walk needs no `uses`
        // edge (18,000 of 80,000 on the 7,000-file repository), an import view none of the links.
        const wanted = relations ? [...relations] : [];
        const rows = conn
          .stmt(
            `SELECT id, from_id AS "from", to_id AS "to", relation FROM edges${
              wanted.length > 0 ? ` WHERE relation IN (${wanted.map(() => '?').join(', ')})` : ''
            }`,
          )
          .all(...wanted) as EdgeEnds[];
        // Rows the snapshot does not list are no part of it, as readMap leaves them out. When the
        // table holds exactly its rows (ids are unique), the 80,000 ids are not split.
        const listed = allListed() ? undefined : new Set(ids());
        const list = listed ? rows.filter((r) => listed.has(r.id)) : rows;
        if (relations) endsOf.set(key, list);
        else ends = list;
        return list;
      },
    },
    close: () => {
      if (conn.db.open) conn.db.close(); // ends the read transaction with it
    },
  };
}
