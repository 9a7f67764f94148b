/**
 * One conformance table over both QueryStore backends: the same repository scanned locally and
 * published to a real PostgreSQL, every query case run through each store's session, and the
 * envelopes compared whole. Only freshness may differ, and only where it says where it read:
 * the local epoch vs the commit's publish number and the commit itself.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changes,
  context,
  cycles,
  impact,
  rank,
  refs,
  repoMap,
  shortestPath,
} from '../../src/query/index.js';
import { packageGraph } from '../../src/query/packages.js';
import { searchStore } from '../../src/query/search.js';
import { openStoreSession, type Session } from '../../src/query/session.js';
import { localStore } from '../../src/store/local-store.js';
import { type SharedStore, sharedStore } from '../../src/store/pg/index.js';
import type { QueryStore } from '../../src/store/query-store.js';
import { runCli } from '../helpers/cli.js';
import { freshDatabase, skipPg } from '../helpers/pg.js';
import { scannedRepo } from '../mcp/fixture.js';
import { git } from './repos.js';

type Case = [name: string, run: (session: Session, store: QueryStore) => unknown];

const CASES: Case[] = [
  ['impact of a file', (s) => impact(s, 'src/lib/named.ts')],
  ['impact by symbol, depth 1', (s) => impact(s, 'named', { depth: 1 })],
  ['impact of a folder, paged', (s) => impact(s, 'src/lib', { limit: 2 })],
  ['refs of a file', (s) => refs(s, 'src/lib/named.ts')],
  ['refs by symbol', (s) => refs(s, 'named')],
  ['context of a file', (s) => context(s, 'src/lib/named.ts')],
  ['context of a folder', (s) => context(s, 'src/lib', { limit: 3 })],
  ['path', (s) => shortestPath(s, 'src/cli.cjs', 'src/lib/named.ts')],
  ['cycles', (s) => cycles(s)],
  ['rank by centrality', (s) => rank(s, 'centrality', { limit: 5 })],
  ['rank by fan-in', (s) => rank(s, 'fan-in')],
  // One package and no workspace: the graph is empty on both, which is still an envelope to compare.
  ['packages (none here)', (s) => packageGraph(s)],
  ['changes since HEAD (a file added after publishing)', (s) => changes(s)],
  ['repo map', (s) => repoMap(s, { limit: 10 })],
  ['repo map with focus', (s) => repoMap(s, { focus: ['src/cli.cjs'] })],
  ['search, all kinds', (_s, st) => searchStore(st, 'named')],
  ['search, symbols, paged', (_s, st) => searchStore(st, 'e', { kinds: ['symbol'], limit: 3 })],
  ['search, short token', (_s, st) => searchStore(st, 'ts')],
];

/** The envelope without what names the snapshot read (epoch, commit). */
function comparable(answer: unknown): unknown {
  const { freshness, ...rest } = answer as { freshness: Record<string, unknown> };
  const { epoch: _e, commit: _c, ...fresh } = freshness;
  return { ...rest, freshness: fresh };
}

describe.skipIf(skipPg)('QueryStore conformance: SQLite and PostgreSQL give the same envelopes', () => {
  let root = '';
  let local: QueryStore;
  let shared: SharedStore;
  let sessions: { local: Session; shared: Session };
  beforeAll(async () => {
    root = await scannedRepo();
    // An import cycle, committed and scanned, so `cycles` has one to report.
    writeFileSync(
      path.join(root, 'src/ring-a.ts'),
      "import { b } from './ring-b.js';\nexport const a = () => b;\n",
    );
    writeFileSync(
      path.join(root, 'src/ring-b.ts'),
      "import { a } from './ring-a.js';\nexport const b = () => a;\n",
    );
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'ring');
    expect((await runCli(['scan', root])).exitCode).toBe(0);
    const url = await freshDatabase();
    const published = await runCli(['publish', '--db', url, '--repo', 'forms', root]);
    expect(published.exitCode, published.stderr).toBe(0);
    // Untracked, so `changes` has an answer; not in the map, so no other answer's freshness moves.
    writeFileSync(path.join(root, 'src/added.ts'), 'export const added = 1;\n');
    local = localStore(root);
    shared = sharedStore(url, 'forms');
    sessions = {
      local: await openStoreSession(local, root),
      shared: await openStoreSession(shared, root),
    };
  }, 120_000);
  afterAll(async () => {
    sessions?.local.close();
    sessions?.shared.close();
    await local?.close();
    await shared?.close();
  });

  it.each(CASES)('%s', async (_name, run) => {
    const a = await run(sessions.local, local);
    const b = await run(sessions.shared, shared);
    expect(comparable(b)).toEqual(comparable(a));
    // A case that answers nothing proves little: every other case here has items.
    if (!_name.includes('(none here)')) expect((a as { total: number }).total, _name).toBeGreaterThan(0);
  });

  it('freshness says which snapshot: the local epoch, or the commit of the repository read', async () => {
    const a = impact(sessions.local, 'src/lib/named.ts').freshness;
    const b = impact(sessions.shared, 'src/lib/named.ts').freshness;
    expect(a.commit).toBeUndefined();
    expect(b).toMatchObject({
      epoch: 1,
      fresh: true,
      commit: { repo: 'forms', commit: git(root, 'rev-parse', 'HEAD'), published_at: expect.any(String) },
    });
  });

  it('only the shared store reaches other repositories', async () => {
    expect(await local.crossImpact(['src/lib/named.ts'], { depth: 3, visitLimit: 100 })).toBeUndefined();
    expect(await local.crossRefs(['src/lib/named.ts'])).toBeUndefined();
    // One repository published: the shared store answers, with nobody depending on it.
    expect(await shared.crossRefs(['src/lib/named.ts'])).toEqual({ items: [], read: [], notes: [] });
  });
});
