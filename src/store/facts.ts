/**
 * The per-file fact cache: extractor output keyed by (extractor, content hash, EXTRACTOR_VERSION).
 * Bumping EXTRACTOR_VERSION makes every old row a miss, so a changed extractor never serves facts
 * it would no longer produce; pruneFacts later drops those rows.
 */
import { EXTRACTOR_VERSION } from '../model/constants.js';
import { exportsClosed, type ModuleFacts } from '../model/facts.js';
import { type Connection, parseStored, queryJson } from './connection.js';

export function getFacts<T>(conn: Connection, extractor: string, hash: string): T | undefined {
  const row = conn
    .stmt(`SELECT data FROM facts WHERE extractor = ? AND hash = ? AND version = ?`)
    .get(extractor, hash, EXTRACTOR_VERSION) as { data: string } | undefined;
  return row ? parseStored<T>(row.data) : undefined;
}

/**
 * The cached entries of one extractor for these hashes (hash → facts; a miss is absent): one query
 * and one JSON.parse where a delta proving a name absent behind a package barrel looked up ~1,500
 * rows one at a time.
 */
export function someFacts<T>(conn: Connection, extractor: string, hashes: readonly string[]): Map<string, T> {
  return factsWhere<T>(
    conn,
    extractor,
    `AND hash IN (SELECT value FROM json_each(?))`,
    JSON.stringify(hashes),
  );
}

/**
 * Every cached entry of one extractor at the current version, hash → facts: one query and one
 * JSON.parse for a whole rescan instead of one lookup per file.
 */
export function allFacts<T>(conn: Connection, extractor: string): Map<string, T> {
  return factsWhere<T>(conn, extractor, '');
}

/** Entries of one extractor at the current version matching `and` (SQL), joined in SQL and parsed once. */
function factsWhere<T>(
  conn: Connection,
  extractor: string,
  and: string,
  ...params: unknown[]
): Map<string, T> {
  const flat = queryJson<(string | T)[]>(
    conn,
    `SELECT '[' || coalesce(group_concat(json_quote(hash) || ',' || data, ','), '') || ']'
     FROM facts WHERE extractor = ? AND version = ? ${and}`,
    extractor,
    EXTRACTOR_VERSION,
    ...params,
  );
  const facts = new Map<string, T>();
  for (let i = 0; i < flat.length; i += 2) facts.set(flat[i] as string, flat[i + 1] as T);
  return facts;
}

export function putFacts(
  conn: Connection,
  extractor: string,
  hash: string,
  facts: unknown,
  json = JSON.stringify(facts),
): void {
  conn
    .stmt(`INSERT OR REPLACE INTO facts (extractor, hash, version, data) VALUES (?, ?, ?, ?)`)
    .run(extractor, hash, EXTRACTOR_VERSION, json);
  // Same content, same facts: a row once listed stays true for as long as the facts row lives.
  if (extractor.startsWith(MODULE_EXTRACTOR) && exportsClosed(facts as ModuleFacts))
    conn
      .stmt(`INSERT OR IGNORE INTO closed_facts (extractor, hash, version) VALUES (?, ?, ?)`)
      .run(extractor, hash, EXTRACTOR_VERSION);
}

/** The prefix of every module extractor's cache key (extract/js-ts.ts moduleCacheKey). */
const MODULE_EXTRACTOR = 'js-ts:';

/**
 * The contents whose cached facts of one extractor export by their names alone (exportsClosed):
 * one read of the key index, where a walk behind a package barrel asked ~500 times (12 ms).
 */
export function closedExports(conn: Connection, extractor: string): Set<string> {
  return new Set(
    conn
      .stmt(`SELECT hash FROM closed_facts WHERE extractor = ? AND version = ?`)
      .pluck()
      .all(extractor, EXTRACTOR_VERSION) as string[],
  );
}

/**
 * Keeps the cache bounded without bookkeeping on every read: once it holds far more rows than
 * the snapshot has files (old versions, contents no file has any more), rows of other extractor
 * versions and of hashes absent from the snapshot are dropped. Runs inside writeSnapshot.
 */
export function pruneFacts(conn: Connection): void {
  const { facts, files } = conn
    .stmt(`SELECT (SELECT count(*) FROM facts) AS facts, (SELECT count(*) FROM files) AS files`)
    .get() as { facts: number; files: number };
  if (facts <= 3 * files + 1000) return;
  conn
    .stmt(`DELETE FROM facts WHERE version != ? OR hash NOT IN (SELECT hash FROM files)`)
    .run(EXTRACTOR_VERSION);
  conn
    .stmt(
      `DELETE FROM closed_facts WHERE NOT EXISTS (SELECT 1 FROM facts AS f WHERE f.extractor =
        closed_facts.extractor AND f.hash = closed_facts.hash AND f.version = closed_facts.version)`,
    )
    .run();
}
