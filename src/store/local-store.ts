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

export interface LocalStore extends QueryStore {
  readonly backend: 'sqlite';
  /** The snapshot, read synchronously (SQLite is in-process): what the synchronous openSession uses. */
  snapshotNow(): StoreSnapshot;
  /** The index handle, for what only a local index has (epoch, rescans). */
  readonly index: IndexStore;
  closeNow(): void;
}

export function localStore(root: string): LocalStore {
  const index = openIndex(root, { readonly: true });
  const snapshotNow = (): StoreSnapshot => {
    const map = index.readMap();
    if (!map) throw new InputError(`no proofmap index in ${root}`, { hint: 'run `proofmap scan` first' });
    return {
      map,
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
    closeNow: () => index.close(),
    close: async () => index.close(),
  };
}
