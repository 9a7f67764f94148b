/**
 * The SQLite index `.proofmap/index.db`: derived data that build stages write once per scan and
 * query stages read. A damaged index is rebuilt, never a crash (see open.ts).
 */
import type { ProofMap } from '../map/schema.js';
import type { FileContent, FileRole, SourceFile } from '../model/facts.js';
import type { SnapshotDelta } from './delta.js';
import type { Freshness } from './freshness.js';
import type { ConsultMarker } from './markers.js';
import type { SearchOptions, SearchPage } from './search.js';
import type { Heading } from './search-rows.js';
import type { ProvenItems } from './snapshot-rows.js';
import { SqliteIndex } from './store.js';

export { SIGNALS_LAG, type SnapshotDelta } from './delta.js';
export { foldText } from './fold.js';
export type { Freshness } from './freshness.js';
export { acquireScanLock, SCAN_LOCK_FILE, type ScanLockRelease } from './lock.js';
export type { ConsultMarker } from './markers.js';
export { IndexUnusable, isUnwritable } from './open.js';
export { SCHEMA_VERSION } from './schema.js';
export type { SearchHit, SearchKind, SearchOptions, SearchPage } from './search.js';
export { searchCursorAt, searchCursorOffset } from './search.js';
export type { Heading } from './search-rows.js';

/** What the index knows about a file at the last snapshot. */
export interface FileRecord {
  hash: string;
  size: number;
  mtimeMs: number;
  role: FileRole;
  stamp?: string;
  content?: FileContent;
}

/** Which edges into a node to read: of these relations, not from these nodes, at most `limit`. */
export interface EdgesIntoFilter {
  relations: readonly string[];
  exceptFrom?: readonly string[];
  limit?: number;
}

export interface IndexStore {
  /** `<root>/.proofmap/index.db`. */
  readonly path: string;
  /** One line, set when the file on disk was unusable and replaced: "index.db was corrupt (…); rebuilt". */
  readonly recovered?: string;
  /** Snapshot counter: 0 before the first snapshot, +1 per writeSnapshot. */
  epoch(): number;
  /** Cached facts of one extractor for these bytes, at the current EXTRACTOR_VERSION. */
  getFacts<T>(extractor: string, hash: string): T | undefined;
  /** Cached facts of one extractor for several contents at once (hash → facts; misses are absent). */
  someFacts<T>(extractor: string, hashes: readonly string[]): Map<string, T>;
  /** Every cached entry of one extractor (hash → facts): for a rescan, faster than getFacts per file. */
  allFacts<T>(extractor: string): Map<string, T>;
  /** `json`, when given, is JSON.stringify(facts) already made (by the parse worker that made the facts). */
  putFacts(extractor: string, hash: string, facts: unknown, json?: string): void;
  /** Runs fn in one write transaction (batch putFacts in it: one commit instead of thousands). */
  transaction<T>(fn: () => T): T;
  /** Files of the last snapshot, by path. */
  files(): Map<string, FileRecord>;
  /** The rows of these paths only (a path without a row is absent): a few lookups, not the table. */
  filesAt(paths: readonly string[]): Map<string, FileRecord>;
  /** Upserts the rows of these files (same bytes, new stat stamp), leaving the snapshot as it is. */
  updateFiles(files: readonly SourceFile[]): void;
  /**
   * The JSON lines of the edges into a node, as map.json holds them: all of them, or only those
   * of the given relations (at most `limit`), found from the index without reading the others.
   */
  edgesInto(id: string, only?: EdgesIntoFilter): string[];
  /** The files whose map node exports this name (as the search rows list them), in path order. */
  exportersOf(name: string): string[];
  /**
   * The contents (hashes) whose cached facts of one extractor export by their names alone
   * (model/facts.ts exportsClosed): a name the search rows do not list for such a file is not
   * exported by it.
   */
  closedExports(extractor: string): Set<string>;
  /** The node id of the decision record at this path, if the snapshot has one. */
  artifactAt(path: string): string | undefined;
  /** Applies a delta snapshot (a few files' rows) atomically and returns its epoch. */
  writeDelta(delta: SnapshotDelta): number;
  /** Replaces the snapshot atomically and returns its epoch. */
  writeSnapshot(
    map: ProofMap,
    files: readonly SourceFile[],
    headings?: readonly Heading[],
    /** The nodes' and edges' JSON as map.json holds it, so no entry is serialised twice. */
    items?: { nodes: readonly string[]; edges: readonly string[] },
    /** What the caller proved of the map (snapshot-rows.ts ProvenItems), so it is not checked again. */
    proven?: ProvenItems,
  ): number;
  /** The last snapshot, byte-for-byte as written, or undefined before the first scan. */
  readMap(): ProofMap | undefined;
  search(text: string, opts?: SearchOptions): SearchPage;
  /**
   * quick_check of the search tables: why they are unsound, or undefined. A check that meets
   * SQLITE_CORRUPT itself rebuilds the index like any read (see `recovered`).
   */
  checkSearch(): string | undefined;
  /** Moves a damaged index aside and starts an empty one (`recovered` says why); not when strict. */
  discard(problem: string): void;
  /** Each path's search rows as JSON, by path: what a shared index publishes to search like this one. */
  searchSources(): [path: string, rows: string][];
  /** Re-hashes the files on disk and compares them with the index (DESIGN §6). */
  freshness(paths: readonly string[]): Freshness;
  /** Caches signals computed from snapshot `epoch` (default: the current one). */
  putSignals(kind: string, data: unknown, epoch?: number): void;
  /** putSignals for data already serialised: `json` is JSON.stringify of it. */
  putSignalsJson(kind: string, json: string, epoch?: number): void;
  /** Cached signals, or undefined when absent or computed from an older snapshot. */
  getSignals<T>(kind: string): T | undefined;
  /** Deletes every cached signal named `<prefix>…`. */
  deleteSignals(prefix: string): void;
  /** How many cached signals are named `<prefix>…`, whatever their epoch. */
  countSignals(prefix: string): number;
  putMarker(marker: ConsultMarker): void;
  getMarker(path: string): ConsultMarker | undefined;
  /** Path and time of every marker (for garbage collection by age). */
  markerPaths(): { path: string; time: number }[];
  /** Deletes the markers of these paths, or all of them. */
  deleteMarkers(paths?: readonly string[]): void;
  /**
   * Starts a full build: until publish(), its writes go to a fresh file and reads see the index
   * as it was. False (and nothing changes) when the index cannot be replaced by a rename.
   */
  beginFullBuild(): boolean;
  /** Makes the full build the index, atomically (a rename); a no-op without one. */
  publish(): void;
  /**
   * Copies the WAL into the database file now (best effort), so that closing later has nothing
   * left to copy and sync: see scan-delta.ts, which calls it before renaming map.json over the old.
   */
  checkpoint(): void;
  /** Closes the handle; an unpublished full build is dropped. */
  close(): void;
}

export interface OpenIndexOptions {
  /**
   * Refuse writes, and do not create a missing index (an empty in-memory one stands in, so a
   * query in a repository never scanned leaves no files behind).
   */
  readonly?: boolean;
  /**
   * Never create, rebuild or move aside the index: an unusable one throws IndexUnusable (the gate
   * treats that as "unknown" instead of gating against an index it made empty itself).
   */
  strict?: boolean;
  /** How long to wait for SQLite's own lock held by another connection (default 10 s). */
  lockTimeoutMs?: number;
}

export function openIndex(root: string, opts: OpenIndexOptions = {}): IndexStore {
  return new SqliteIndex(root, opts);
}
