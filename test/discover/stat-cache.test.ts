import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover, type KnownFile } from '../../src/discover/index.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const known = (d: ReturnType<typeof discover>): Map<string, KnownFile> =>
  new Map(d.files.map((f) => [f.path, f]));

// A previous scan that started a minute from now: every file on disk is older than it by more
// than the racy window, so only the stamp decides.
const later = () => Date.now() + 60_000;

describe('discover with the previous scan’s stamps', () => {
  it('reuses the hash of a file whose stamp matched, and reads its text only when asked', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n', 'b.md': '# b\n', 'bin.dat': 'x\0y' });
    const first = discover(root);
    expect(first.read.sort()).toEqual(['a.ts', 'b.md', 'bin.dat']);
    const second = discover(root, { previous: known(first), previousStartMs: later() });
    expect(second.read).toEqual([]);
    expect(second.files).toEqual(first.files);
    expect(second.coverage).toEqual(first.coverage);
    expect(second.texts.has('a.ts')).toBe(true);
    expect(second.texts.get('a.ts')).toBe('export const a = 1;\n');
  });

  it('re-reads a file whose content changed even when size and mtime were put back', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n' });
    const file = path.join(root, 'a.ts');
    const first = discover(root);
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'export const b = 2;\n'); // same size
    utimesSync(file, atime, mtime); // same mtime; the change time still moves
    const second = discover(root, { previous: known(first), previousStartMs: later() });
    expect(second.read).toEqual(['a.ts']);
    expect(second.files[0]!.hash).not.toBe(first.files[0]!.hash);
    expect(second.texts.get('a.ts')).toBe(readFileSync(file, 'utf8'));
  });

  it('does not trust a stamp taken within the racy window of the previous scan', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n' });
    const first = discover(root);
    const second = discover(root, { previous: known(first), previousStartMs: Date.now() });
    expect(second.read).toEqual(['a.ts']);
  });

  it('re-reads a file that was over the size limit once the limit allows it', () => {
    const root = tmpRepo({ 'big.ts': `export const s = "${'x'.repeat(200)}";\n` });
    const first = discover(root, { maxFileBytes: 100 });
    expect(first.files[0]!.hash).toMatch(/^size:/);
    const second = discover(root, { previous: known(first), previousStartMs: later() });
    expect(second.read).toEqual(['big.ts']);
    expect(second.files[0]!.hash).toMatch(/^[0-9a-f]{16}$/);
  });
});
