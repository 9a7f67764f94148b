/**
 * The IndexStore behind openIndex. Every method runs through `guard`: when SQLite reports that
 * the file is damaged mid-operation (corruption the cheap checks at open cannot see), the index
 * is rebuilt and the operation repeated once on the fresh, empty one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ProofMap } from '../map/schema.js';
import { INDEX_FILE, OUTPUT_DIR } from '../model/constants.js';
import type { FileContent, FileRole, SourceFile } from '../model/facts.js';
import { type Connection, connection, IndexDamage, queryJson, readEpoch } from './connection.js';
import { type SnapshotDelta, writeDelta } from './delta.js';
import { allFacts, closedExports, getFacts, putFacts, someFacts } from './facts.js';
import {
  completeFresh,
  copyMarkers,
  type FreshIndex,
  openFresh,
  removeFresh,
  SUPERSEDED,
} from './fresh-build.js';
import { type Freshness, freshness } from './freshness.js';
import { pragma, type SqliteDatabase } from './handles.js';
import type { EdgesIntoFilter, FileRecord, IndexStore, OpenIndexOptions } from './index.js';
import { type ConsultMarker, deleteMarkers, getMarker, markerTimes, putMarker } from './markers.js';
import {
  busy,
  describe,
  IndexUnusable,
  isBusy,
  isDamage,
  noteReplaced,
  type OpenDatabaseOptions,
  openDatabase,
  rebuildDatabase,
  replacements,
} from './open.js';
import { readMap } from './read-map.js';
import { type SearchOptions, type SearchPage, search } from './search.js';
import { checkSearchTables } from './search-check.js';
import type { Heading } from './search-rows.js';
import { countSignals, deleteSignals, getSignals, putSignals, putSignalsJson } from './signals.js';
import { upsertFiles, writeSnapshot } from './snapshot.js';
import type { ProvenItems } from './snapshot-rows.js';

export class SqliteIndex implements IndexStore {
  readonly path: string;
  #recovered: string | undefined;
  #conn: Connection;
  /** The file #conn was opened on (dev and inode), to notice when a full build replaced it. */
  #identity: string | undefined;
  /** A full build in progress: its writes go to a fresh file, its reads to the current one. */
  #fresh: FreshIndex | undefined;
  #depth = 0;
  /** replacements() when this synchronous run last checked the file's identity (see #follow). */
  #followed: number | undefined;
  readonly #root: string;
  readonly #options: OpenDatabaseOptions;

  constructor(root: string, opts: OpenIndexOptions) {
    this.#root = root;
    this.path = path.join(root, OUTPUT_DIR, INDEX_FILE);
    this.#options = {
      readonly: opts.readonly === true,
      strict: opts.strict === true,
      busyTimeoutMs: opts.lockTimeoutMs ?? 10_000,
    };
    this.#conn = this.#open();
  }

  #open(): Connection {
    // Taken before the open: if the file is replaced in between, the next call sees a new inode
    // and opens again, so a handle never stays on a file nobody writes.
    const before = identityOf(this.path);
    const opened = openDatabase(this.path, this.#options);
    // A repair stays reported for the handle's life, also after a full build replaced the file.
    this.#recovered = opened.recovered ?? this.#recovered;
    // A file the open created (or rebuilt) is the one it opened.
    this.#identity = opened.db.memory
      ? undefined
      : before !== undefined && opened.recovered === undefined
        ? before
        : identityOf(this.path);
    return connection(opened.db);
  }

  /** Where writes go: the fresh file during a full build, else the index itself. */
  get #writer(): Connection {
    return this.#fresh?.conn ?? this.#conn;
  }

  get recovered(): string | undefined {
    return this.#recovered;
  }

  epoch = () => this.#guard(() => readEpoch(this.#conn));
  getFacts = <T>(extractor: string, hash: string) =>
    this.#guard(() => getFacts<T>(this.#conn, extractor, hash));
  someFacts = <T>(extractor: string, hashes: readonly string[]) =>
    this.#guard(() => someFacts<T>(this.#conn, extractor, hashes));
  /** The JSON lines of the edges into a node (the map's own lines: written from the same strings). */
  edgesInto = (id: string, only?: EdgesIntoFilter) =>
    this.#guard(() =>
      only
        ? (this.#conn
            .stmt(
              `SELECT json FROM edges WHERE to_id = ? AND relation IN (SELECT value FROM json_each(?))
               AND from_id NOT IN (SELECT value FROM json_each(?)) LIMIT ?`,
            )
            .pluck()
            .all(
              id,
              JSON.stringify(only.relations),
              JSON.stringify(only.exceptFrom ?? []),
              only.limit ?? -1,
            ) as string[])
        : (this.#conn.stmt(`SELECT json FROM edges WHERE to_id = ?`).pluck().all(id) as string[]),
    );
  exportersOf = (name: string) =>
    this.#guard(
      () =>
        this.#conn
          .stmt(`SELECT DISTINCT path FROM search_items WHERE kind = 'symbol' AND name = ? ORDER BY path`)
          .pluck()
          .all(name) as string[],
    );
  closedExports = (extractor: string) => this.#guard(() => closedExports(this.#conn, extractor));
  artifactAt = (path: string) =>
    this.#guard(
      () =>
        this.#conn.stmt(`SELECT id FROM nodes WHERE path = ? AND kind = 'artifact'`).pluck().get(path) as
          | string
          | undefined,
    );
  allFacts = <T>(extractor: string) => this.#guard(() => allFacts<T>(this.#conn, extractor));
  putFacts = (extractor: string, hash: string, facts: unknown, json?: string) =>
    this.#write(() => putFacts(this.#writer, extractor, hash, facts, json));

  transaction<T>(fn: () => T): T {
    return this.#write(fn);
  }

  files(): Map<string, FileRecord> {
    return this.#fileRows('');
  }

  filesAt(paths: readonly string[]): Map<string, FileRecord> {
    return paths.length === 0
      ? new Map()
      : this.#fileRows(' WHERE path IN (SELECT value FROM json_each(?))', paths);
  }

  #fileRows(where: string, paths?: readonly string[]): Map<string, FileRecord> {
    return this.#guard(() => {
      const files = new Map<string, FileRecord>();
      const rows = queryJson<[string, string, number, number, FileRole, string | null, FileContent | null][]>(
        this.#conn,
        `SELECT json_group_array(json_array(path, hash, size, mtime_ms, role, stamp, content)) FROM files${where}`,
        ...(paths ? [JSON.stringify(paths)] : []),
      );
      for (const [p, hash, size, mtimeMs, role, stamp, content] of rows)
        files.set(p, {
          hash,
          size,
          mtimeMs,
          role,
          ...(stamp ? { stamp } : {}),
          ...(content ? { content } : {}),
        });
      return files;
    });
  }

  writeSnapshot = (
    map: ProofMap,
    files: readonly SourceFile[],
    headings: readonly Heading[] = [],
    items?: { nodes: readonly string[]; edges: readonly string[] },
    proven?: ProvenItems,
  ) => this.#write(() => writeSnapshot(this.#writer, map, files, headings, items, proven));
  writeDelta = (delta: SnapshotDelta) => this.#write(() => writeDelta(this.#writer, delta));
  updateFiles = (files: readonly SourceFile[]) => this.#write(() => upsertFiles(this.#writer, files));
  readMap = () => this.#guard(() => readMap(this.#conn));
  search = (text: string, opts?: SearchOptions): SearchPage =>
    this.#guard(() => search(this.#conn, text, opts));
  searchSources = () =>
    this.#guard(() =>
      queryJson<[string, string][]>(
        this.#conn,
        // Rebuilt from the items (the keys are digests): per path, in the order they were written.
        `SELECT json_group_array(json_array(path, rows)) FROM (SELECT path,
           json_group_array(json_array(kind, name, line, detail) ORDER BY id) AS rows
         FROM search_items GROUP BY path ORDER BY path)`,
      ),
    );
  freshness = (paths: readonly string[]): Freshness =>
    this.#guard(() => freshness(this.#conn, this.#root, paths));
  putSignals = (kind: string, data: unknown, epoch?: number) =>
    this.#write(() => putSignals(this.#writer, kind, data, epoch ?? readEpoch(this.#writer)));
  putSignalsJson = (kind: string, json: string, epoch?: number) =>
    this.#write(() => putSignalsJson(this.#writer, kind, json, epoch ?? readEpoch(this.#writer)));
  getSignals = <T>(kind: string) => this.#guard(() => getSignals<T>(this.#conn, kind));
  deleteSignals = (prefix: string) => this.#write(() => deleteSignals(this.#writer, prefix));
  countSignals = (prefix: string) => this.#guard(() => countSignals(this.#conn, prefix));
  checkSearch = () => this.#guard(() => checkSearchTables(this.#conn));
  discard(problem: string): void {
    if (this.#options.strict) throw new IndexUnusable(problem);
    this.#rebuild(new IndexDamage(problem));
  }
  // Markers stay in the current file during a full build; publish copies them to the new one.
  putMarker = (marker: ConsultMarker) => this.#write(() => putMarker(this.#conn, marker), false);
  getMarker = (p: string) => this.#guard(() => getMarker(this.#conn, p));
  deleteMarkers = (paths?: readonly string[]) => this.#write(() => deleteMarkers(this.#conn, paths), false);
  markerPaths = () => this.#guard(() => markerTimes(this.#conn));

  /**
   * Starts a full build in a fresh file (fresh-build.ts): until publish, writes go there and reads
   * see the current index. False when the index is not a file this handle may replace.
   */
  beginFullBuild(): boolean {
    if (this.#fresh) return true;
    // Windows refuses to rename over a file another process has open: write in place there.
    if (this.#options.readonly || this.#identity === undefined || process.platform === 'win32') return false;
    this.#fresh = this.#guard(() => openFresh(this.path, readEpoch(this.#conn)));
    return true;
  }

  /**
   * Makes the full build the index: completes the fresh file, marks the current one superseded
   * under its write lock (writers that wait for it move to the new file), copies the markers and
   * renames the fresh file over index.db.
   */
  publish(): void {
    const fresh = this.#fresh;
    if (!fresh) return;
    this.#fresh = undefined;
    let superseded = false;
    try {
      completeFresh(fresh, this.path);
      this.#conn.db
        .transaction(() =>
          this.#conn.stmt(`INSERT OR REPLACE INTO meta (key, value) VALUES (?, 1)`).run(SUPERSEDED),
        )
        .immediate();
      superseded = true;
      copyMarkers(fresh, this.path);
      // In WAL mode before anyone can open it: otherwise the first openers of the renamed file
      // (the servers following it, this scan) each convert it, and two connections escalating
      // their shared locks at once get SQLITE_BUSY at once, whatever the busy timeout.
      pragma(fresh.conn.db, 'journal_mode = WAL');
      fresh.conn.db.close();
      // Closed first while index.db is still the old file: the last connection's checkpoint and
      // WAL removal must touch the old file's WAL, not the new one's.
      this.#conn.db.close();
      // The old WAL and shared-memory files belong to the old file: a connection to the new
      // index.db must create its own. Processes that hold them open keep them (and the old file).
      for (const suffix of ['-wal', '-shm']) fs.rmSync(`${this.path}${suffix}`, { force: true });
      fs.renameSync(fresh.file, this.path);
      noteReplaced();
    } catch (error) {
      if (fresh.conn.db.open) fresh.conn.db.close();
      removeFresh(fresh.file);
      if (superseded) this.#unsupersede();
      throw error;
    }
    this.#conn = this.#open();
  }

  checkpoint(): void {
    if (this.#fresh || this.#options.readonly) return;
    this.#guard(() => {
      const db = this.#conn.db;
      // TRUNCATE also empties the WAL file now, so that the close's unlink of it frees nothing
      // later. A reader holding an older snapshot (a server, a query) is never waited for: with
      // no busy wait the checkpoint stops short, what the reader needs stays in the WAL, and the
      // last close copies it as before.
      const wait = pragma(db, 'busy_timeout') as number;
      pragma(db, 'busy_timeout = 0');
      try {
        pragma(db, 'wal_checkpoint(TRUNCATE)');
      } finally {
        pragma(db, `busy_timeout = ${wait}`);
      }
    });
  }

  close(): void {
    // An unpublished full build (the scan failed) is dropped: the index stays as it was.
    if (this.#fresh) {
      if (this.#fresh.conn.db.open) this.#fresh.conn.db.close();
      removeFresh(this.#fresh.file);
      this.#fresh = undefined;
    }
    if (this.#conn.db.open) this.#conn.db.close();
  }

  #unsupersede(): void {
    if (!this.#conn.db.open) this.#conn = this.#open();
    this.#conn.stmt(`DELETE FROM meta WHERE key = ?`).run(SUPERSEDED);
  }

  /**
   * A write: in one immediate transaction on the file it goes to, which must not have been
   * superseded by a full build of another process (see SUPERSEDED); if it was, the write waits
   * for the new file and goes there. `fresh` false keeps a write on the current file during this
   * handle's own full build.
   */
  #write<T>(fn: () => T, fresh = true): T {
    return this.#guard(() => {
      const conn = fresh ? this.#writer : this.#conn;
      if (conn.db.inTransaction) return fn();
      if (this.#options.readonly) return conn.db.transaction(fn)();
      return conn.db
        .transaction(() => {
          if (conn !== this.#fresh?.conn && isSuperseded(conn)) throw new Superseded();
          return fn();
        })
        .immediate();
    });
  }

  /** Opens the index again when the file at its path is no longer the one this handle reads. */
  #follow(): void {
    if (this.#fresh || this.#identity === undefined) return;
    // Once per synchronous run: a delta asks for ~1,600 facts rows in one (an export renamed
    // behind package barrels), and a stat each was ~25 ms of it. Within a run this handle keeps
    // reading the file it has, one consistent snapshot; a replacement by this process is seen
    // at once (replacements), another process's at the next run.
    if (this.#followed === replacements()) return;
    this.#followed = replacements();
    queueMicrotask(() => {
      this.#followed = undefined;
    });
    const now = identityOf(this.path);
    if (now === undefined || now === this.#identity) return;
    if (this.#conn.db.open) this.#conn.db.close();
    this.#conn = this.#open();
  }

  /** Waits (up to the lock timeout) for the full build that superseded this file to rename its own over it. */
  #awaitReplacement(): void {
    const deadline = Date.now() + this.#options.busyTimeoutMs;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (identityOf(this.path) === this.#identity) {
      if (Date.now() > deadline) throw busy(this.path, new Error('superseded index not replaced in time'));
      Atomics.wait(pause, 0, 0, 5);
    }
    this.#followed = undefined;
    this.#follow();
  }

  /** Only the outermost call rebuilds: a nested one (putFacts inside transaction) rethrows to it. */
  #guard<T>(fn: () => T): T {
    if (this.#depth > 0) return fn();
    this.#depth++;
    try {
      this.#follow();
      return fn();
    } catch (error) {
      if (error instanceof Superseded) {
        this.#awaitReplacement();
        return fn();
      }
      if (isBusy(error)) throw busy(this.path, error);
      if (!isDamage(error)) throw error;
      if (this.#options.strict) throw new IndexUnusable(describe(error));
      this.#rebuild(error);
      return fn();
    } finally {
      this.#depth--;
    }
  }

  #rebuild(error: unknown): void {
    const db: SqliteDatabase = this.#conn.db;
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    const opened = rebuildDatabase(this.path, describe(error), this.#options);
    this.#conn = connection(opened.db);
    this.#recovered = opened.recovered;
    this.#identity = opened.db.memory ? undefined : identityOf(this.path);
  }
}

/** Thrown inside a write transaction on a file a full build has superseded. */
class Superseded extends Error {}

function isSuperseded(conn: Connection): boolean {
  return conn.stmt(`SELECT 1 FROM meta WHERE key = ?`).pluck().get(SUPERSEDED) !== undefined;
}

/** dev:ino of the file at this path, or undefined when there is none. */
function identityOf(file: string): string | undefined {
  try {
    const stat = fs.statSync(file, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}
