/**
 * `proofmap serve --db` as an agent meets it: the built CLI as a child process, a real MCP
 * client over stdio (both protocol eras), the same tools as a local server on the same checkout,
 * and every answer equal to the local server's except where freshness names the commit read.
 * When CI publishes a newer commit, the next call answers from it without restarting the server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { freshDatabase, skipPg } from '../helpers/pg.js';
import { type Client, call, connect, type Era, scannedRepo } from '../mcp/fixture.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

/** Every read-only tool, with arguments that have answers in the import-forms fixture. */
const CALLS: [string, Record<string, unknown>][] = [
  ['map_context', { target: 'src/lib/named.ts' }],
  ['map_impact', { target: 'src/lib/named.ts' }],
  ['map_impact', { target: 'named', importers: true }],
  ['map_path', { from: 'src/cli.cjs', to: 'src/lib/named.ts' }],
  ['map_search', { text: 'named' }],
  ['map_search', { text: 'lib', limit: 2 }],
  ['map_repo', {}],
  ['map_areas', {}],
  ['map_memory', { op: 'find_edges', filter: { label: 'imports' } }],
  ['map_check', { what: 'cycles' }],
];

/** The answer without what names the snapshot (the epoch, the commit) or its size in tokens. */
function comparable(env: Record<string, unknown>): unknown {
  const { freshness, budget: _b, ...rest } = env as { freshness: Record<string, unknown>; budget: unknown };
  const { epoch: _e, commit: _c, ...fresh } = freshness;
  return { ...rest, freshness: fresh };
}

describe.skipIf(skipPg).each<Era>(['modern', 'legacy'])('serve --db over stdio, %s client', (era) => {
  let root = '';
  let url = '';
  let local: Client;
  let shared: Client;
  beforeAll(async () => {
    root = await scannedRepo();
    url = await freshDatabase();
    const out = await runCli(['publish', '--db', url, '--repo', 'forms', root]);
    expect(out.exitCode, out.stderr).toBe(0);
    local = await connect(root, [], era);
    shared = await connect(root, ['--db', url, '--repo', 'forms'], era);
  }, 120_000);
  afterAll(async () => {
    await local?.close();
    await shared?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('lists the same tools as a local server', async () => {
    expect((await shared.listTools()).tools).toEqual((await local.listTools()).tools);
  });

  it.each(CALLS)('%s %j answers as the local server does, naming the commit read', async (name, args) => {
    const a = await call(local, name, args);
    const b = await call(shared, name, args);
    expect(b.result.isError, b.text).toBeFalsy();
    expect(comparable(b.env)).toEqual(comparable(a.env));
    const freshness = b.env.freshness as { commit?: { repo: string; commit: string } };
    expect(freshness.commit).toMatchObject({ repo: 'forms', commit: git(root, 'rev-parse', 'HEAD') });
  });

  it('refuses map_rescan with a reason: the shared index changes when CI publishes', async () => {
    const { result, text } = await call(shared, 'map_rescan', {});
    expect(result.isError).toBe(true);
    expect(text).toMatch(/shared index; it cannot rescan/);
  });

  it('reads a newer published commit on the next call, without a restart', async () => {
    const before = await call(shared, 'map_impact', { target: 'src/lib/named.ts' });
    fs.writeFileSync(
      path.join(root, 'src/uses-named.ts'),
      "import { named } from './lib/named.js';\nexport const x = named;\n",
    );
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'one more importer');
    expect((await runCli(['scan', root])).exitCode).toBe(0);
    expect((await runCli(['publish', '--db', url, '--repo', 'forms', root])).exitCode).toBe(0);
    const after = await call(shared, 'map_impact', { target: 'src/lib/named.ts' });
    const paths = (e: typeof after) => e.env.items.map((i) => i.path);
    expect(paths(before)).not.toContain('src/uses-named.ts');
    expect(paths(after)).toContain('src/uses-named.ts');
    const commit = (e: typeof after) => (e.env.freshness as { commit: { commit: string } }).commit.commit;
    expect(commit(after)).toBe(git(root, 'rev-parse', 'HEAD'));
    expect(commit(after)).not.toBe(commit(before));
    expect((after.env.freshness as { epoch: number }).epoch).toBe(2);
  });
});
