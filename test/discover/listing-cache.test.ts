import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../src/discover/list.js';
import { cachedListing } from '../../src/discover/listing-cache.js';
import { listWithCache } from '../../src/discover/stat-tree.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

// A clock a minute ahead: every stamp on disk is older than the racy window, so only the stamps
// decide (the racy rule itself is tested at the end).
const later = () => Date.now() + 60_000;
// Folder times come from a coarse kernel clock: a change must fall in a later tick than the
// stamp it is compared with, as it does in real use (the racy window guards the rest).
const tick = () => new Promise((r) => setTimeout(r, 25));
const git = (root: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

function gitRepo(files: Record<string, string>): string {
  const root = tmpRepo(files);
  git(root, 'init', '-q');
  git(root, 'add', '.');
  writeFileSync(path.join(root, 'untracked.ts'), 'export {};\n'); // listed by --others
  mkdirSync(path.join(root, '.proofmap'));
  return root;
}

const hit = (root: string) => cachedListing(root, later()).listing !== undefined;

/**
 * Lists with the cache (writing it), checks that the next look is a hit, applies `change`, and
 * returns the listing before and what the cache-using listing and git say after.
 */
async function around(root: string, change: () => void) {
  const before = listWithCache(root, later()).paths.slice().sort();
  expect(hit(root)).toBe(true);
  await tick();
  change();
  const missed = !hit(root);
  const cached = listWithCache(root, later()).paths.slice().sort();
  const truth = listFiles(root).paths.slice().sort();
  return { before, cached, truth, missed };
}

describe('listing cache: git is skipped only while its listing cannot have changed', () => {
  const base = () =>
    gitRepo({
      'a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 1;\n',
      'logs/x.log': 'ignored\n',
      'dist/out.js': 'ignored\n',
      '.gitignore': '*.log\ndist/\n',
    });

  it('reuses the listing when only file contents changed', async () => {
    const root = base();
    const r = await around(root, () => appendFileSync(path.join(root, 'src/b.ts'), 'export const c = 2;\n'));
    expect(r.missed).toBe(false);
    expect(r.cached).toEqual(r.truth);
    expect(r.truth).toEqual(r.before);
  });

  it('reuses it after a new file inside an ignored folder, which git does not list', async () => {
    const root = base();
    const r = await around(root, () => writeFileSync(path.join(root, 'dist/more.js'), 'x\n'));
    expect(r.missed).toBe(false);
    expect(r.cached).toEqual(r.truth);
  });

  const changes: [string, (root: string) => void][] = [
    ['a new untracked file', (root) => writeFileSync(path.join(root, 'new.ts'), 'export {};\n')],
    ['a new file in a sub-folder', (root) => writeFileSync(path.join(root, 'src/c.ts'), 'export {};\n')],
    [
      'a new file in a folder holding only ignored files',
      (root) => writeFileSync(path.join(root, 'logs/readme.md'), '# logs\n'),
    ],
    [
      'a new file in a folder that was empty',
      (root) => writeFileSync(path.join(root, 'empty/now.ts'), 'export {};\n'),
    ],
    ['a deleted untracked file', (root) => rmSync(path.join(root, 'untracked.ts'))],
    ['a renamed file', (root) => renameSync(path.join(root, 'src/b.ts'), path.join(root, 'src/d.ts'))],
    [
      'a nested folder added',
      (root) => {
        mkdirSync(path.join(root, 'src/deep/deeper'), { recursive: true });
        writeFileSync(path.join(root, 'src/deep/deeper/e.ts'), 'export {};\n');
      },
    ],
    ['`git add -f` of an ignored file', (root) => void git(root, 'add', '-f', 'logs/x.log')],
    [
      '`git rm --cached` of a tracked ignored file',
      (root) => void git(root, 'rm', '-q', '--cached', 'dist/kept.js'),
    ],
    ['a .gitignore edit', (root) => writeFileSync(path.join(root, '.gitignore'), 'dist/\n')],
    [
      'a .gitignore added in a sub-folder',
      (root) => writeFileSync(path.join(root, 'src/.gitignore'), 'b.ts\n'),
    ],
    [
      'an info/exclude edit',
      (root) => appendFileSync(path.join(root, '.git/info/exclude'), 'untracked.ts\n'),
    ],
  ];

  for (const [name, change] of changes)
    it(`lists again after ${name}`, async () => {
      const root = base();
      mkdirSync(path.join(root, 'empty'));
      writeFileSync(path.join(root, 'dist/kept.js'), 'tracked, in an ignored folder\n');
      git(root, 'add', '-f', 'dist/kept.js');
      const r = await around(root, () => change(root));
      expect(r.missed).toBe(true);
      expect(r.truth).not.toEqual(r.before); // the change did change what git lists
      expect(r.cached).toEqual(r.truth);
    });

  it('lists again after an edit of the excludes file the config names', async () => {
    const root = base();
    const excludes = path.join(root, '..', `${path.basename(root)}-excludes`);
    writeFileSync(excludes, '');
    git(root, 'config', 'core.excludesFile', excludes);
    try {
      const r = await around(root, () => writeFileSync(excludes, 'untracked.ts\n'));
      expect(r.missed).toBe(true);
      expect(r.truth).not.toEqual(r.before);
      expect(r.cached).toEqual(r.truth);
    } finally {
      rmSync(excludes, { force: true });
    }
  });

  it('keeps nothing while a stamp is inside the racy window, or outside a git work tree', () => {
    const root = base();
    listWithCache(root, Date.now()); // everything was just written: nothing proves anything yet
    expect(existsSync(path.join(root, '.proofmap/listing-cache.json'))).toBe(false);
    const plain = tmpRepo({ 'a.ts': 'export {};\n' });
    mkdirSync(path.join(plain, '.proofmap'));
    expect(listWithCache(plain, later()).via).toBe('walk');
    expect(existsSync(path.join(plain, '.proofmap/listing-cache.json'))).toBe(false);
  });

  it('takes a damaged cache file for a miss', () => {
    const root = base();
    listWithCache(root, later());
    writeFileSync(path.join(root, '.proofmap/listing-cache.json'), '{"format":1,');
    expect(hit(root)).toBe(false);
    expect(listWithCache(root, later()).paths.slice().sort()).toEqual(listFiles(root).paths.slice().sort());
  });
});

describe('listing cache: a file that cannot be trusted is a miss', () => {
  const repo = () => {
    const root = tmpRepo({ 'a.ts': 'export {};\n' });
    git(root, 'init', '-q');
    git(root, 'add', '.');
    mkdirSync(path.join(root, '.proofmap'));
    return root;
  };
  const cacheFile = (root: string) => path.join(root, '.proofmap/listing-cache.json');

  it('in a copy of the repository, which lists its own files', async () => {
    const root = repo();
    listWithCache(root, later());
    const copy = `${root}-copy`;
    execFileSync('cp', ['-a', root, copy]); // same mtimes, and a cache naming the original
    try {
      await tick();
      writeFileSync(path.join(copy, 'only-in-copy.ts'), 'export {};\n');
      expect(cachedListing(copy, later()).listing).toBeUndefined();
      expect(listWithCache(copy, later()).paths).toContain('only-in-copy.ts');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('when it was crafted: no stamps to check, or a path outside the root', () => {
    const root = repo();
    listWithCache(root, later());
    const kept = JSON.parse(readFileSync(cacheFile(root), 'utf8'));
    expect(hit(root)).toBe(true);
    writeFileSync(cacheFile(root), JSON.stringify({ ...kept, stamps: [] }));
    expect(hit(root)).toBe(false);
    const outside = { ...kept.listing, paths: [...kept.listing.paths, '../../etc/passwd'] };
    writeFileSync(cacheFile(root), JSON.stringify({ ...kept, listing: outside }));
    expect(hit(root)).toBe(false);
  });
});
