/**
 * A query session over one published commit of the shared index instead of the local index.
 * The map is read once (it is the same map the local index holds, byte for byte), so every
 * query answers exactly as it would locally; what differs is where freshness comes from: the
 * commit read and when it was published, not the files on disk.
 */
import { loadConfig } from '../discover/config.js';
import type { Signals } from '../graph/signals.js';
import type { Freshness } from '../model/envelope.js';
import { gitChangedFiles } from '../store/git-changes.js';
import { type CommitRead, readPublishedMap, type Sql } from '../store/pg/index.js';
import { readRepoFile } from '../store/read-file.js';
import { createSession, type Session } from './session.js';

export interface DbSession {
  session: Session;
  read: CommitRead;
}

export async function openDbSession(
  sql: Sql,
  root: string,
  repo: string,
  commit?: string,
): Promise<DbSession> {
  const { map, read, signals } = await readPublishedMap(sql, repo, commit);
  let config: ReturnType<typeof loadConfig> | undefined;
  const fresh = (): Freshness => ({ epoch: read.seq, stale: [], missing: [], fresh: true });
  const session = createSession(map, {
    freshness: fresh,
    readText: (rel) => readRepoFile(root, rel),
    config: () => (config ??= loadConfig(root)),
    changedFiles: (base) => gitChangedFiles(root, base),
    // createSession checks the version and recomputes signals of another shape.
    cachedSignals: () => signals as Signals | undefined,
  });
  return { session, read };
}
