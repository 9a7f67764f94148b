import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/model/errors.js';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { FIXED_MTIME_S, fileNode, proofMap, tempRoot, writeFiles } from './fixture.js';

let store: IndexStore | undefined;
afterEach(() => store?.close());

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
});
