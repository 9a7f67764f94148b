/**
 * The repository the server answers about: one query session and one store handle, opened on
 * first use and kept open. Before every call the store's epoch is compared with the epoch the
 * session was opened at; when another process (or map_rescan) wrote a new snapshot, the session
 * is reopened, so the server never keeps answering from an old map.
 */
import { InputError } from '../model/errors.js';
import { openSession, type Session } from '../query/index.js';
import { lazyWitness } from '../resident/witness.js';
import { type IndexStore, openIndex } from '../store/index.js';
import type { QueryStore } from '../store/query-store.js';
import { type ChangesCache, changesCache } from './changes-cache.js';
import { type ClaimsCache, claimsCache } from './claims-cache.js';

export interface Workspace {
  readonly root: string;
  /**
   * Set when the server reads a repository's commits from the shared index: what answers are
   * read from (host/database and repository, never the connection string). Rescans are refused
   * then: the shared index changes when CI publishes, not from an agent's session.
   */
  readonly shared?: string;
  /** The last claims report, kept while no file's content changed. */
  readonly claims: ClaimsCache;
  /** git's changed files, kept while nothing git reads moved. */
  readonly changes: ChangesCache;
  /**
   * Called before every tool call: a shared workspace checks for a newer published commit and
   * reads it (the local one compares epochs inside `session`, synchronously).
   */
  ready(): Promise<void>;
  /** The current session, reopened when the index epoch moved. Throws InputError before a scan. */
  session(): Session;
  /** The server's own handle on the local index (epoch, rescans); an InputError on a shared workspace. */
  store(): IndexStore;
  /** Search and freshness of the snapshot the session reads, on either backend. */
  searcher(): Pick<QueryStore, 'search' | 'freshness'>;
  /** Drops session and handle so the next call reopens both (after an in-process rescan). */
  refresh(): void;
  close(): void | Promise<void>;
}

export function openWorkspace(root: string): Workspace {
  let store: IndexStore | undefined;
  let open: { session: Session; epoch: number } | undefined;
  // Read-only: the server never writes the index itself (the queries record their markers), and
  // a read-only open of a repository never scanned creates nothing on disk.
  const handle = () => (store ??= openIndex(root, { readonly: true }));
  const drop = () => {
    open?.session.close();
    open = undefined;
  };
  // Lets map_check claims and changes trust their caches without a stat per file (witness.ts).
  const witness = lazyWitness(root);
  return {
    root,
    claims: claimsCache(root, Date.now, witness.get),
    changes: changesCache(root, Date.now, witness.get),
    ready: async () => {},
    searcher: () => ({
      search: async (text, opts) => handle().search(text, opts),
      freshness: (paths) => handle().freshness(paths),
    }),
    session() {
      const epoch = handle().epoch();
      if (open && open.epoch === epoch) return open.session;
      drop();
      if (epoch === 0) {
        // Before the first scan the handle is an empty in-memory stand-in: drop it, so that the
        // next call opens the index a scan creates.
        store?.close();
        store = undefined;
        throw new InputError(`no proofmap index in ${root}`, {
          hint: 'call map_rescan (or run `proofmap scan`) first',
        });
      }
      // The epoch is read before the map: a scan landing in between makes the next call reopen
      // once more, never keeps a newer map under an older epoch.
      // map_impact, map_context and map_refs are the consultations the edit gate looks for.
      open = { session: openSession(root, { recordConsults: true }), epoch };
      return open.session;
    },
    store: handle,
    refresh: close,
    close() {
      close();
      witness.close();
    },
  };
  // Hoisted: refresh and close are the same act, dropping the session and the handle.
  function close(): void {
    drop();
    store?.close();
    store = undefined;
  }
}
