import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRepoPath } from '../../src/discover/safe-read.js';
import { InputError } from '../../src/model/errors.js';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { FIXED_MTIME_S, fileNode, proofMap, tempRoot, writeFiles } from './fixture.js';

// Every read freshness makes goes through the safe reader: wrapped, so a test can count them.
vi.mock('../../src/discover/safe-read.js', async (original) => {
  const actual = await original<typeof import('../../src/discover/safe-read.js')>();
  return { ...actual, readRepoPath: vi.fn(actual.readRepoPath) };
});
const reads = vi.mocked(readRepoPath);
const readsOfA = () => reads.mock.calls.filter(([, rel]) => String(rel).endsWith('a.ts')).length;

let store: IndexStore | undefined;
afterEach(() => {
  store?.close();
  vi.restoreAllMocks();
});

function scanned(files: Record<string, string>) {
  const root = tempRoot();
  const sources = writeFiles(root, files);
  store = openIndex(root);
  store.writeSnapshot(proofMap(Object.keys(files).map((p) => fileNode(p))), sources);
  return { root, store };
}

describe('freshness', () => {
  it('is fresh when the bytes on disk are the indexed ones', () => {
    const { store } = scanned({ 'src/a.ts': 'a', 'src/b.ts': 'b' });
    expect(store.freshness(['src/a.ts', './src/b.ts'])).toEqual({
      epoch: 1,
      stale: [],
      missing: [],
      fresh: true,
    });
  });

  it('detects an edit that kept size and mtime: the hash decides, not mtime', () => {
    const { root, store } = scanned({ 'src/a.ts': 'const a = 1;' });
    const abs = path.join(root, 'src/a.ts');
    fs.writeFileSync(abs, 'const a = 2;');
    fs.utimesSync(abs, FIXED_MTIME_S, FIXED_MTIME_S);
    expect(store.files().get('src/a.ts')).toMatchObject({
      size: fs.statSync(abs).size,
      mtimeMs: fs.statSync(abs).mtimeMs,
    });
    expect(store.freshness(['src/a.ts'])).toMatchObject({ stale: ['src/a.ts'], missing: [], fresh: false });
  });

  it('reports deleted files as missing and never-indexed files as stale', () => {
    const { root, store } = scanned({ 'src/a.ts': 'a' });
    fs.rmSync(path.join(root, 'src/a.ts'));
    writeFiles(root, { 'src/new.ts': 'new' });
    expect(store.freshness(['src/new.ts', 'src/a.ts', 'src/never.ts'])).toMatchObject({
      stale: ['src/new.ts'],
      missing: ['src/a.ts', 'src/never.ts'],
      fresh: false,
    });
  });

  it('checks many paths at once the same way', () => {
    const files = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`src/f${i}.ts`, `x${i}`]));
    const { root, store } = scanned(files);
    fs.writeFileSync(path.join(root, 'src/f7.ts'), 'x8');
    expect(store.freshness(Object.keys(files))).toMatchObject({ stale: ['src/f7.ts'], missing: [] });
  });

  it('rejects paths outside the repository', () => {
    const { store } = scanned({ 'a.ts': 'a' });
    expect(() => store.freshness(['../etc/passwd'])).toThrow(InputError);
    expect(() => store.freshness(['/etc/passwd'])).toThrow(InputError);
  });

  describe('on a long-lived handle (the MCP server keeps one)', () => {
    /** Calls that read the file's bytes, with the clock 10 s ahead: the last change is not racy. */
    function readsOf(run: () => void): number {
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
      reads.mockClear();
      run();
      return readsOfA();
    }

    it('hashes an unchanged file once, then trusts what the kernel says nobody wrote', () => {
      const { store } = scanned({ 'src/a.ts': 'const a = 1;' });
      expect(readsOf(() => expect(store.freshness(['src/a.ts']).fresh).toBe(true))).toBe(1);
      expect(readsOf(() => expect(store.freshness(['src/a.ts']).fresh).toBe(true))).toBe(0);
    });

    it('still catches an edit that kept size and mtime after the hash was kept', () => {
      const { root, store } = scanned({ 'src/a.ts': 'const a = 1;' });
      readsOf(() => expect(store.freshness(['src/a.ts']).fresh).toBe(true));
      const abs = path.join(root, 'src/a.ts');
      fs.writeFileSync(abs, 'const a = 2;');
      fs.utimesSync(abs, FIXED_MTIME_S, FIXED_MTIME_S);
      expect(readsOf(() => expect(store.freshness(['src/a.ts']).stale).toEqual(['src/a.ts']))).toBe(1);
    });

    it('re-reads a file changed just before its hash was taken (same clock tick)', () => {
      const { store } = scanned({ 'src/a.ts': 'const a = 1;' });
      // The real clock: the file's ctime is within the racy window of every read.
      expect(store.freshness(['src/a.ts']).fresh).toBe(true);
      reads.mockClear();
      expect(store.freshness(['src/a.ts']).fresh).toBe(true);
      expect(readsOfA()).toBe(1);
    });

    it('turns a deleted file missing after its hash was kept', () => {
      const { root, store } = scanned({ 'src/a.ts': 'a' });
      readsOf(() => store.freshness(['src/a.ts']));
      fs.rmSync(path.join(root, 'src/a.ts'));
      expect(store.freshness(['src/a.ts'])).toMatchObject({ missing: ['src/a.ts'], fresh: false });
    });
  });
});
