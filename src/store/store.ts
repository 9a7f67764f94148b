/**
 * The IndexStore behind openIndex. Every method runs through `guard`: when SQLite reports that
 * the file is damaged mid-operation (corruption the cheap checks at open cannot see), the index
 * is rebuilt and the operation repeated once on the fresh, empty one.
 */
import path from 'node:path';
import type { ProofMap } from '../map/schema.js';
import { INDEX_FILE, OUTPUT_DIR } from '../model/constants.js';
import type { FileContent, FileRole, SourceFile } from '../model/facts.js';
import { type Connection, connection, IndexDamage, queryJson, readEpoch } from './connection.js';
import { type SnapshotDelta, writeDelta } from './delta.js';
import { allFacts, getFacts, putFacts } from './facts.js';
import { type Freshness, freshness } from './freshness.js';
import type { SqliteDatabase } from './handles.js';
import type { FileRecord, IndexStore, OpenIndexOptions } from './index.js';
import { type ConsultMarker, deleteMarkers, getMarker, markerTimes, putMarker } from './markers.js';
import {
  busy,
  describe,
  IndexUnusable,
  isBusy,
  isDamage,
  type OpenDatabaseOptions,
  openDatabase,
  rebuildDatabase,
} from './open.js';
import { readMap } from './read-map.js';
import { type SearchOptions, type SearchPage, search } from './search.js';
import { checkSearchTables } from './search-check.js';
import type { Heading } from './search-rows.js';
import { countSignals, deleteSignals, getSignals, putSignals } from './signals.js';
import { upsertFiles, writeSnapshot } from './snapshot.js';

export class SqliteIndex implements IndexStore {
  readonly path: string;
  #recovered: string | undefined;
  #conn: Connection;
  #depth = 0;
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
    const opened = openDatabase(this.path, this.#options);
    this.#conn = connection(opened.db);
    this.#recovered = opened.recovered;
  }

  get recovered(): string | undefined {
    return this.#recovered;
  }

  epoch = () => this.#guard(() => readEpoch(this.#conn));
  getFacts = <T>(extractor: string, hash: string) =>
    this.#guard(() => getFacts<T>(this.#conn, extractor, hash));
  /** The JSON lines of the edges into a node (the map's own lines: written from the same strings). */
  edgesInto = (id: string) =>
    this.#guard(() => this.#conn.stmt(`SELECT json FROM edges WHERE to_id = ?`).pluck().all(id) as string[]);
  allFacts = <T>(extractor: string) => this.#guard(() => allFacts<T>(this.#conn, extractor));
  putFacts = (extractor: string, hash: string, facts: unknown, json?: string) =>
    this.#guard(() => putFacts(this.#conn, extractor, hash, facts, json));

  transaction<T>(fn: () => T): T {
    return this.#guard(() => {
      const tx = this.#conn.db.transaction(fn);
      return this.#options.readonly ? tx() : tx.immediate();
    });
  }

  files(): Map<string, FileRecord> {
    return this.#guard(() => {
      const files = new Map<string, FileRecord>();
      const rows = queryJson<[string, string, number, number, FileRole, string | null, FileContent | null][]>(
        this.#conn,
        `SELECT json_group_array(json_array(path, hash, size, mtime_ms, role, stamp, content)) FROM files`,
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
  ) => this.#guard(() => writeSnapshot(this.#conn, map, files, headings, items));
  writeDelta = (delta: SnapshotDelta) => this.#guard(() => writeDelta(this.#conn, delta));
  updateFiles = (files: readonly SourceFile[]) => this.#guard(() => upsertFiles(this.#conn, files));
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
    this.#guard(() => putSignals(this.#conn, kind, data, epoch ?? readEpoch(this.#conn)));
  getSignals = <T>(kind: string) => this.#guard(() => getSignals<T>(this.#conn, kind));
  deleteSignals = (prefix: string) => this.#guard(() => deleteSignals(this.#conn, prefix));
  countSignals = (prefix: string) => this.#guard(() => countSignals(this.#conn, prefix));
  checkSearch = () => this.#guard(() => checkSearchTables(this.#conn));
  discard(problem: string): void {
    if (this.#options.strict) throw new IndexUnusable(problem);
    this.#rebuild(new IndexDamage(problem));
  }
  putMarker = (marker: ConsultMarker) => this.#guard(() => putMarker(this.#conn, marker));
  getMarker = (p: string) => this.#guard(() => getMarker(this.#conn, p));
  deleteMarkers = (paths?: readonly string[]) => this.#guard(() => deleteMarkers(this.#conn, paths));
  markerPaths = () => this.#guard(() => markerTimes(this.#conn));

  close(): void {
    if (this.#conn.db.open) this.#conn.db.close();
  }

  /** Only the outermost call rebuilds: a nested one (putFacts inside transaction) rethrows to it. */
  #guard<T>(fn: () => T): T {
    if (this.#depth > 0) return fn();
    this.#depth++;
    try {
      return fn();
    } catch (error) {
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
  }
}
