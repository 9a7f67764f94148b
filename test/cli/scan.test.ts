import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const repoRoot = path.resolve(new URL('../..', import.meta.url).pathname);
const copyFixture = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-cli-'));
  cpSync(path.join(repoRoot, 'test/fixtures', name), dir, { recursive: true });
  return dir;
};

describe('proofmap scan (in-process)', () => {
  it('prints a summary with files, nodes, edges by kind and coverage, and exits 0', async () => {
    const dir = copyFixture('import-forms');
    const r = await runCli(['scan', dir]);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^proofmap scanned \d+ files in \d+ ms/);
    expect(r.stdout).toMatch(/edges +\d+: .*imports \d+/);
    expect(r.stdout).toMatch(/coverage +\d+: /);
    rmSync(dir, { recursive: true });
  });

  it('--json gives machine-readable counts', async () => {
    const dir = copyFixture('import-forms');
    const r = await runCli(['scan', dir, '--json']);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      status: 'confirmed',
      version: 1,
      files: expect.any(Number),
      edges: { imports: expect.any(Number) },
    });
    rmSync(dir, { recursive: true });
  });

  it('--json lists findings with rule, path, line, column and message, on a rescan too', async () => {
    const dir = tmpRepo({ 'README.md': '# R\n\nSee [gone](./docs/gone.md).\n' });
    for (const run of [1, 2]) {
      const summary = JSON.parse((await runCli(['scan', dir, '--json'])).stdout);
      expect(summary.mode).toBe(run === 1 ? 'full' : 'unchanged');
      expect(summary.findings).toEqual([
        {
          rule: 'broken-link',
          path: 'README.md',
          line: 3,
          column: 12,
          message: 'README.md:3 links to ./docs/gone.md, which does not exist',
          target: './docs/gone.md',
        },
      ]);
    }
  });

  it('exits 2 with one line for a missing path, a file, or an unknown flag', async () => {
    const missing = await runCli(['scan', '/no/such/place']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/no such directory/);
    const file = tmpRepo({ 'a.txt': 'x' });
    expect((await runCli(['scan', path.join(file, 'a.txt')])).stderr).toMatch(/not a directory/);
    const flag = await runCli(['scan', '--frobnicate']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/frobnicate/);
  });

  it('exits 2 with one line when the output folder cannot be written', async () => {
    if (process.getuid?.() === 0) return; // root writes anywhere; the chmod below cannot bite
    const dir = tmpRepo({ 'a.ts': 'export {}', '.proofmap/keep': '' });
    chmodSync(path.join(dir, '.proofmap'), 0o500);
    const r = await runCli(['scan', dir]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/cannot write/);
  });

  it('exits 2 for an unknown command', async () => {
    expect((await runCli(['frob'])).exitCode).toBe(2);
  });
});

describe('bin/proofmap (spawned)', () => {
  const bin = path.join(repoRoot, 'bin/proofmap.js');
  it('scans a fixture and writes a map.json that validates', () => {
    const dir = copyFixture('import-forms');
    const out = execFileSync(process.execPath, [bin, 'scan', dir, '--json'], {
      env: { ...process.env, NO_COLOR: '1' },
    }).toString();
    expect(JSON.parse(out).status).toBe('confirmed');
    const map = JSON.parse(readFileSync(path.join(dir, '.proofmap/map.json'), 'utf8'));
    expect(map.$schema).toBe('proofmap.map/v1');
    rmSync(dir, { recursive: true });
  });

  it('exits 2 on bad input and 1 when the guardian blocks', () => {
    expect(spawnSync(process.execPath, [bin, 'scan', '/no/such/dir']).status).toBe(2);
    const dir = copyFixture('import-forms');
    execFileSync(process.execPath, [bin, 'scan', dir]);
    // Break a verified edge on disk: the guardian re-runs verified_by and must block.
    writeFileSync(path.join(dir, 'src/cli.cjs'), 'module.exports = {};\n');
    const r = spawnSync(process.execPath, [bin, 'guard', dir], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /blocker \[verified-by\] grep:\.\/lib\/named\.js is no longer found in src\/cli\.cjs/,
    );
    rmSync(dir, { recursive: true });
  });
});
