/**
 * A publisher killed with SIGKILL in the middle of its transaction leaves the previous commit
 * readable and nothing of the new one: the test waits until the publisher holds its
 * transaction open (seen in pg_stat_activity) and kills it there.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublishedMap } from '../../src/store/pg/index.js';
import { runCli } from '../helpers/cli.js';
import { freshDatabase, skipPg } from '../helpers/pg.js';
import { git, scannedRepo } from './repos.js';

const BIN = path.resolve('bin/proofmap.js');
const FILES = 3000;

function bigRepo(salt: string): Record<string, string> {
  const files: Record<string, string> = { 'package.json': '{"name":"big","version":"1.0.0"}' };
  for (let i = 0; i < FILES; i++)
    files[`src/f${i}.ts`] =
      `${i > 0 ? `import { v${i - 1} } from './f${i - 1}';\n` : ''}export const v${i} = '${salt}${i}';\n`;
  return files;
}

describe.skipIf(skipPg)('publish killed mid-transaction (PostgreSQL)', () => {
  let url = '';
  let sql: postgres.Sql;
  let dir = '';
  beforeAll(async () => {
    url = await freshDatabase();
    sql = postgres(url, { max: 1, onnotice: () => {} });
    dir = await scannedRepo(bigRepo('a'));
    const first = await runCli(['publish', '--db', url, dir]);
    expect(first.exitCode, first.stderr).toBe(0);
  }, 240_000);
  afterAll(async () => {
    await sql?.end();
  });

  it('leaves the previous commit readable and no row of the killed one', async () => {
    const before = await readPublishedMap(sql, 'big');
    // A second commit that changes every file, so the publish rewrites every row.
    for (const [rel, text] of Object.entries(bigRepo('b'))) writeFileSync(path.join(dir, rel), text);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'all');
    expect((await runCli(['scan', dir])).exitCode).toBe(0);
    const [rows] = await sql`SELECT count(*)::int AS n FROM proofmap_nodes`;
    const child = spawn(process.execPath, [BIN, 'publish', dir], {
      env: { ...process.env, PROOFMAP_DB: url },
      stdio: 'ignore',
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    // Wait until the publisher's transaction is writing node or edge rows.
    let caught = false;
    for (let i = 0; i < 4000 && child.exitCode === null && !caught; i++) {
      const [busy] = await sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'proofmap' AND xact_start IS NOT NULL
          AND (query LIKE '%INSERT INTO proofmap_nodes%' OR query LIKE '%INSERT INTO proofmap_edges%')`;
      caught = busy!.n > 0;
      if (!caught) await new Promise((r) => setTimeout(r, 2));
    }
    child.kill('SIGKILL');
    expect(caught).toBe(true);
    const end = await exited;
    expect(end.signal).toBe('SIGKILL');
    // The server notices the dead client and rolls back; wait for its backend to go.
    for (let i = 0; i < 200; i++) {
      const [left] =
        await sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'proofmap'`;
      if (left!.n === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const after = await readPublishedMap(sql, 'big');
    expect(after.read).toEqual(before.read);
    expect(after.map).toEqual(before.map);
    const [now] = await sql`SELECT count(*)::int AS n FROM proofmap_nodes`;
    expect(now!.n).toBe(rows!.n);
    const [open] = await sql`SELECT count(*)::int AS n FROM proofmap_nodes WHERE to_seq IS NOT NULL`;
    expect(open!.n).toBe(0);
    // And the next publish of that commit goes through whole.
    const again = await runCli(['publish', '--db', url, dir, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({
      seq: 2,
      changed: true,
      commit: git(dir, 'rev-parse', 'HEAD'),
    });
    const published = await readPublishedMap(sql, 'big');
    expect(JSON.stringify(published.map)).toBe(
      JSON.stringify(JSON.parse(readFileSync(path.join(dir, '.proofmap', 'map.json'), 'utf8'))),
    );
  }, 240_000);
});
