/** Python through the built CLI, the way a user runs it: scan, then impact and context on a module. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/proofmap.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-pycli-'));
cpSync(new URL('../fixtures/python-forms', import.meta.url), dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (...argv: string[]) =>
  execFileSync(process.execPath, [bin, ...argv], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
  }).toString();

describe('proofmap on a Python project (spawned bin)', () => {
  it('scans to a confirmed map with Python edges', () => {
    const summary = JSON.parse(cli('scan', dir, '--json'));
    expect(summary.status).toBe('confirmed');
    expect(summary.edges.imports).toBeGreaterThanOrEqual(15);
    expect(summary.edges['dynamic-imports']).toBe(1);
  });

  it('answers impact with the importers, direct and transitive', () => {
    const answer = JSON.parse(cli('impact', 'src/shop/util.py', '--json'));
    const rows = answer.items.map((i: { path: string; depth: number }) => `${i.depth} ${i.path}`).sort();
    expect(rows).toEqual([
      '1 src/shop/core.py',
      '1 src/shop/loader.py',
      '1 src/shop/sub/__init__.py',
      '2 src/shop/__init__.py',
      '2 tests/test_cart.py',
    ]);
    expect(answer.freshness.fresh).toBe(true);
  });

  it('answers context with uses and used-by of a module', () => {
    const answer = JSON.parse(cli('context', 'src/shop/core.py', '--json'));
    const text = JSON.stringify(answer);
    for (const p of [
      'src/shop/util.py',
      'src/shop/__init__.py',
      'src/shop/sub/__init__.py',
      'tests/test_cart.py',
    ])
      expect(text).toContain(p);
  });
});
