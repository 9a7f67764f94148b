/**
 * Issue 22 items 12 and 15: `.proofmap` committed as a symlink must not make a scan write outside
 * the repository, and `.proofmap` as a file is bad input (exit 2, one line), not exit 3.
 */
import { mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo } from './hook-harness.js';

describe('hostile item 12: the output folder', () => {
  it('refuses a .proofmap symlink (exit 2, one line) and writes nothing where it points', () => {
    const root = gatedRepo();
    const outside = mkdtempSync(path.join(os.tmpdir(), 'proofmap-outside-'));
    symlinkSync(outside, path.join(root, '.proofmap'));
    const r = cli(root, ['scan']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')[0]).toMatch(
      /\.proofmap is a symbolic link; proofmap writes only inside the repository/,
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a .proofmap file is exit 2 with one line, not an internal error', () => {
    const root = gatedRepo();
    writeFileSync(path.join(root, '.proofmap'), 'not a folder');
    const r = cli(root, ['scan']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/\.proofmap is not a folder/);
    expect(r.stderr).not.toMatch(/internal error/);
  });
});
