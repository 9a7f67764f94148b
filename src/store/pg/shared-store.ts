/**
 * The QueryStore of one repository in the shared PostgreSQL index: its newest published commit
 * (or the one pinned with --commit), read back as the same map the local index holds. Answers
 * say which commit they read through their freshness; search loads the commit's published rows
 * into the local index's own search (search-memory.ts), once per commit.
 */
import type { Sql } from 'postgres';
import { InputError } from '../../model/errors.js';
import type { Freshness } from '../freshness.js';
import type { QueryStore, StoreSnapshot } from '../query-store.js';
import { type MemorySearch, memorySearch } from '../search-memory.js';
import { guardDb, openDb } from './connect.js';
import { crossImpact } from './cross.js';
import { crossRefs } from './cross-refs.js';
import { type CommitRead, findCommit, readPublishedMap } from './read.js';
import { requireSchema } from './schema.js';

export interface SharedStore extends QueryStore {
  readonly backend: 'postgres';
  readonly repo: string;
  /** The commit the last snapshot read (before the first, the one `version` found; else undefined). */
  read(): CommitRead | undefined;
}

export function sharedStore(url: string, repo: string, commit?: string): SharedStore {
  const sql = openDb(url);
  let read: CommitRead | undefined;
  let searched: { seq: number; search: MemorySearch } | undefined;
  const guard = <T>(fn: () => Promise<T>) => guardDb(url, fn);
  const current = (): CommitRead => {
    if (!read) throw new Error('shared store: read before the first snapshot');
    return read;
  };
  return {
    backend: 'postgres',
    repo,
    read: () => read,
    version: () =>
      guard(async () => {
        await requireSchema(sql, url);
        const at = await findCommit(sql, repo, commit);
        if (!at) throw notPublished(repo, commit);
        // A search needs no map: before the first snapshot, the commit found is the one it reads.
        read ??= at;
        return `${at.seq}`;
      }),
    snapshot: () =>
      guard(async (): Promise<StoreSnapshot> => {
        await requireSchema(sql, url);
        const published = await readPublishedMap(sql, repo, commit);
        read = published.read;
        return { map: published.map, read, signals: () => published.signals, signalsLag: () => undefined };
      }),
    // The commit read is the snapshot: nothing on disk is compared, because a reader of the
    // shared index need not have a checkout at that commit (or at all).
    freshness: (): Freshness => {
      const at = current();
      return {
        epoch: at.seq,
        stale: [],
        missing: [],
        fresh: true,
        commit: { repo: at.repo, commit: at.commit, published_at: at.published_at },
      };
    },
    search: (text, opts) =>
      guard(async () => {
        const at = current();
        if (searched?.seq !== at.seq) {
          searched?.search.close();
          searched = { seq: at.seq, search: memorySearch(await searchRows(sql, at)) };
        }
        return searched.search.search(text, opts);
      }),
    crossImpact: (paths, opts) => guard(() => crossImpact(sql, current(), paths, opts)),
    crossRefs: (paths, symbol) => guard(() => crossRefs(sql, current(), paths, symbol)),
    close: async () => {
      searched?.search.close();
      await sql.end({ timeout: 5 });
    },
  };
}

function notPublished(repo: string, commit?: string): InputError {
  return new InputError(`${repo}${commit ? `@${commit}` : ''} is not published in the shared index`, {
    hint: 'run `proofmap publish --db …` in that repository first (or pass --repo)',
  });
}

/** The search rows of a commit, in path order; an InputError for a commit published without them. */
async function searchRows(sql: Sql, at: CommitRead): Promise<[string, string][]> {
  const [commit] =
    await sql`SELECT has_search FROM proofmap_commits WHERE repo = ${at.repo} AND seq = ${at.seq}`;
  if (!commit?.has_search)
    throw new InputError(`${at.repo}@${at.commit.slice(0, 12)} was published without search rows`, {
      hint: 'publish it again with this proofmap version (proofmap publish --db …)',
    });
  const rows = await sql`SELECT path, rows FROM proofmap_search WHERE repo = ${at.repo}
    AND from_seq <= ${at.seq} AND (to_seq IS NULL OR to_seq > ${at.seq}) ORDER BY path COLLATE "C"`;
  return rows.map((r) => [r.path as string, r.rows as string]);
}
