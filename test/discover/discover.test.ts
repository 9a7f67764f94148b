import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from '../../src/discover/index.js';
import { InputError } from '../../src/model/errors.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const reasons = (d: ReturnType<typeof discover>) =>
  Object.fromEntries(d.coverage.map((c) => [c.scope, c.reason]));

describe('discover', () => {
  it('walks without git, honours nested .gitignore files and the shared exclusion set', () => {
    const root = tmpRepo({
      '.gitignore': 'ignored.ts\nlogs/\n',
      'src/a.ts': 'export const a = 1;',
      'src/.gitignore': 'local.ts\n',
      'src/local.ts': '',
      'ignored.ts': '',
      'logs/x.ts': '',
      'node_modules/p/index.js': '',
      'dist/out.js': '',
      '.proofmap/map.json': '{}',
      'README.md': '# hi',
    });
    const d = discover(root);
    expect(d.via).toBe('walk');
    expect(d.files.map((f) => f.path)).toEqual(['.gitignore', 'README.md', 'src/.gitignore', 'src/a.ts']);
    expect(d.files.find((f) => f.path === 'src/a.ts')).toMatchObject({
      role: 'code',
      size: 19,
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('lets go of its texts on release, and a read after it throws instead of answering absent', () => {
    const root = tmpRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const d = discover(root);
    expect(d.texts.get('src/a.ts')).toBe('export const a = 1;\n');
    d.texts.release();
    expect(() => d.texts.get('src/a.ts')).toThrow(/released/);
    expect(() => d.texts.has('src/a.ts')).toThrow(/released/);
  });

  it('lists tracked and untracked-not-ignored files through git ls-files', () => {
    const root = tmpRepo({ '.gitignore': 'secret.ts\n', 'a.ts': '', 'secret.ts': '', 'new.ts': '' });
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', 'a.ts', '.gitignore'], { cwd: root });
    const d = discover(root);
    expect(d.via).toBe('git');
    expect(d.files.map((f) => f.path)).toEqual(['.gitignore', 'a.ts', 'new.ts']);
  });

  it('records binary, oversized, invalid UTF-8 and unreadable files as coverage, never silently', () => {
    const root = tmpRepo({
      'bin.ts': new Uint8Array([0x65, 0x00, 0x66]),
      'big.ts': 'x'.repeat(2000),
      'latin1.ts': new Uint8Array([0x63, 0xe9, 0x0a]),
      'ok.ts': 'export {}',
      'locked.ts': 'secret',
    });
    chmodSync(path.join(root, 'locked.ts'), 0o000);
    const d = discover(root, { maxFileBytes: 1000 });
    const r = reasons(d);
    expect(r['bin.ts']).toMatch(/binary/);
    expect(r['big.ts']).toMatch(/2000 bytes, over the 1000-byte limit/);
    expect(r['latin1.ts']).toMatch(/invalid UTF-8/);
    // root may read anything; only assert when the permission actually bit.
    if (process.getuid?.() !== 0) expect(r['locked.ts']).toMatch(/unreadable/);
    expect(d.texts.has('ok.ts')).toBe(true);
    expect(d.texts.has('bin.ts')).toBe(false);
  });

  it('never follows symlinks out of the root or into loops, and says so', () => {
    const outside = tmpRepo({ 'secret.ts': 'export const s = 1;' });
    const root = tmpRepo({ 'src/a.ts': 'export {}' });
    symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src/escape.ts'));
    symlinkSync('loop-b.ts', path.join(root, 'loop-a.ts'));
    symlinkSync('loop-a.ts', path.join(root, 'loop-b.ts'));
    symlinkSync('a.ts', path.join(root, 'src/alias.ts'));
    mkdirSync(path.join(root, 'real'));
    symlinkSync(path.join(root, 'real'), path.join(root, 'dirlink'));
    const d = discover(root);
    const r = reasons(d);
    expect(r['src/escape.ts']).toMatch(/outside the repository root/);
    expect(r['loop-a.ts']).toMatch(/symlink loop/);
    expect(r['dirlink']).toMatch(/symlink to a directory/);
    expect(d.files.map((f) => f.path)).toEqual(['src/a.ts', 'src/alias.ts']);
    expect(d.texts.has('src/escape.ts')).toBe(false);
  });

  it('gives the same files whatever order they are listed in', () => {
    const root = tmpRepo({ 'b.ts': '1', 'a.ts': '2', 'c/d.ts': '3' });
    const one = discover(root);
    const two = discover(root, { order: (p) => [...p].reverse() });
    expect(two.files).toEqual(one.files);
  });

  it('fails with an InputError for a missing path or a file', () => {
    expect(() => discover('/no/such/dir')).toThrow(InputError);
    const root = tmpRepo({ 'f.txt': 'x' });
    expect(() => discover(path.join(root, 'f.txt'))).toThrow(/not a directory/);
  });
});
