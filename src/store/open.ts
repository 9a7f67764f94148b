/**
 * Opening the index, and rebuilding it when it cannot be used. index.db is derived data: a
 * corrupt file, a foreign file, a newer schema or a failed open is reported in one line and
 * replaced by a fresh index — never a crash, never a request to delete files by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BusyError } from '../model/errors.js';
import { IndexDamage } from './connection.js';
import { openSqlite, pragma, prepare, type SqliteDatabase } from './handles.js';
import { ensureOutputDir } from './output-dir.js';
import { APPLICATION_ID, migrate, SCHEMA_HASH, SCHEMA_VERSION, schemaState } from './schema.js';

export interface OpenedDatabase {
  db: SqliteDatabase;
  /** One-line reason, when the file on disk was replaced or could not be used. */
  recovered?: string;
}

export interface OpenDatabaseOptions {
  readonly?: boolean;
  /** Never create, move aside or rebuild the file: an unusable index throws IndexUnusable. */
  strict?: boolean;
  busyTimeoutMs: number;
}

/**
 * The index cannot be used as it is, and the caller asked not to repair it (the gate: a hook that
 * rebuilt an emptied index would turn "unknown" into "nothing is gated"). `problem` completes the
 * sentence "index.db …".
 */
export class IndexUnusable extends Error {
  constructor(readonly problem: string) {
    super(`index.db ${problem}`);
  }
}

let replaced = 0;

/**
 * How many times a handle of this process put a new index.db in place (a published full build, a
 * rebuild). A handle checks the file's identity once per synchronous run (store.ts #follow) unless
 * this moved: a replacement by this very process is seen at once, another process's at the next
 * run, as if it had come a moment later.
 */
export const replacements = (): number => replaced;
export function noteReplaced(): void {
  replaced++;
}

export function openDatabase(file: string, opts: OpenDatabaseOptions): OpenedDatabase {
  // A read-only open of a repository never scanned must not create .proofmap/ as a side effect.
  if (opts.strict) return openStrict(file, opts);
  if (opts.readonly && !fs.existsSync(file)) return { db: memoryDatabase(true) };
  ensureOutputDir(path.dirname(file));
  let problem: string | undefined;
  let db: SqliteDatabase | undefined;
  let identity: fs.Stats | undefined;
  try {
    identity = statOrUndefined(file);
    db = connect(file, opts);
    const state = inspect(db);
    if (typeof state === 'number') return { db: finish(db, state, opts) };
    problem = state;
  } catch (error) {
    if (isBusy(error)) throw busy(file, error);
    // Only what SQLite says about the file is a reason to replace it. A driver this Node cannot
    // load (better-sqlite3 built for another Node, after `nvm use`) failed before the file was
    // read: moving a good index aside then cost the next scan a full build.
    if (!aboutTheFile(error)) throw error;
    problem = describe(error);
  }
  db?.close();
  return rebuildDatabase(file, problem, opts, identity);
}

/** Opens an existing, usable index read-only, or throws IndexUnusable; never writes a byte. */
function openStrict(file: string, opts: OpenDatabaseOptions): OpenedDatabase {
  const stat = statOrUndefined(file);
  if (!stat) throw new IndexUnusable('is missing');
  if (!stat.isFile()) throw new IndexUnusable('is not a regular file');
  if (stat.size === 0) throw new IndexUnusable('is empty');
  let db: SqliteDatabase | undefined;
  try {
    // A strict reader (the gate) takes SQLite's readonly flag: the last writable connection to
    // close checkpoints the WAL into the database and fsyncs it, 10-40 ms of every hook process
    // after its marker write. A read-only one leaves the WAL for the next writer, which is as
    // safe (readers see the WAL). SQLite still creates the -shm file a WAL reader needs.
    db = openSqlite(file, {
      timeout: opts.busyTimeoutMs,
      fileMustExist: true,
      readonly: opts.readonly === true,
    });
    const state = inspect(db);
    if (typeof state === 'string') throw new IndexUnusable(state);
    if (state < SCHEMA_VERSION)
      throw new IndexUnusable(`has an older schema (${state}); run \`proofmap scan\``);
    if (opts.readonly) pragma(db, 'query_only = ON');
    return { db };
  } catch (error) {
    db?.close();
    if (error instanceof IndexUnusable) throw error;
    if (isBusy(error)) throw busy(file, error);
    throw new IndexUnusable(describe(error));
  }
}

/**
 * Moves the unusable file aside and starts a fresh index; `problem` completes the sentence
 * "index.db …". When even that fails (read-only disk), an empty in-memory index keeps the
 * caller working and the reason says so.
 */
