import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BusyError } from '../../src/model/errors.js';
import { openSqlite, prepare, type SqliteDatabase } from '../../src/store/handles.js';
import { type IndexStore, openIndex, SCHEMA_VERSION } from '../../src/store/index.js';
import { MIGRATIONS, migrate, schemaVersion } from '../../src/store/schema.js';
import { fileNode, proofMap, sourceFile, tempRoot } from './fixture.js';

const stores: IndexStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});
function open(root: string, opts = {}) {
  const s = openIndex(root, opts);
  stores.push(s);
  return s;
}

const map = proofMap([fileNode('src/a.ts', ['alpha'])]);

/** A repository whose index holds one snapshot, closed again. */
function scannedRoot(): { root: string; db: string } {
  const root = tempRoot();
  const s = openIndex(root);
  s.writeSnapshot(map, [sourceFile('src/a.ts')]);
  s.close();
  return { root, db: path.join(root, '.proofmap', 'index.db') };
}

/** The store works after recovery: it takes a snapshot and answers from it. */
function expectWorking(s: IndexStore) {
  s.writeSnapshot(map, [sourceFile('src/a.ts')]);
  expect(s.readMap()).toEqual(map);
  expect(s.search('alpha').total).toBe(1);
}

describe('openIndex', () => {
  it('opens a healthy index without a recovery note', () => {
    const { root } = scannedRoot();
    const s = open(root);
    expect(s.recovered).toBeUndefined();
    expect(s.readMap()).toEqual(map);
  });

  it('rebuilds a file that is not a database at all', () => {
    const { root, db } = scannedRoot();
    fs.writeFileSync(db, '{"this is": "json, not sqlite"}\n'.repeat(200));
    const s = open(root);
    expect(s.recovered).toMatch(/^index\.db was corrupt \(.*\); rebuilt$/);
    expect(s.readMap()).toBeUndefined();
    expect(fs.existsSync(`${db}.bad`)).toBe(true);
    expectWorking(s);
  });

  it('rebuilds an index whose pages were overwritten with garbage', () => {
    const { root, db } = scannedRoot();
    const bytes = fs.readFileSync(db);
    const garbage = Buffer.alloc(bytes.length - 4096);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) & 0xff;
    garbage.copy(bytes, 4096); // keep the header page, destroy every table
    fs.writeFileSync(db, bytes);
    const s = open(root);
    expect(() => s.readMap()).not.toThrow();
    expect(s.recovered).toMatch(/^index\.db was corrupt \(.*\); rebuilt$/);
    expectWorking(s);
  });

  it('rebuilds when garbage hits the middle of a table after opening', () => {
    const { root, db } = scannedRoot();
    const s = open(root);
    const bytes = fs.readFileSync(db);
    const fd = fs.openSync(db, 'r+');
    fs.writeSync(fd, Buffer.alloc(bytes.length - 8192, 0xa5), 0, bytes.length - 8192, 8192);
    fs.closeSync(fd);
    expect(() => s.readMap()).not.toThrow();
    expect(() => s.search('alpha')).not.toThrow();
    expect(s.recovered).toMatch(/^index\.db was corrupt \(.*\); rebuilt$/);
    expectWorking(s);
  });

  it('rebuilds a truncated index', () => {
    const { root, db } = scannedRoot();
    fs.truncateSync(db, Math.floor(fs.statSync(db).size / 3));
    const s = open(root);
    expect(() => s.readMap()).not.toThrow();
    expect(s.recovered).toMatch(/^index\.db was corrupt \(.*\); rebuilt$/);
    expectWorking(s);
  });

  it('rebuilds a SQLite database that belongs to something else', () => {
    const root = tempRoot();
    fs.mkdirSync(path.join(root, '.proofmap'));
    const foreign = openSqlite(path.join(root, '.proofmap', 'index.db'));
    foreign.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)');
    foreign.close();
    const s = open(root);
    expect(s.recovered).toBe('index.db is not a proofmap index (a foreign SQLite database); rebuilt');
    expectWorking(s);
  });

  it('rebuilds an index written by a newer proofmap', () => {
    const { root, db } = scannedRoot();
    const raw = openSqlite(db);
    prepare(raw, `UPDATE meta SET value = ? WHERE key = 'schema_version'`).run(SCHEMA_VERSION + 5);
    raw.close();
    const s = open(root);
    expect(s.recovered).toBe(
      `index.db is from a newer proofmap (schema ${SCHEMA_VERSION + 5}, this version reads up to ${SCHEMA_VERSION}); rebuilt`,
    );
    expectWorking(s);
  });

  it('rebuilds an index of the same version from a build whose schema differs', () => {
    const { root, db } = scannedRoot();
    const raw = openSqlite(db);
    prepare(raw, `UPDATE meta SET value = 'other' WHERE key = 'schema_hash'`).run();
    raw.close();
    const s = open(root);
    expect(s.recovered).toBe(
      `index.db has schema ${SCHEMA_VERSION} from a different proofmap build; rebuilt`,
    );
    expectWorking(s);
  });

  it('opens an index whose writer was killed mid-transaction: the write is rolled back', () => {
    const { root, db } = scannedRoot();
    const script = `
      const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
      const db = new Database(${JSON.stringify(db)}); // gc-safe: held until the SIGKILL below
      db.exec("BEGIN IMMEDIATE");
      db.exec("UPDATE meta SET value = 99 WHERE key = 'epoch'");
      db.exec("DELETE FROM nodes");
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(process.execPath, ['-e', script]);
    expect(child.signal).toBe('SIGKILL');
    const s = open(root);
    expect(s.recovered).toBeUndefined();
    expect(s.epoch()).toBe(1);
    expect(s.readMap()).toEqual(map);
  });

  it('survives garbage WAL and shared-memory files left by a dead process', () => {
    const { root, db } = scannedRoot();
    fs.writeFileSync(`${db}-wal`, Buffer.alloc(64 * 1024, 0x5a));
    fs.writeFileSync(`${db}-shm`, Buffer.alloc(32 * 1024, 0xff));
    const s = open(root);
    expect(() => s.readMap()).not.toThrow();
    expectWorking(s);
  });

  it('reports a write lock held by a live process as BusyError, not as damage', () => {
    const { root, db } = scannedRoot();
    const holder = openSqlite(db);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const s = open(root, { lockTimeoutMs: 50 });
      expect(() => s.putFacts('js-ts', 'h', 1)).toThrow(BusyError);
      expect(s.recovered).toBeUndefined();
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('read-only on a repository never scanned creates no files and refuses writes', () => {
    const root = tempRoot();
    const s = open(root, { readonly: true });
    expect(s.epoch()).toBe(0);
    expect(s.readMap()).toBeUndefined();
    expect(s.search('x').total).toBe(0);
    expect(() => s.putFacts('js-ts', 'h', 1)).toThrow();
    expect(fs.existsSync(path.join(root, '.proofmap'))).toBe(false);
  });
});

describe('migrations', () => {
  it('applies only the steps a database lacks, in order', () => {
    const db = openSqlite(':memory:');
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const next = [...MIGRATIONS, 'ALTER TABLE files ADD COLUMN language TEXT;'];
    migrate(db, next);
    migrate(db, next); // a second run is a no-op, not a duplicate-column error
    expect(schemaVersion(db)).toBe(MIGRATIONS.length + 1);
    expect(prepare(db, `SELECT language FROM files`).all()).toEqual([]);
    db.close();
  });

  /** A database at schema `from` with one edge row, migrated to `to`. */
  function withEdgeMigrated(from: number, to: number) {
    const db = openSqlite(':memory:');
    migrate(db, MIGRATIONS.slice(0, from));
    prepare(
      db,
      `INSERT INTO edges (id, from_id, to_id, relation, json) VALUES ('e1', 'a', 'b', 'imports', '{}')`,
    ).run();
    migrate(db, MIGRATIONS.slice(0, to));
    expect(schemaVersion(db)).toBe(to);
    return db;
  }

  const planOf = (db: SqliteDatabase, sql: string) =>
    prepare(db, `EXPLAIN QUERY PLAN ${sql}`)
      .all()
      .map((r) => (r as { detail: string }).detail)
      .join('\n');

  it('indexes the edges into a node by relation, and search rows by name, keeping the rows (step 6)', () => {
    const db = withEdgeMigrated(5, 6);
    expect(prepare(db, `SELECT sql FROM sqlite_master WHERE name = 'edges_to'`).pluck().get()).toMatch(
      /ON edges \(to_id, relation\)/,
    );
    expect(planOf(db, `SELECT json FROM edges WHERE to_id = 'b' AND relation = 'imports'`)).toMatch(
      /USING INDEX edges_to \(to_id=\? AND relation=\?\)/,
    );
    expect(planOf(db, `SELECT path FROM search_items WHERE kind = 'symbol' AND name = 'x'`)).toMatch(
      /USING INDEX search_items_name \(name=\?\)/,
    );
    expect(prepare(db, `SELECT id FROM edges`).pluck().all()).toEqual(['e1']);
  });

  it('moves the node and edge orders out of the snapshot row, keeping both (step 7)', () => {
    const db = openSqlite(':memory:');
    migrate(db, MIGRATIONS.slice(0, 6));
    prepare(
      db,
      `INSERT INTO snapshot (id, json, node_order, edge_order) VALUES (1, '{}', 'n1,n2', 'e1')`,
    ).run();
    migrate(db, MIGRATIONS.slice(0, 7));
    expect(schemaVersion(db)).toBe(7);
    expect(prepare(db, `SELECT * FROM snapshot`).all()).toEqual([{ id: 1, json: '{}' }]);
    expect(prepare(db, `SELECT kind, ids FROM snapshot_orders ORDER BY kind`).all()).toEqual([
      { kind: 'edges', ids: 'e1' },
      { kind: 'nodes', ids: 'n1,n2' },
    ]);
    db.close();
  });

  it('answers the ends of the edges into a node from the index alone, keeping the rows (step 8)', () => {
    const db = withEdgeMigrated(7, 8);
    expect(planOf(db, `SELECT id, from_id, to_id, relation FROM edges WHERE to_id = 'b'`)).toMatch(
      /USING COVERING INDEX edges_to \(to_id=\?\)/,
    );
    expect(planOf(db, `SELECT json FROM edges WHERE to_id = 'b' AND relation = 'imports'`)).toMatch(
      /USING INDEX edges_to \(to_id=\? AND relation=\?\)/,
    );
    expect(prepare(db, `SELECT id, from_id, to_id, relation FROM edges`).all()).toEqual([
      { id: 'e1', from_id: 'a', to_id: 'b', relation: 'imports' },
    ]);
    db.close();
  });

  it('moves facts and signals into rowid tables with their rows and unique keys (step 4)', () => {
    const db = openSqlite(':memory:');
    migrate(db, MIGRATIONS.slice(0, 3));
    prepare(
      db,
      `INSERT INTO facts (extractor, hash, version, data) VALUES ('js-ts:.ts', 'h1', 7, '{"a":1}')`,
    ).run();
    prepare(db, `INSERT INTO signals (kind, epoch, data) VALUES ('gate:src/a.ts', 2, '{"fanIn":3}')`).run();
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(prepare(db, `SELECT extractor, hash, version, data FROM facts`).all()).toEqual([
      { extractor: 'js-ts:.ts', hash: 'h1', version: 7, data: '{"a":1}' },
    ]);
    expect(prepare(db, `SELECT kind, epoch, data FROM signals`).all()).toEqual([
      { kind: 'gate:src/a.ts', epoch: 2, data: '{"fanIn":3}' },
    ]);
    const sql = (name: string) =>
      prepare(db, `SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(name);
    expect(sql('facts')).not.toMatch(/WITHOUT ROWID/);
    expect(sql('signals')).not.toMatch(/WITHOUT ROWID/);
    // INSERT OR REPLACE (putFacts, putSignals) relies on the unique keys to replace, not duplicate.
    prepare(db, `INSERT OR REPLACE INTO signals (kind, epoch, data) VALUES ('gate:src/a.ts', 3, '{}')`).run();
    prepare(
      db,
      `INSERT OR REPLACE INTO facts (extractor, hash, version, data) VALUES ('js-ts:.ts', 'h1', 7, '{}')`,
    ).run();
    expect(prepare(db, `SELECT count(*) FROM signals`).pluck().get()).toBe(1);
    expect(prepare(db, `SELECT count(*) FROM facts`).pluck().get()).toBe(1);
    db.close();
  });
});
