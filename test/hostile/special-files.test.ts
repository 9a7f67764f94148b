/**
 * Issue 22 item 3: a FIFO at an indexed path hung `impact` and the PreToolUse hook forever, a
 * symlink to /dev/zero ate 3.7 GB in 10 s, and `guard` followed a node path in a hostile map.json
 * to /dev/zero until bad_alloc. Every read now goes through discover/safe-read.ts: realpath inside
 * the root, opened without blocking, a regular file by fstat, at most a bounded number of bytes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo, preToolUse } from './hook-harness.js';

const mkfifo = (file: string) => execFileSync('mkfifo', [file]);
const mapFile = (root: string) => path.join(root, '.proofmap/map.json');

interface MapFile {
  nodes: { path?: string }[];
  coverage: { analyzer: string; scope: string; status: string; reason: string }[];
}
const readMap = (root: string): MapFile => JSON.parse(readFileSync(mapFile(root), 'utf8'));

describe('hostile item 3: special files', () => {
  it('answers impact and the PreToolUse hook when an indexed file became a FIFO', { timeout: 30_000 }, () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    rmSync(path.join(root, 'src/core.ts'));
    mkfifo(path.join(root, 'src/core.ts'));
    const impact = cli(root, ['impact', 'src/core.ts', '--json']);
    expect(impact.status, impact.stderr).toBe(0);
    const answer = JSON.parse(impact.stdout);
    expect(answer.freshness.stale).toEqual(['src/core.ts']);
    const hook = preToolUse(root, 'src/core.ts', 'Edit');
    expect(hook.status, hook.stderr).toBe(0);
    expect(hook.decision).toBe('deny');
  });

  it('records a FIFO and a link to /dev/zero as coverage and reads neither', { timeout: 20_000 }, () => {
    const root = gatedRepo();
    symlinkSync('/dev/zero', path.join(root, 'src/zero.ts'));
    // A tracked file replaced by a FIFO after `git add`: git lists it, the work tree has a FIFO.
    execFileSync('git', ['add', 'src/a.ts'], { cwd: root });
    rmSync(path.join(root, 'src/a.ts'));
    mkfifo(path.join(root, 'src/a.ts'));
    const scan = cli(root, ['scan']);
    expect(scan.status, scan.stderr).toBe(0);
    const about = (scope: string) => readMap(root).coverage.filter((c) => c.scope === scope);
    expect(about('src/zero.ts')).toEqual([
      {
        analyzer: 'discover',
        scope: 'src/zero.ts',
        status: 'skipped',
        reason: 'symlink points outside the repository root; not followed',
      },
    ]);
    expect(about('src/a.ts')).toEqual([
      {
        analyzer: 'discover',
        scope: 'src/a.ts',
        status: 'skipped',
        reason: 'not a regular file (FIFO); not read',
      },
    ]);
  });

  it('guard and claims do not follow a hostile map.json to /dev/zero, a FIFO or outside the root', {
    timeout: 30_000,
  }, () => {
    const root = gatedRepo();
    writeFileSync(path.join(root, 'README.md'), '# app\n\nSee `src/core.ts` and [zero](src/zero.ts).\n');
    expect(cli(root, ['scan']).status).toBe(0);
    // The committed map now names files that are a link to /dev/zero and a FIFO.
    symlinkSync('/dev/zero', path.join(root, 'src/zero.ts'));
    rmSync(path.join(root, 'src/b.ts'));
    mkfifo(path.join(root, 'src/b.ts'));
    rmSync(path.join(root, 'src/c.ts'));
    symlinkSync('/etc/passwd', path.join(root, 'src/c.ts'));
    const text = readFileSync(mapFile(root), 'utf8').replaceAll('"src/a.ts"', '"src/zero.ts"');
    writeFileSync(mapFile(root), text);
    const guard = cli(root, ['guard']);
    expect(guard.status, guard.stderr).not.toBeNull();
    expect([0, 1]).toContain(guard.status);
    // Each hostile node's verified_by string is "no longer found": its text was never read.
    for (const file of ['src/zero.ts', 'src/b.ts', 'src/c.ts'])
      expect(guard.stdout + guard.stderr, file).toMatch(new RegExp(`no longer found in ${file}`));
    const claims = cli(root, ['claims', '--json']);
    expect([0, 1], claims.stderr).toContain(claims.status);
  });

  it('treats a map.json that is a FIFO or a link to /dev/zero as unusable, not as a wait', {
    timeout: 30_000,
  }, () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    rmSync(mapFile(root));
    symlinkSync('/dev/zero', mapFile(root));
    const guard = cli(root, ['guard']);
    expect(guard.status).toBe(2);
    expect(guard.stderr.trim().split('\n')).toHaveLength(1);
    rmSync(mapFile(root));
    mkfifo(mapFile(root));
    const again = cli(root, ['guard']);
    expect(again.status).toBe(2);
    // A scan replaces the FIFO with a real map.
    expect(cli(root, ['scan']).status).toBe(0);
    expect(readMap(root).nodes.length).toBeGreaterThan(0);
  });
});
