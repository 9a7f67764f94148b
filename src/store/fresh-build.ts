/**
 * A full build's index is written into a fresh file beside index.db and renamed over it once
 * whole. Written in place, a cold snapshot of a 7,000-file repository went through the WAL
 * (~94 MB), was copied again into the database by the checkpoint, and grew five b-tree indexes
 * one random insert at a time. The fresh file has no journal and no fsync (a crash leaves the old
 * index.db untouched and this file behind, removed by the next build), gets its secondary indexes
 * after the bulk insert, and only the rename makes it visible: a reader sees the old file or the
 * new one, never a mix.
 */
import fs from 'node:fs';
import { EXTRACTOR_VERSION } from '../model/constants.js';
import { type Connection, connection } from './connection.js';
import { pruneFacts } from './facts.js';
import { openSqlite, pragma, prepare } from './handles.js';
import { migrate } from './schema.js';

/** The fresh file is `index.db.build`: one writer at a time holds the scan lock, so one name does. */
export const BUILD_SUFFIX = '.build';

/**
 * Set in the old file's meta, under its write lock, just before the rename: a writer that took
 * the lock on the old file after that sees it and moves to the new file instead of writing
 * where nobody will read (a consult marker written there would be lost).
 */
export const SUPERSEDED = 'superseded';

export interface FreshIndex {
  readonly conn: Connection;
  readonly file: string;
  /** The secondary indexes the schema defines, dropped while the rows go in: name → CREATE statement. */
  readonly indexes: readonly { name: string; sql: string }[];
}

export function openFresh(target: string, epoch: number): FreshIndex {
  const file = `${target}${BUILD_SUFFIX}`;
  removeFresh(file);
  const db = openSqlite(file);
  try {
    // Larger pages: most rows are kilobytes of JSON, which 4 KB pages split into overflow chains.
    // On the 7,000-file repository 8 KB pages made the file 5 % smaller and the build cheaper;
    // 16 KB ones cut a little more but made every later delta write (and fsync) 16 KB WAL frames,
    // and its index stage measured slower.
    pragma(db, 'page_size = 8192');
    pragma(db, 'journal_mode = OFF');
    pragma(db, 'synchronous = OFF');
    pragma(db, 'main.locking_mode = EXCLUSIVE');
    // Rows are appended and spill to the file as they go: a small cache does, and a large one
    // would hold the whole file (~100 MB on 7,000 files) in the scan's peak memory.
    pragma(db, 'cache_size = -16384');
    migrate(db);
    db.exec(ftsHashSize(BULK_FTS_HASH));
    const indexes = prepare(
      db,
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`,
    ).all() as { name: string; sql: string }[];
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const conn = connection(db);
    conn.stmt(`UPDATE meta SET value = ? WHERE key = 'epoch'`).run(epoch);
    return { conn, file, indexes };
  } catch (error) {
    db.close();
    removeFresh(file);
    throw error;
  }
}

/**
 * Completes the fresh file from the old one: the cached facts the scan reused (the old file keeps
 * them; only new ones were written here), pruned as writeSnapshot prunes, then the indexes.
 */
export function completeFresh(fresh: FreshIndex, oldFile: string | undefined): void {
  const { conn } = fresh;
  if (oldFile)
    withOld(conn, oldFile, () => {
      conn
        .stmt(
          `INSERT OR IGNORE INTO main.facts (extractor, hash, version, data)
           SELECT extractor, hash, version, data FROM old.facts WHERE version = ?`,
        )
        .run(EXTRACTOR_VERSION);
      // And which of them export by their names alone (schema step 9), which only new facts list.
      const listed = conn.stmt(`SELECT 1 FROM old.sqlite_master WHERE name = 'closed_facts'`).get();
      if (listed)
        conn
          .stmt(
            `INSERT OR IGNORE INTO main.closed_facts (extractor, hash, version)
             SELECT extractor, hash, version FROM old.closed_facts WHERE version = ?`,
          )
          .run(EXTRACTOR_VERSION);
    });
  pruneFacts(conn);
  for (const { sql } of fresh.indexes) conn.db.exec(sql);
  conn.db.exec(ftsHashSize(FTS_DEFAULT_HASH));
}

/**
 * FTS5 holds new terms in memory and writes them out as a segment each time they pass its hash
 * size (1 MB by default), merging segments as they pile up. A cold build's 61,000 search rows on
 * the 7,000-file repository passed it a dozen times: the flushes and merges took a quarter of the
 * FTS insert, and freed pages made the file 1.7 MB larger. With room for all of them, the build
 * writes one segment. The setting is stored in the index (search_fts_config), so completeFresh
 * restores the default: a delta's few rows never come near either size.
 */
const BULK_FTS_HASH = 64 * 1024 * 1024;
const FTS_DEFAULT_HASH = 1024 * 1024;

// An integer literal: FTS5 rejects a bound JavaScript number, which better-sqlite3 binds as a REAL.
const ftsHashSize = (bytes: number) =>
  `INSERT INTO search_fts (search_fts, rank) VALUES ('hashsize', ${Math.trunc(bytes)})`;

/**
 * Copies the consult markers, once the old file is marked SUPERSEDED: every marker committed
 * before that is read here, and no writer commits one there after it.
 */
export function copyMarkers(fresh: FreshIndex, oldFile: string): void {
  const { conn } = fresh;
  withOld(conn, oldFile, () =>
    conn.stmt(`INSERT OR REPLACE INTO main.markers SELECT * FROM old.markers`).run(),
  );
}

function withOld(conn: Connection, oldFile: string, fn: () => void): void {
  conn.stmt(`ATTACH DATABASE ? AS old`).run(oldFile);
  try {
    fn();
  } finally {
    conn.stmt(`DETACH DATABASE old`).run();
  }
}

/** Removes a fresh file and what SQLite may have left beside it. */
export function removeFresh(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}