export function rebuildDatabase(
  file: string,
  problem: string,
  opts: OpenDatabaseOptions,
  identity = statOrUndefined(file),
): OpenedDatabase {
  try {
    moveAside(file, identity);
    noteReplaced();
    return {
      db: finish(connect(file, opts), 0, opts),
      recovered: `${path.basename(file)} ${problem}; rebuilt`,
    };
  } catch (error) {
    const why = `${path.basename(file)} ${problem} and could not be rebuilt (${describe(error)}); using an empty in-memory index`;
    return { db: memoryDatabase(opts.readonly === true), recovered: why };
  }
}

function connect(file: string, opts: OpenDatabaseOptions): SqliteDatabase {
  const db = openSqlite(file, { timeout: opts.busyTimeoutMs });
  try {
    pragma(db, 'journal_mode = WAL');
    // No fsync, as for map.json (emit.ts writeAtomic `derived`): the index is derived data, and a
    // WAL database without syncs still comes through a killed or crashed process intact. Only an
    // OS crash or a power cut can leave it damaged, and a damaged index is rebuilt when it is
    // found (`scan --force` rebuilds it outright). With NORMAL, the first commit into each new WAL
    // (every CLI scan's one commit) synced the WAL header: 23-30 ms of a 300 ms one-file rescan.
    pragma(db, 'synchronous = OFF');
    // A cold snapshot touches index pages all over the file; with SQLite's 2 MB default cache they
    // spill mid-transaction. The cache is allocated only as pages are read, so a small read
    // does not pay for it.
    pragma(db, 'cache_size = -65536');
    // A cold snapshot leaves a WAL as large as the database; trim it after checkpoints.
    pragma(db, 'journal_size_limit = 16777216');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The schema version of a usable database, or why it cannot be used. */
function inspect(db: SqliteDatabase): number | string {
  const appId = pragma(db, 'application_id') as number;
  if (appId === 0) {
    const tables = prepare(db, `SELECT count(*) AS n FROM sqlite_master`).get() as { n: number };
    if (tables.n > 0) return 'is not a proofmap index (a foreign SQLite database)';
  } else if (appId !== APPLICATION_ID) {
    return `is not a proofmap index (application id ${appId})`;
  }
  const { version, hash } = schemaState(db);
  if (version > SCHEMA_VERSION) {
    return `is from a newer proofmap (schema ${version}, this version reads up to ${SCHEMA_VERSION})`;
  }
  if (version === SCHEMA_VERSION && hash !== SCHEMA_HASH) {
    return `has schema ${version} from a different proofmap build`;
  }
  return version;
}

// Migrating takes the write lock, so it only happens when the schema is behind: a reader opening
// a current index never waits for a running scan.
function finish(db: SqliteDatabase, version: number, opts: OpenDatabaseOptions): SqliteDatabase {
  if (version < SCHEMA_VERSION) migrate(db);
  if (opts.readonly) pragma(db, 'query_only = ON');
  return db;
}

function memoryDatabase(readonly: boolean): SqliteDatabase {
  return finish(openSqlite(':memory:'), 0, { readonly, busyTimeoutMs: 0 });
}

/**
 * Keeps the bad file as `<name>.bad` (one slot, for a post-mortem) and drops its WAL files. The
 * inode check is there because another process may have rebuilt the index in the meantime:
 * its fresh file must not be moved aside.
 */
function moveAside(file: string, seen: fs.Stats | undefined): void {
  const now = statOrUndefined(file);
  if (!now || (seen && now.ino !== seen.ino)) return;
  fs.renameSync(file, `${file}.bad`);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/** An error from SQLite itself, or the store's own finding of damage: one about the file. */
function aboutTheFile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && code.startsWith('SQLITE_')) || error instanceof IndexDamage;
}

/** True for errors that mean the bytes on disk are damaged: rebuild rather than fail. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
  // Only the store's own parse failures count: an error thrown by a caller's transaction body
  // must never cost the index.
  return error instanceof IndexDamage;
}

/** True for errors that mean the index may be read but not written (permissions, read-only disk). */
export function isUnwritable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return (
    /^SQLITE_(READONLY|CANTOPEN|PERM|FULL)/.test(code) ||
    ['EACCES', 'EPERM', 'EROFS', 'ENOSPC'].includes(code)
  );
}

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export function busy(file: string, error: unknown): BusyError {
  return new BusyError(`${path.basename(file)} is locked by another running proofmap`, {
    cause: error,
    hint: 'wait for the other proofmap run to finish, then try again',
  });
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return `could not be opened (${String(error)})`;
  const code = (error as { code?: unknown }).code;
  if (isDamage(error)) return `was corrupt (${error.message})`;
  return `could not be opened (${typeof code === 'string' ? `${code}: ` : ''}${error.message})`;
}
