/**
 * The repository the server answers about: one query session and one writable store, opened on
 * first use and kept open. Before every call the store's epoch is compared with the epoch the
 * session was opened at; when another process (or map_rescan) wrote a new snapshot, the session
 * is reopened, so the server never keeps answering from an old map.
 */
import { InputError } from '../model/errors.js';
import { openSession, type Session } from '../query/index.js';
import { recordConsult } from '../store/consult.js';
import { type IndexStore, openIndex } from '../store/index.js';

export interface Workspace {
  readonly root: string;
  /** The current session, reopened when the index epoch moved. Throws InputError before a scan. */
  session(): Session;
  /** The writable store (markers, search, epoch). */
  store(): IndexStore;
  /** Records that these files were consulted (the gate's proof of consultation). */
  consulted(paths: readonly string[], query: string): void;
  /** Drops the session so the next call reopens it (after an in-process rescan). */
  refresh(): void;
  close(): void;
}

export function openWorkspace(root: string): Workspace {
  let store: IndexStore | undefined;
  let open: { session: Session; epoch: number } | undefined;
  const writable = () => (store ??= openIndex(root));
  const drop = () => {
    open?.session.close();
    open = undefined;
  };
  return {
    root,
    session() {
      const epoch = writable().epoch();
      if (open && open.epoch === epoch) return open.session;
      drop();
      if (epoch === 0) throw new InputError(`no proofmap index in ${root}`, { hint: 'call map_rescan (or run `proofmap scan`) first' });
      // The epoch is read before the map: a scan landing in between makes the next call reopen
      // once more, never keeps a newer map under an older epoch.
      open = { session: openSession(root), epoch };
      return open.session;
    },
    store: writable,
    consulted(paths, query) {
      if (paths.length > 0) recordConsult(writable(), root, paths, query);
    },
    refresh: drop,
    close() {
      drop();
      store?.close();
      store = undefined;
    },
  };
}
