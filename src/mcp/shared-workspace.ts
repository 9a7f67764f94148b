/**
 * The workspace of `serve --db`: one repository's commits in the shared PostgreSQL index. Before
 * each tool call the newest published commit is looked up (one indexed query); when CI published
 * a newer one, the session is rebuilt from it, so the server never keeps answering from an old
 * commit — the shared index's counterpart of the local workspace's epoch check. Files, git and
 * configuration still come from the checkout at `root`, when there is one.
 */
import { InputError } from '../model/errors.js';
import { type Session, sessionOf } from '../query/session.js';
import { describeDb, sharedStore } from '../store/pg/index.js';
import { changesCache } from './changes-cache.js';
import { claimsCache } from './claims-cache.js';
import type { Workspace } from './workspace.js';

export interface SharedTarget {
  url: string;
  repo: string;
  /** A pinned commit; by default the newest published one, followed as new ones land. */
  commit?: string;
}

export function openSharedWorkspace(root: string, target: SharedTarget): Workspace {
  const store = sharedStore(target.url, target.repo, target.commit);
  let open: { session: Session; version: string } | undefined;
  const shared = `${target.repo} at ${describeDb(target.url)}`;
  return {
    root,
    shared,
    claims: claimsCache(root),
    changes: changesCache(root),
    async ready() {
      const version = await store.version();
      if (open?.version === version) return;
      const snapshot = await store.snapshot();
      open?.session.close();
      // The version is the commit actually read: one published in between reloads once more.
      open = { session: sessionOf(store, snapshot, root), version: String(snapshot.read!.seq) };
    },
    session() {
      if (!open) throw new Error('shared workspace: session() before ready()');
      return open.session;
    },
    store() {
      throw new InputError(`this server reads ${shared}; it has no local index`, {
        hint: 'serve without --db to answer from the local index',
      });
    },
    searcher: () => store,
    refresh() {
      open?.session.close();
      open = undefined;
    },
    async close() {
      open?.session.close();
      open = undefined;
      await store.close();
    },
  };
}
