/**
 * The index schema as an ordered list of migration steps. Step n brings a database from
 * schema_version n to n + 1; a step, once released, is never edited — add a new one instead.
 */

import { contentHash } from '../model/ids.js';
import { FOLD_VERSION } from './fold.js';
import { pragma, prepare, type SqliteDatabase } from './handles.js';

/** `PRAGMA application_id` of a proofmap index ("prmp"): tells our file from any other SQLite db. */
export const APPLICATION_ID = 0x70726d70;

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
  INSERT INTO meta (key, value) VALUES ('epoch', 0);

  CREATE TABLE files (path TEXT PRIMARY KEY, hash TEXT NOT NULL, size INTEGER NOT NULL,
    mtime_ms REAL NOT NULL, role TEXT NOT NULL) WITHOUT ROWID;

  -- The map without its three big arrays (nulls hold their places, keeping the key order), and
  -- the order of nodes and edges as comma-separated ids. Rows below carry no position, so adding
  -- a file rewrites one order string instead of the position of every row after it.
  CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL,
    node_order TEXT NOT NULL, edge_order TEXT NOT NULL);
  -- digest is sha1 of json: the next snapshot compares digests instead of reading the JSON back.
  -- Edges are compared per source node (edge_groups), which is ten times fewer hashes than per
  -- edge. Evidence stays inside the edge JSON: a separate table doubled the cost of a cold
  -- snapshot, and edges_from already finds the edges whose evidence lies in a file.
  CREATE TABLE nodes (id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, path TEXT, json TEXT NOT NULL,
    digest TEXT NOT NULL);
  CREATE INDEX nodes_path ON nodes (path);
  CREATE TABLE edges (id TEXT NOT NULL UNIQUE, from_id TEXT NOT NULL, to_id TEXT NOT NULL,
    relation TEXT NOT NULL, json TEXT NOT NULL);
  CREATE INDEX edges_from ON edges (from_id);
  CREATE INDEX edges_to ON edges (to_id);
  CREATE TABLE edge_groups (from_id TEXT PRIMARY KEY, digest TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE coverage (seq INTEGER PRIMARY KEY, analyzer TEXT NOT NULL, scope TEXT NOT NULL,
    status TEXT NOT NULL, reason TEXT NOT NULL, json TEXT NOT NULL);
  CREATE INDEX coverage_scope ON coverage (scope);

  -- Search: one row per path, exported symbol and heading; key says when a path's rows must be
  -- rebuilt. The FTS table is contentless: the text lives in search_items, joined by rowid.
  CREATE TABLE search_sources (path TEXT PRIMARY KEY, key TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE search_items (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, path TEXT NOT NULL,
    name TEXT NOT NULL, line INTEGER, detail TEXT, fold_name TEXT NOT NULL, fold_text TEXT NOT NULL);
  CREATE INDEX search_items_path ON search_items (path);
  CREATE VIRTUAL TABLE search_fts USING fts5 (text, content = '', contentless_delete = 1,
    tokenize = 'trigram');

  CREATE TABLE facts (extractor TEXT NOT NULL, hash TEXT NOT NULL, version INTEGER NOT NULL,
    data TEXT NOT NULL, PRIMARY KEY (extractor, hash, version)) WITHOUT ROWID;
  CREATE TABLE signals (kind TEXT PRIMARY KEY, epoch INTEGER NOT NULL, data TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE markers (path TEXT PRIMARY KEY, hash TEXT NOT NULL, epoch INTEGER NOT NULL,
    query TEXT NOT NULL, time INTEGER NOT NULL, signature TEXT NOT NULL) WITHOUT ROWID;
  `,
  // The stat stamp and content class let a rescan skip reading files whose stat did not change.
  `
  ALTER TABLE files ADD COLUMN stamp TEXT;
  ALTER TABLE files ADD COLUMN content TEXT;
  `,
  // A consult follows the agent session that edits the file: the session that claimed it, and
  // the tool call (tool_use_id) whose PostToolUse may renew it for the new content.
  `
  ALTER TABLE markers ADD COLUMN session TEXT NOT NULL DEFAULT '';
  ALTER TABLE markers ADD COLUMN edit TEXT NOT NULL DEFAULT '';
  `,
  // Facts and signals rows run to kilobytes (a gate entry lists its importers). A WITHOUT ROWID
  // table keeps under 1 KB of a row in its b-tree page and the rest in overflow pages of its own,
  // so these two tables took 57 MB on disk for 23 MB of data on a 7,000-file repository, and a
  // cold scan wrote every one of those pages twice (WAL, then checkpoint). Rowid tables hold up
  // to 4 KB of a row in the page.
  `
  CREATE TABLE facts_rows (extractor TEXT NOT NULL, hash TEXT NOT NULL, version INTEGER NOT NULL,
    data TEXT NOT NULL, UNIQUE (extractor, hash, version));
  INSERT INTO facts_rows (extractor, hash, version, data) SELECT extractor, hash, version, data FROM facts;
  DROP TABLE facts;
  ALTER TABLE facts_rows RENAME TO facts;
  CREATE TABLE signals_rows (kind TEXT NOT NULL UNIQUE, epoch INTEGER NOT NULL, data TEXT NOT NULL);
  INSERT INTO signals_rows (kind, epoch, data) SELECT kind, epoch, data FROM signals;
  DROP TABLE signals;
  ALTER TABLE signals_rows RENAME TO signals;
  `,
  // A UNIQUE column constraint is an index that cannot be dropped, so a full build (fresh-build.ts)
  // grew it one random sha1 id at a time for 80,000 edges. A named unique index is dropped while
  // the rows go in and built once after them, sorted.
  `
  CREATE TABLE edges_rows (id TEXT NOT NULL, from_id TEXT NOT NULL, to_id TEXT NOT NULL,
    relation TEXT NOT NULL, json TEXT NOT NULL);
  INSERT INTO edges_rows (rowid, id, from_id, to_id, relation, json)
    SELECT rowid, id, from_id, to_id, relation, json FROM edges;
  DROP TABLE edges;
  ALTER TABLE edges_rows RENAME TO edges;
  CREATE UNIQUE INDEX edges_id ON edges (id);
  CREATE INDEX edges_from ON edges (from_id);
  CREATE INDEX edges_to ON edges (to_id);
  `,
  // A one-file delta asks which relations point into the edited file (scan-delta.ts): a package's
  // index has thousands of incoming edges, and reading each row for its relation took ~110 ms on
  // the 7,000-file repository. With the relation in the index that question reads the index alone.
  // A delta that removes or adds an export behind `export *` asks which other files export that
  // name: a scan of every search row took ~70 ms there.
  `
  DROP INDEX edges_to;
  CREATE INDEX edges_to ON edges (to_id, relation);
  CREATE INDEX search_items_name ON search_items (name);
  `,
  // SQLite rewrites a whole row to update one column: with the order strings in the snapshot row
  // (the edge order alone is ~1 MB on the 7,000-file repository), every one-file delta read and
  // rewrote that MB to change the small map JSON beside it (12-17 ms of the write). One row each.
  `
  CREATE TABLE snapshot_orders (kind TEXT PRIMARY KEY, ids TEXT NOT NULL);
  INSERT INTO snapshot_orders (kind, ids) SELECT 'nodes', node_order FROM snapshot;
  INSERT INTO snapshot_orders (kind, ids) SELECT 'edges', edge_order FROM snapshot;
  ALTER TABLE snapshot DROP COLUMN node_order;
  ALTER TABLE snapshot DROP COLUMN edge_order;
  `,
  // An `impact` walk asks for the ends (id, from, relation) of the edges into each file it passes,
  // thousands of them on a hub: with only (to_id, relation) in the index each edge's table row was
  // read besides, kilobytes of JSON per page. With the ends in the index the question reads the
  // index alone (2,838 targets on the 7,000-file repository: 230-270 ms -> 95-120 ms).
  `
  DROP INDEX edges_to;
  CREATE INDEX edges_to ON edges (to_id, relation, from_id, id);
  `,
  // A one-file delta that imports through a package barrel proved each name absent from every file
  // the barrel's `export *` chains reach by reading its facts: ~500 rows and JSON parses for one
  // import of the 7,000-file repository. The modules whose export table is their names alone
  // (model/facts.ts exportsClosed, the same test in SQL below) are listed by content, so the walk
  // answers those from the search rows' names instead.
  `
  CREATE TABLE closed_facts (extractor TEXT NOT NULL, hash TEXT NOT NULL, version INTEGER NOT NULL,
    PRIMARY KEY (extractor, hash, version)) WITHOUT ROWID;
  INSERT INTO closed_facts (extractor, hash, version)
    SELECT extractor, hash, version FROM facts
    WHERE extractor LIKE 'js-ts:%' AND CASE WHEN json_valid(data) THEN
      json_array_length(data, '$.exports') > 0
      AND NOT EXISTS (SELECT 1 FROM json_each(data, '$.exports') AS e
        WHERE e.value ->> 'name' IN ('*', 'export='))
      AND NOT EXISTS (SELECT 1 FROM json_each(data, '$.imports') AS i
        WHERE i.value ->> 'relation' = 're-exports'
          AND EXISTS (SELECT 1 FROM json_each(i.value, '$.names') AS n WHERE n.value = '*'))
    ELSE 0 END;
  `,
];

/** The schema version this build reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Hash of the migration text and the folding version. A development build that edited a step
 * without adding one writes the same version with other tables, and a changed foldText makes the
 * stored folded text wrong; the hash tells such an index apart so it is rebuilt.
 */
export const SCHEMA_HASH = schemaHashOf(MIGRATIONS);

function schemaHashOf(steps: readonly string[]): string {
  return contentHash(`fold ${FOLD_VERSION}\n${steps.join('\n-- step --\n')}`);
}

/** schema_version and schema_hash of a proofmap index; version 0 when there is no meta table yet. */
export function schemaState(db: SqliteDatabase): { version: number; hash?: string } {
  const hasMeta = prepare(db, `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).get();
  if (!hasMeta) return { version: 0 };
  const rows = prepare(
    db,
    `SELECT key, value FROM meta WHERE key IN ('schema_version', 'schema_hash')`,
  ).all() as { key: string; value: unknown }[];
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const hash = value('schema_hash');
  return { version: Number(value('schema_version') ?? 0), ...(typeof hash === 'string' ? { hash } : {}) };
}

export const schemaVersion = (db: SqliteDatabase): number => schemaState(db).version;

/**
 * Applies the steps the database lacks, in one immediate transaction, re-reading the version
 * inside it so two processes creating the same fresh index cannot both apply step 0.
 */
export function migrate(db: SqliteDatabase, steps: readonly string[] = MIGRATIONS): void {
  db.transaction(() => {
    const from = schemaVersion(db);
    if (from >= steps.length) return;
    for (const step of steps.slice(from)) db.exec(step);
    const set = prepare(db, `INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`);
    set.run('schema_version', steps.length);
    set.run('schema_hash', schemaHashOf(steps));
    pragma(db, `application_id = ${APPLICATION_ID}`);
  }).immediate();
}
