/**
 * The inotify event source on its own: which paths it reports for folders that appear, go or are
 * renamed, and which folders it leaves unwatched (always-excluded ones, and those git ignores).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeSubscription } from '../../src/resident/events.js';
import { watchWithInotify } from '../../src/resident/events-inotify.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const git = (root: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

const open: ChangeSubscription[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

/** Watches `root`; `seen` collects every reported path, repo-relative, in order. */
function watchRepo(root: string, listed: string[] = []) {
  const seen: string[] = [];
  const errors: unknown[] = [];
  const subscription = watchWithInotify(
    root,
    {
      onChange: (paths) => seen.push(...paths.map((p) => path.relative(root, p).split(path.sep).join('/'))),
      onError: (e) => errors.push(e),
      onNote: () => {},
    },
    () => listed,
    (limit) => errors.push(limit),
  );
  open.push(subscription);
  /** Waits until `rel` was reported (after index `from`), at most ~2 s. */
  const reported = async (rel: string, from = 0) => {
    for (let i = 0; i < 400 && !seen.slice(from).includes(rel); i++)
      await new Promise((r) => setTimeout(r, 5));
    return seen.slice(from).includes(rel);
  };
  return { seen, errors, reported };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('inotify event source', () => {
  it('reports a new folder, then a file made in it once it is watched', async () => {
    const root = tmpRepo({ 'src/a.ts': '' });
    const { seen, errors, reported } = watchRepo(root);
    mkdirSync(path.join(root, 'src/sub/deeper'), { recursive: true });
    expect(await reported('src/sub')).toBe(true);
    await settle();
    const from = seen.length;
    writeFileSync(path.join(root, 'src/sub/deeper/b.ts'), 'export {};\n');
    expect(await reported('src/sub/deeper/b.ts', from)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('reports a deleted folder by its path and stops watching it', async () => {
    const root = tmpRepo({ 'src/gone/deep/a.ts': '', 'src/b.ts': '' });
    const { seen, errors, reported } = watchRepo(root);
    rmSync(path.join(root, 'src/gone'), { recursive: true });
    expect(await reported('src/gone')).toBe(true);
    await settle();
    // Inotify names a deleted watched folder by its own name: that is no path under it.
    expect(seen.filter((p) => p.startsWith('src/gone/')).sort()).toEqual([
      'src/gone/deep',
      'src/gone/deep/a.ts',
    ]);
    expect(errors).toEqual([]);
  });

  it('watches a folder deleted and made again before the event came, under the same name', async () => {
    const root = tmpRepo({ 'src/r/a.ts': '' });
    const { seen, errors, reported } = watchRepo(root);
    rmSync(path.join(root, 'src/r'), { recursive: true });
    mkdirSync(path.join(root, 'src/r'));
    expect(await reported('src/r')).toBe(true);
    await settle();
    const from = seen.length;
    writeFileSync(path.join(root, 'src/r/b.ts'), 'export {};\n');
    expect(await reported('src/r/b.ts', from)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('reports both names of a renamed folder, and later changes under the new one only', async () => {
    const root = tmpRepo({ 'src/old/deep/a.ts': '' });
    const { seen, errors, reported } = watchRepo(root);
    renameSync(path.join(root, 'src/old'), path.join(root, 'src/new'));
    expect(await reported('src/new')).toBe(true);
    expect(seen).toContain('src/old');
    await settle();
    const from = seen.length;
    appendFileSync(path.join(root, 'src/new/deep/a.ts'), '// edit\n');
    expect(await reported('src/new/deep/a.ts', from)).toBe(true);
    await settle();
    expect(seen.slice(from)).toEqual(['src/new/deep/a.ts']);
    expect(errors).toEqual([]);
  });

  it('leaves node_modules, .git and .proofmap unwatched, at any depth', async () => {
    const root = tmpRepo({
      'node_modules/x/index.js': '',
      'pkg/node_modules/y/index.js': '',
      '.proofmap/map.json': '{}',
      'src/a.ts': '',
    });
    git(root, 'init', '-q');
    const { seen, reported } = watchRepo(root);
    writeFileSync(path.join(root, 'node_modules/x/index.js'), 'changed');
    writeFileSync(path.join(root, 'pkg/node_modules/y/index.js'), 'changed');
    writeFileSync(path.join(root, '.proofmap/map.json'), '{"changed":1}');
    mkdirSync(path.join(root, 'pkg/node_modules/z'));
    writeFileSync(path.join(root, '.git/proofmap-test'), '');
    await settle();
    appendFileSync(path.join(root, 'src/a.ts'), '// edit\n');
    expect(await reported('src/a.ts')).toBe(true);
    expect(seen).toEqual(['src/a.ts']);
  });

  it('leaves folders git ignores unwatched, unless the map lists a file in one or the rule goes', async () => {
    const root = tmpRepo({
      '.gitignore': 'out/\nbuilt/\n',
      'out/a.js': '',
      'built/kept.js': '',
      'src/a.ts': '',
    });
    git(root, 'init', '-q');
    git(root, 'add', '-f', 'built/kept.js');
    const { seen, reported } = watchRepo(root, ['.gitignore', 'built/kept.js', 'src/a.ts']);
    appendFileSync(path.join(root, 'out/a.js'), '// ignored\n');
    appendFileSync(path.join(root, 'built/kept.js'), '// tracked\n');
    expect(await reported('built/kept.js')).toBe(true);
    await settle();
    expect(seen).toEqual(['built/kept.js']);
    // Without the rule, out/ is watched from the moment the .gitignore change is seen.
    writeFileSync(path.join(root, '.gitignore'), 'built/\n');
    expect(await reported('.gitignore')).toBe(true);
    const from = seen.length;
    appendFileSync(path.join(root, 'out/a.js'), '// listed now\n');
    expect(await reported('out/a.js', from)).toBe(true);
  });
});
