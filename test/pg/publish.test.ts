/**
 * The shared index against a real PostgreSQL: publish and re-publish, incremental rows, old
 * commits still readable, retention, and query envelopes equal to the local index's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_MIGRATIONS, publishMap, readPublishedMap } from '../../src/store/pg/index.js';
import { runCli } from '../helpers/cli.js';
import { freshDatabase, skipPg } from '../helpers/pg.js';
import { commitEdit, git, REPOS, scannedRepo } from './repos.js';

const mapText = (dir: string) => readFileSync(path.join(dir, '.proofmap', 'map.json'), 'utf8');
/** map.json's content with its key order (the file itself is formatted by emit). */
const canonical = (text: string) => JSON.stringify(JSON.parse(text));

describe.skipIf(skipPg)('proofmap publish (PostgreSQL)', () => {
  let url = '';
  let sql: postgres.Sql;
  let core = '';
  beforeAll(async () => {
    url = await freshDatabase();
    sql = postgres(url, { max: 2, onnotice: () => {} });
    core = await scannedRepo(REPOS.core);
  });
  afterAll(async () => {
    await sql?.end();
  });

  const counts = async () => {
    const [row] = await sql`SELECT (SELECT count(*) FROM proofmap_nodes)::int AS nodes,
      (SELECT count(*) FROM proofmap_edges)::int AS edges, (SELECT count(*) FROM proofmap_commits)::int AS commits`;
    return row;
  };

  it('publishes a map, and publishing the same commit again writes nothing', async () => {
    const first = await runCli(['publish', '--db', url, core, '--json']);
    expect(first.exitCode, first.stderr).toBe(0);
    const result = JSON.parse(first.stdout);
    expect(result).toMatchObject({ repo: '@org/core', seq: 1, changed: true });
    expect(result.nodes.written).toBe(result.nodes.total);
    const before = await counts();
    const again = await runCli(['publish', '--db', url, core, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: false, seq: 1 });
    expect(await counts()).toEqual(before);
    // The published map reads back byte for byte as map.json.
    const { map, read } = await readPublishedMap(sql, '@org/core');
    expect(JSON.stringify(map)).toBe(canonical(mapText(core)));
    expect(read.commit).toBe(git(core, 'rev-parse', 'HEAD'));
    // The scan's signals travel with the map, so db queries do not recompute them.
    const [row] = await sql`SELECT signals FROM proofmap_commits WHERE repo = '@org/core'`;
    expect(JSON.parse(row!.signals).version).toEqual(expect.any(Number));
    const [version] = await sql`SELECT value FROM proofmap_meta WHERE key = 'schema_version'`;
    expect(version!.value).toBe(String(PG_MIGRATIONS.length));
  });

  it('never prints or stores the connection string', async () => {
    const secretUrl = new URL(url);
    secretUrl.password = 'hunter2-secret';
    const out = await runCli(['publish', '--db', secretUrl.href, core]);
    expect(out.stdout + out.stderr).not.toContain('hunter2');
    const dump = await sql`SELECT string_agg(json, '') AS j FROM proofmap_commits`;
    expect(dump[0]!.j).not.toContain('hunter2');
    expect(mapText(core)).not.toContain('hunter2');
  });

  it('writes only the changed rows for a one-file commit, and the previous commit stays readable', async () => {
    const oldText = mapText(core);
    const oldCommit = git(core, 'rev-parse', 'HEAD');
    const commit = await commitEdit(core, 'src/util.ts', 'export const util = 2;\nexport const more = 3;\n');
    const out = await runCli(['publish', '--db', url, core, '--json']);
    const result = JSON.parse(out.stdout);
    expect(result).toMatchObject({ seq: 2, changed: true, commit });
    // util.ts's node changed (hash, exports); the other nodes and all edges did not.
    expect(result.nodes.written).toBeGreaterThanOrEqual(1);
    expect(result.nodes.written).toBeLessThan(result.nodes.total);
    expect(result.nodes.closed).toBe(result.nodes.written);
    // Search rows too: util.ts's exports changed, so its path's rows and nothing else.
    expect(result.search).toMatchObject({ written: 1, closed: 1 });
    expect(result.search.total).toBeGreaterThan(1);
    const now = await readPublishedMap(sql, '@org/core');
    expect(JSON.stringify(now.map)).toBe(canonical(mapText(core)));
    const then = await readPublishedMap(sql, '@org/core', oldCommit);
    expect(JSON.stringify(then.map)).toBe(canonical(oldText));
  });

  it('keeps the last N commits per repository', async () => {
    const oldCommit = git(core, 'rev-parse', 'HEAD~1');
    await commitEdit(core, 'src/util.ts', 'export const util = 4;\n');
    const out = await runCli(['publish', '--db', url, core, '--keep', '2', '--json']);
    expect(JSON.parse(out.stdout).dropped).toEqual([oldCommit]);
    await expect(readPublishedMap(sql, '@org/core', oldCommit)).rejects.toThrow(/not published/);
    const [{ n }] =
      (await sql`SELECT count(*)::int AS n FROM proofmap_commits WHERE repo = '@org/core'`) as never as [
        { n: number },
      ];
    expect(n).toBe(2);
    // Rows only the dropped commit needed are gone; the two kept commits still read back whole.
    const [dead] =
      await sql`SELECT count(*)::int AS n FROM proofmap_nodes WHERE to_seq IS NOT NULL AND to_seq <= 2`;
    expect(dead!.n).toBe(0);
    const kept = await readPublishedMap(sql, '@org/core', git(core, 'rev-parse', 'HEAD~1'));
    expect(kept.map.nodes.length).toBeGreaterThan(0);
  });

  it('answers impact, refs and context from the database with the same envelope as locally', async () => {
    for (const argv of [
      ['impact', 'src/util.ts'],
      ['refs', 'src/util.ts'],
      ['context', 'src/index.ts'],
    ]) {
      const local = await runCli([...argv, '--root', core, '--json']);
      const db = await runCli([...argv, '--root', core, '--json'], core, { PROOFMAP_DB: url });
      expect(db.exitCode, db.stderr).toBe(0);
      const a = JSON.parse(local.stdout);
      const b = JSON.parse(db.stdout);
      expect(b.read).toEqual([
        expect.objectContaining({ repo: '@org/core', commit: git(core, 'rev-parse', 'HEAD') }),
      ]);
      expect(a.freshness.fresh).toBe(true);
      for (const x of [a, b]) {
        delete x.freshness;
        delete x.read;
        delete x.other_repos;
      }
      expect(b).toEqual(a);
    }
  });

  it('search --db against a commit published without search rows says so in one line, exit 2', async () => {
    const map = JSON.parse(mapText(core));
    // As a proofmap before search rows (or a library caller without them) published it.
    await publishMap(sql, 'bare', 'a'.repeat(40), map);
    const out = await runCli(['search', 'util', '--root', core, '--db', url, '--repo', 'bare']);
    expect(out.exitCode).toBe(2);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/bare@aaaaaaaaaaaa was published without search rows/);
    // The map itself still answers.
    const refs = await runCli([
      'refs',
      'src/util.ts',
      '--root',
      core,
      '--db',
      url,
      '--repo',
      'bare',
      '--json',
    ]);
    expect(refs.exitCode, refs.stderr).toBe(0);
  });

  it('refuses a bad --db in one line, exit 2', async () => {
    const out = await runCli(['impact', 'src/util.ts', '--root', core, '--db', 'mysql://x']);
    expect(out.exitCode).toBe(2);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
  });
});
