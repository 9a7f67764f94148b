/**
 * The only place that creates better-sqlite3 objects. Every database and statement made here
 * stays reachable until the process ends, so the garbage collector never destroys one.
 *
 * Why: `node::ObjectWrap` is header-only, and since Node 24.19 its destructor calls
 * `RemoveEnvironmentCleanupHook`, which aborts the process (`Assertion (env) != nullptr`) when it
 * runs from a V8 weak callback during garbage collection (nodejs/node#65446). Any addon compiled
 * against those headers carries that destructor, whatever Node it then runs on; a scan made
 * dozens of throwaway statements (each `db.pragma()` is one) and died in 9 of 10 runs (issue 24).
 * A wrapper that is never collected is never destroyed by the GC: at exit, Node's environment
 * cleanup deletes it with the environment still present, which is safe.
 *
 * What is kept is the JS wrapper and a few words of C++ per object: `close()` still finalises a
 * database's statements and frees SQLite's memory. Stores are opened a handful of times per
 * process (the MCP server and the watcher hold one), so the list stays short. The statements
 * `db.transaction()` makes for itself live as long as their database, which is kept. `iterate()`
 * would make a collectable iterator object: use `all()`.
 */
import type DatabaseModule from 'better-sqlite3';
import { loadDriver } from './sqlite-driver.js';

const driver = loadDriver();

// Never read: holding the references is the point.
const kept: object[] = [];

/** Holds `handle` for the rest of the process, so the garbage collector never destroys it. */
export function keep<T extends object>(handle: T): T {
  kept.push(handle);
  return handle;
}

export type SqliteDatabase = DatabaseModule.Database;
export type SqliteStatement = DatabaseModule.Statement;

/** A database connection that the garbage collector will never destroy. */
export function openSqlite(file: string, options?: DatabaseModule.Options): SqliteDatabase {
  const native = driver.nativeBinding;
  return keep(
    new driver.Database(
      file,
      native && !options?.nativeBinding ? { ...options, nativeBinding: native } : options,
    ),
  );
}

/** A prepared statement that the garbage collector will never destroy. */
export function prepare(db: SqliteDatabase, sql: string): SqliteStatement {
  return keep(db.prepare(sql));
}

/**
 * `PRAGMA source`, through a kept statement (better-sqlite3's own `db.pragma()` prepares one
 * that becomes garbage at once). Returns the first column of the first row, if any.
 */
export function pragma(db: SqliteDatabase, source: string): unknown {
  const statement = prepare(db, `PRAGMA ${source}`);
  if (!statement.reader) {
    statement.run();
    return undefined;
  }
  return statement.pluck().get();
}
