/**
 * The changes cache on real git repositories: a repeat with nothing changed is answered from the
 * stamps, and every change git would see — an edit in place, a new file (also in a folder holding
 * only ignored files), `git add`, a commit, another base — makes the next call answer what git
 * says now. Each answer is compared with git run directly. The clock is moved 10 s ahead, as if
 * the call came later: stamps younger than the racy window are never trusted.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesCache } from '../../src/mcp/changes-cache.js';
import { gitChangedFiles } from '../../src/store/git-changes.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { cacheFor, WITNESS_MODES } from './witnessed.js';

const later = () => Date.now() + 10_000;

function repo(): { root: string; git: (...args: string[]) => void } {
  const root = fs.realpathSync(
    tmpRepo({
      '.gitignore': 'logs/*.log\n',
      'logs/old.log': 'x\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 2;\n',
      'src/core/deep/e.ts': 'export const e = 1;\n',
    }),
  );
  const git = (...args: string[]) =>
    void execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, stdio: 'ignore' },
    );
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
  return { root, git };
}

const write = (root: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

describe.each(WITNESS_MODES)('changes cache with %s', (_, witnessed, repeat) => {
  const cacheOf = cacheFor(witnessed, later, changesCache);

  it('a repeat with nothing changed is answered from the stamps; fresh stamps are not trusted', async () => {
    const { root } = repo();
    const cache = cacheOf(root);
    expect(await cache.files('HEAD')).toEqual({ files: [], checked: 'git' });
    expect(await cache.files('HEAD')).toEqual({ files: [], checked: repeat });
    // With the real clock the files written a moment ago vouch for nothing: git runs every time.
    const now = cacheOf(root, Date.now);
    await now.files('HEAD');
    expect(['diff', 'git']).toContain((await now.files('HEAD')).checked);
  });

  it.each([
    ['a tracked file edited in place', (root: string) => write(root, 'src/a.ts', 'export const a = 3;\n')],
    [
      'a deep tracked file edited',
      (root: string) => write(root, 'src/core/deep/e.ts', 'export const e = 2;\n'),
    ],
    ['a new file', (root: string) => write(root, 'src/c.ts', 'export const c = 1;\n')],
    ['a new file in a new folder', (root: string) => write(root, 'src/deep/d.ts', 'export {};\n')],
    [
      'a new file beside only ignored ones',
      (root: string) => write(root, 'logs/notes.ts', 'export const n = 1;\n'),
    ],
    ['a tracked file removed', (root: string) => fs.rmSync(path.join(root, 'src/b.ts'))],
    [
      'a tracked file edited by another process',
      (root: string) =>
        execFileSync(process.execPath, [
          '-e',
          `require('fs').appendFileSync(${JSON.stringify(path.join(root, 'src/a.ts'))}, '// x\\n')`,
        ]),
    ],
  ])('%s: the next call answers what git says now', async (_, change) => {
    const { root } = repo();
    const cache = cacheOf(root);
    await cache.files('HEAD');
    expect((await cache.files('HEAD')).checked).toBe(repeat);
    change(root);
    const after = await cache.files('HEAD');
    expect(['diff', 'git']).toContain(after.checked);
    expect(after.files.length).toBeGreaterThan(0);
    expect(after.files).toEqual(gitChangedFiles(root, 'HEAD'));
  });

  it('git add, then a commit, between two calls: each next call follows git', async () => {
    const { root, git } = repo();
    const cache = cacheOf(root);
    write(root, 'src/c.ts', 'export const c = 1;\n');
    write(root, 'src/a.ts', 'export const a = 3;\n');
    expect((await cache.files('HEAD')).files).toEqual(['src/a.ts', 'src/c.ts']);
    expect((await cache.files('HEAD')).checked).toBe(repeat);
    git('add', 'src/c.ts');
    expect((await cache.files('HEAD')).files).toEqual(['src/a.ts', 'src/c.ts']);
    git('commit', '-qm', 'c');
    const committed = await cache.files('HEAD');
    expect(committed.files).toEqual(['src/a.ts']);
    expect(committed.files).toEqual(gitChangedFiles(root, 'HEAD'));
    // Against the commit before: both files again, and a kept answer for one base is not another's.
    expect((await cache.files('HEAD~1')).files).toEqual(['src/a.ts', 'src/c.ts']);
    expect((await cache.files('HEAD')).files).toEqual(['src/a.ts']);
  });

  it('a ref moved without touching the index or the work tree: the next call follows it', async () => {
    const { root, git } = repo();
    write(root, 'src/z.ts', 'export const z = 1;\n');
    git('add', 'src/z.ts');
    git('commit', '-qm', 'z');
    git('branch', 'other', 'HEAD~1');
    const cache = cacheOf(root);
    expect((await cache.files('other')).files).toEqual(['src/z.ts']);
    expect((await cache.files('other')).checked).toBe(repeat);
    // Only refs/heads/other moves (git writes it aside and renames it into place).
    git('update-ref', 'refs/heads/other', 'HEAD');
    expect((await cache.files('other')).files).toEqual([]);
    expect(gitChangedFiles(root, 'other')).toEqual([]);
  });

  it('a bad revision is the one-line git error, never a kept answer', async () => {
    const { root } = repo();
    const cache = cacheOf(root);
    await expect(cache.files('no-such-rev')).rejects.toThrow(/git diff failed/);
    await expect(cache.files('-x')).rejects.toThrow(/invalid revision/);
  });
});
