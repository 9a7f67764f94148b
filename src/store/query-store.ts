/**
 * The one interface the query layer reads through, with two backends: the local SQLite index
 * (`local-store.ts`) and a published commit of the shared PostgreSQL index (`pg/shared-store.ts`).
 * A query session is built from a store's snapshot and freshness the same way for both, so every
 * query answers from either with the same envelope; what only a shared index can add (other
 * repositories) comes through the cross-repository methods, which a local store answers with
 * nothing because it holds one repository.
 */

import type { ProofMap } from '../map/schema.js';
import type { Freshness } from './freshness.js';
import type { CrossImpact } from './pg/cross.js';
import type { CrossRefs } from './pg/cross-refs.js';
import type { CommitRead } from './pg/read.js';
import type { EdgeSource } from './read-map-lazy.js';
import type { SearchOptions, SearchPage } from './search.js';

export type Backend = 'sqlite' | 'postgres';

export interface StoreSnapshot {
  map: ProofMap;
  /** The signals the scan cached with this map, read on first use (any shape: the session checks it). */
  signals(): unknown;
  /** Set when delta scans changed the import graph after the cached signals were computed. */
  signalsLag(): { epoch: number } | undefined;
  /** The commit read, for a shared index. */
  read?: CommitRead;
  /** The edges read on demand instead of from `map.edges` (a CLI query's local snapshot). */
  edges?: EdgeSource;
  /** With `edges`: the ids of the nodes with an export they declare, read without the exports. */
  declaring?(): ReadonlySet<string>;
}

export interface CrossOptions {
  depth: number;
  visitLimit: number;
}

export interface QueryStore {
  readonly backend: Backend;
  /**
   * A token of the snapshot a new session would read (the local epoch, the shared index's newest
   * publish of the repository): a long-lived reader compares it to reopen after a new snapshot.
   */
  version(): Promise<string>;
  /** The current snapshot; an InputError when there is none (never scanned, never published). */
  snapshot(): Promise<StoreSnapshot>;
  /** Whether the files behind an answer still hold the bytes the snapshot was made from. */
  freshness(paths: readonly string[]): Freshness;
  /** Full-text search over paths, exported symbols and headings, ranked the same on both backends. */
  search(text: string, opts?: SearchOptions): Promise<SearchPage>;
  /** Repositories that depend on the packages holding these files (undefined: one repository only). */
  crossImpact(paths: readonly string[], opts: CrossOptions): Promise<CrossImpact | undefined>;
  /** Imports of those packages in other repositories, with file:line (undefined: one repository only). */
  crossRefs(paths: readonly string[], symbol?: string): Promise<CrossRefs | undefined>;
  close(): Promise<void>;
}
