/**
 * A database handle with a prepared-statement cache. Statements are prepared on first use, not at
 * open, because a one-shot query (open, read, close) must stay within a few milliseconds.
 */
import { ProofmapError } from '../model/errors.js';
import { prepare, type SqliteDatabase, type SqliteStatement } from './handles.js';

export interface Connection {
  readonly db: SqliteDatabase;
  /** The prepared statement for this SQL text, prepared once per connection. */
  stmt(sql: string): SqliteStatement;
}

export function connection(db: SqliteDatabase): Connection {
  const cache = new Map<string, SqliteStatement>();
  return {
    db,
    stmt(sql) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = prepare(db, sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The snapshot epoch: 0 before the first snapshot, +1 per writeSnapshot. */
export function readEpoch(conn: Connection): number {
  const row = conn.stmt(`SELECT value FROM meta WHERE key = 'epoch'`).get() as { value: number } | undefined;
  return row ? Number(row.value) : 0;
}

/**
 * Runs a query whose single value is JSON built in SQL (`json_group_array(json_array(…))`) and
 * parses it. For whole-table reads this is several times faster than materialising one JS row per
 * SQLite row, and JSON quoting keeps it exact for any text.
 */
export function queryJson<T>(conn: Connection, sql: string, ...params: unknown[]): T {
  return parseStored<T>(
    conn
      .stmt(sql)
      .pluck()
      .get(...params) as string,
  );
}

/**
 * Stored JSON that no longer parses: the file is damaged, and the store rebuilds it. A reader that
 * cannot rebuild (a CLI query) lets it reach the user as one line saying how to.
 */
export class IndexDamage extends ProofmapError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, { ...options, hint: 'the index is damaged: run `proofmap scan --force` to rebuild it' });
  }
}

/** SQLite's JSON functions refusing a stored row: the same damage as a parse failure. */
export function asDamage(error: unknown): unknown {
  return error instanceof Error && /malformed JSON/.test(error.message)
    ? new IndexDamage(`stored JSON does not parse (${error.message})`, { cause: error })
    : error;
}

/** JSON.parse for text the store wrote itself, so a failure means damage, not bad input. */
export function parseStored<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new IndexDamage(`stored JSON does not parse (${(error as Error).message})`, { cause: error });
  }
}
