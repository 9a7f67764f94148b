/**
 * The QueryStore of the local SQLite index. Opened read-only: a query never writes the index
 * (consult markers go through their own writable handle, see query/session.ts), and a read-only
 * open of a repository never scanned creates nothing on disk.
 */
import { SIGNALS_KIND } from '../graph/signals-keys.js';
import { InputError } from '../model/errors.js';
import { SIGNALS_LAG } from './delta.js';
import { type IndexStore, openIndex } from './index.js';
import type { QueryStore, StoreSnapshot } from './query-store.js';
import { type LazySnapshot, readMapLazy } from './read-map-lazy.js';

export interface LocalStore extends QueryStore {
  readonly backend: 'sqlite';
  /** The snapshot, read synchronously (SQLite is in-process): what the synchronous openSession uses. */
  snapshotNow(): StoreSnapshot;
  /** The index handle, for what only a local index has (epoch, rescans). */
  readonly index: IndexStore;
  closeNow(): void;
}

export interface LocalStoreOptions {
  /**
   * Read each snapshot's edges as the queries ask for them (read-map-lazy.ts): for a process that
   * answers one question. A long-lived reader (the MCP server) holds the whole map instead, and
   * holds no read transaction open between its answers.
   */
  lazyEdges?: boolean;
}

const LAZY_BUSY_MS = 10_000;

export function localStore(root: string, options: LocalStoreOptions = {}): LocalStore {
  const index = openIndex(root, { readonly: true });
  const lazy: LazySnapshot[] = [];
  const closeLazy = () => {
    for (const snapshot of lazy.splice(0)) snapshot.close();
  };
  const snapshotNow = (): StoreSnapshot => {
    // The store opens first: it follows a replaced file and repairs a damaged one.
    const read = options.lazyEdges && index.epoch() > 0 ? readMapLazy(index.path, LAZY_BUSY_MS) : undefined;
    if (read) lazy.push(read);
    const map = read?.map ?? index.readMap();
    if (!map) throw new InputError(`no proofmap index in ${root}`, { hint: 'run `proofmap scan` first' });
    return {
      map,
      ...(read ? { edges: read.edges, declaring: read.declaring } : {}),
      signals: () => index.getSignals(SIGNALS_KIND),
      signalsLag: () => index.getSignals<{ epoch: number }>(SIGNALS_LAG),
    };
  };
  return {
    backend: 'sqlite',
    index,
    snapshotNow,
    version: async () => String(index.epoch()),
    snapshot: async () => snapshotNow(),
    freshness: (paths) => index.freshness(paths),
    search: async (text, opts) => {
      if (index.epoch() === 0)
        throw new InputError(`no proofmap index in ${root}`, { hint: 'run `proofmap scan` first' });
      return index.search(text, opts);
    },
    crossImpact: async () => undefined,
    crossRefs: async () => undefined,
    closeNow: () => {
      closeLazy();
      index.close();
    },
    close: async () => {
      closeLazy();
      index.close();
    },
  };
}
