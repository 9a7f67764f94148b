import { readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover, type KnownFile, statTree } from '../../src/discover/index.js';
import { racyFilesUnchanged, restampedFiles } from '../../src/discover/racy-recheck.js';
import { scan } from '../../src/scan.js';
import { discoverDetails, importPairRepo } from '../helpers/rescan-fixture.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

/** The rows a scan would have recorded for the tree as it is now, by path. */
function rowsOf(root: string): Map<string, KnownFile> {
  return new Map(discover(root).files.map((f) => [f.path, f]));
}

describe('racyFilesUnchanged: only the files inside the racy window are read again', () => {
  it('holds when each recent file still has its row, and asks for those rows only', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n', 'docs/b.md': '# b\n' });
    const rows = rowsOf(root);
    const asked: string[][] = [];
    const lookup = (paths: readonly string[]) => {
      asked.push([...paths]);
      return rows;
    };
    // A previous scan that started now: every file is inside the window.
    expect(racyFilesUnchanged(statTree(root), Date.now(), lookup)).toBe(true);
    expect(asked.at(-1)?.sort()).toEqual(['a.ts', 'docs/b.md']);
    // A minute later: none is, and nothing is read or asked.
    expect(racyFilesUnchanged(statTree(root), Date.now() + 60_000, lookup)).toBe(true);
    expect(asked.at(-1)).toEqual([]);
  });

  it('fails when a recent file has other bytes, another stamp or no row', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
    const rows = rowsOf(root);
    const tree = statTree(root);
    const now = Date.now();
    const a = rows.get('a.ts')!;
    const other = (changed: Partial<KnownFile> | undefined) => {
      const copy = new Map(rows);
      if (changed) copy.set('a.ts', { ...a, ...changed });
      else copy.delete('a.ts');
      return () => copy;
    };
    expect(racyFilesUnchanged(tree, now, other({ hash: rows.get('b.ts')!.hash }))).toBe(false);
    expect(racyFilesUnchanged(tree, now, other({ stamp: '1:2:3:4' }))).toBe(false);
    expect(racyFilesUnchanged(tree, now, other({ role: 'doc' }))).toBe(false);
    expect(racyFilesUnchanged(tree, now, other(undefined))).toBe(false);
    expect(racyFilesUnchanged(tree, now, () => rows)).toBe(true);
  });

  it('leaves a tree with a symlink, an oversized or too many recent files to discovery', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n' });
    const now = Date.now();
    expect(racyFilesUnchanged(statTree(root), now, () => rowsOf(root), 5)).toBe(false);
    symlinkSync('a.ts', path.join(root, 'link.ts'));
    expect(racyFilesUnchanged(statTree(root), now, () => rowsOf(root))).toBe(false);
    const many = tmpRepo(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}.ts`, `// ${i}\n`])));
    expect(racyFilesUnchanged(statTree(many), now, () => rowsOf(many))).toBe(false);
  });
});

describe('scan: a rescan right after a scan re-reads only the recent files', () => {
  it('answers unchanged with the map as it was, then still sees the next edit', async () => {
    const root = importPairRepo();
    const { details, onProgress } = discoverDetails();
    await scan({ root, onProgress });
    const before = readFileSync(path.join(root, '.proofmap/map.json'));
    // Real time: the files were written just before the first scan, inside its racy window.
    const second = await scan({ root, onProgress });
    expect(second.mode).toBe('unchanged');
    expect(details.at(-1)).toBe('2 files, every stamp unchanged, recent ones re-read');
    expect(readFileSync(path.join(root, '.proofmap/map.json'))).toEqual(before);
    expect(second.map.meta.version).toBe(JSON.parse(before.toString('utf8')).meta.version);
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 2;\n'); // same size
    const third = await scan({ root, onProgress });
    expect(third.mode).not.toBe('unchanged');
    expect(third.parsed).toBe(1);
  });
});

describe('restampedFiles: the files whose stamps moved since the last scan are read again', () => {
  it("gives those files with their new stamps when their bytes are their rows' ", () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
    const rows = rowsOf(root);
    const before = statTree(root).numbers.slice();
    const t = new Date(Date.now() - 120_000);
    utimesSync(path.join(root, 'a.ts'), t, t); // touched: new stamp, same bytes
    const tree = statTree(root);
    const asked: string[][] = [];
    const lookup = (paths: readonly string[]) => {
      asked.push([...paths]);
      return rows;
    };
    // A minute after the files' times: only a.ts, whose stamp moved, is looked at.
    const later = Date.now() + 60_000;
    const files = restampedFiles(tree, later, before, lookup);
    expect(asked).toEqual([['a.ts']]);
    expect(files?.map((f) => [f.path, f.hash, f.stamp === rows.get('a.ts')!.stamp])).toEqual([
      ['a.ts', rows.get('a.ts')!.hash, false],
    ]);
    // Without the last scan's numbers the moved stamp goes unseen: that is the caller's check.
    expect(restampedFiles(tree, later, undefined, lookup)).toEqual([]);
    writeFileSync(path.join(root, 'a.ts'), 'export const a = 2;\n');
    expect(restampedFiles(statTree(root), later, before, lookup)).toBeUndefined();
  });

  it('leaves a file that appeared or vanished in the listing to discovery', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
    const rows = rowsOf(root);
    const before = statTree(root).numbers.slice();
    rmSync(path.join(root, 'b.ts'));
    expect(restampedFiles(statTree(root), Date.now() + 60_000, before, () => rows)).toBeUndefined();
  });
});
