/**
 * Cross-repository impact on three generated repositories (app → @org/ui → @org/core, and app
 * → @org/core), and 20 publishers of different repositories at once, through the built CLI.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPublishedMap } from '../../src/store/pg/index.js';
import { runCli } from '../helpers/cli.js';
import { freshDatabase, skipPg } from '../helpers/pg.js';
import { git, REPOS, scannedRepo } from './repos.js';

const BIN = path.resolve('bin/proofmap.js');

function runBin(argv: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...argv], { env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(skipPg)('cross-repository impact (PostgreSQL)', () => {
  let url = '';
  const dirs: Record<string, string> = {};
  beforeAll(async () => {
    url = await freshDatabase();
    for (const [name, files] of Object.entries(REPOS)) dirs[name] = await scannedRepo(files);
    for (const dir of Object.values(dirs)) {
      const out = await runCli(['publish', '--db', url, dir]);
      expect(out.exitCode, out.stderr).toBe(0);
    }
  });

  it('impact of a core file reaches the files of ui and app that import it, directly or through ui', async () => {
    const out = await runCli(['impact', 'src/util.ts', '--root', dirs.core!, '--db', url, '--json']);
    expect(out.exitCode, out.stderr).toBe(0);
    const answer = JSON.parse(out.stdout);
    // Local part: core's own index re-exports util.
    expect(answer.items.map((i: { path: string }) => i.path)).toEqual(['src/index.ts']);
    expect(answer.other_repos.items).toEqual([
      { repo: '@org/ui', path: 'src/button.ts', depth: 1, via: '@org/core@1.0.0' },
      { repo: 'app', path: 'src/page.ts', depth: 1, via: '@org/core@1.0.0' },
      { repo: '@org/ui', path: 'src/index.ts', depth: 2, via: '@org/core@1.0.0' },
      { repo: 'app', path: 'src/main.ts', depth: 2, via: '@org/ui@2.0.0' },
    ]);
    // Every repository read is named with its commit.
    expect(answer.read.map((r: { repo: string; commit: string }) => [r.repo, r.commit])).toEqual([
      ['@org/core', git(dirs.core!, 'rev-parse', 'HEAD')],
      ['@org/ui', git(dirs.ui!, 'rev-parse', 'HEAD')],
      ['app', git(dirs.app!, 'rev-parse', 'HEAD')],
    ]);
  });

  it('refs of a core file lists the imports of its package in the other repositories, with file:line', async () => {
    const out = await runCli(['refs', 'src/util.ts', '--root', dirs.core!, '--db', url, '--json']);
    expect(out.exitCode, out.stderr).toBe(0);
    const answer = JSON.parse(out.stdout);
    // Local part: core's index re-exports util at line 1.
    expect(answer.items).toMatchObject([{ path: 'src/index.ts', line: 1, target: 'src/util.ts' }]);
    const short = answer.other_repos.items.map(
      (r: { repo: string; path: string; line: number; names: string[]; via: string }) =>
        `${r.repo}:${r.path}:${r.line} {${r.names.join(',')}} via ${r.via}`,
    );
    expect(short).toEqual([
      '@org/ui:src/button.ts:1 {core} via @org/core@1.0.0',
      'app:src/page.ts:2 {core} via @org/core@1.0.0',
    ]);
    expect(answer.other_repos.total).toBe(2);
    expect(answer.notes.join(' ')).toMatch(/import the package, not a file/);
    expect(answer.read.map((r: { repo: string }) => r.repo)).toEqual(['@org/core', '@org/ui', 'app']);
    // The text rendering says the same, one line per import.
    const text = await runCli(['refs', 'src/util.ts', '--root', dirs.core!, '--db', url]);
    expect(text.stdout).toContain(
      'in other repositories:\n@org/ui: src/button.ts:1  imports @org/core {core}',
    );
  });

  it('refs by symbol across repositories keeps only the imports naming it', async () => {
    const byName = async (name: string, root: string) =>
      JSON.parse((await runCli(['refs', name, '--root', root, '--db', url, '--json'])).stdout);
    const core = await byName('core', dirs.core!);
    expect(core.other_repos.items.map((r: { repo: string; path: string }) => `${r.repo}:${r.path}`)).toEqual([
      '@org/ui:src/button.ts',
      'app:src/page.ts',
    ]);
    // util is exported by core too, but nobody elsewhere imports it by name.
    expect((await byName('util', dirs.core!)).other_repos.items).toEqual([]);
    // button lives in ui: app imports it; core's importers of ui's package are none.
    const button = await byName('button', dirs.ui!);
    expect(button.other_repos.items).toMatchObject([
      { repo: 'app', path: 'src/main.ts', line: 1, via: '@org/ui@2.0.0' },
    ]);
  });

  it('a file of a package nobody imports has no dependents elsewhere; --depth bounds the walk', async () => {
    const alone = JSON.parse(
      (await runCli(['impact', 'src/standalone.ts', '--root', dirs.app!, '--db', url, '--json'])).stdout,
    );
    expect(alone.other_repos.items).toEqual([]);
    const shallow = JSON.parse(
      (await runCli(['impact', 'src/util.ts', '--root', dirs.core!, '--db', url, '--depth', '1', '--json']))
        .stdout,
    );
    expect(shallow.other_repos.items.map((i: { path: string }) => i.path)).toEqual([
      'src/button.ts',
      'src/page.ts',
    ]);
  });

  it('says when the visit limit cut the walk (a lower bound)', async () => {
    const cut = JSON.parse(
      (
        await runCli([
          'impact',
          'src/util.ts',
          '--root',
          dirs.core!,
          '--db',
          url,
          '--visit-limit',
          '1',
          '--json',
        ])
      ).stdout,
    );
    expect(cut.notes.some((n: string) => /visit limit \(1\).*lower bound/.test(n))).toBe(true);
  });

  it('20 publishers of different repositories at once all land, each readable whole', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runBin(['publish', dirs.app!, '--repo', `svc-${i}`, '--json'], { PROOFMAP_DB: url }),
      ),
    );
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const local = (await readPublishedMap(sql, 'app')).map;
      for (let i = 0; i < 20; i++) {
        const { map, read } = await readPublishedMap(sql, `svc-${i}`);
        expect(read.seq).toBe(1);
        expect(map).toEqual(local);
      }
    } finally {
      await sql.end();
    }
  });
});
