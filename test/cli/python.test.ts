/** Python through the built CLI, the way a user runs it: scan, then impact and context on a module. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeVenv } from '../helpers/venv.js';

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

describe('proofmap on Python imports whose distribution is named otherwise (spawned bin)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-pydist-cli-'));
  cpSync(new URL('../fixtures/python-distributions', import.meta.url), root, { recursive: true });
  writeVenv(root, [
    { name: 'PyYAML', topLevel: ['_yaml', 'yaml'] },
    { name: 'attrs', record: ['attr/__init__.py', 'attrs/__init__.py'] },
  ]);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const run = (...argv: string[]) =>
    spawnSync(process.execPath, [bin, ...argv], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    });

  it('scan --json lists each undeclared import as a finding with file:line, and exits 0', () => {
    const r = run('scan', root, '--json');
    expect(r.status).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.status).toBe('confirmed');
    const found = summary.findings
      .filter((f: { rule: string }) => f.rule === 'python-undeclared-distribution')
      .map((f: { path: string; line: number }) => `${f.path}:${f.line}`);
    // attr (installed from attrs), weirdname (no metadata in this venv), requests, speedups, cv2.
    expect(found).toEqual([6, 7, 8, 9, 10].map((n) => `src/app/__init__.py:${n}`));
    expect(summary.coverage.analyzed).toBeGreaterThanOrEqual(1);
  });

  it('the text summary names the distribution and the manifests', () => {
    const r = run('scan', root, '--force');
    expect(r.stdout).toContain(
      '[python-undeclared-distribution] src/app/__init__.py:7: imports attr (installed from attrs, per .venv/lib/python3.12/site-packages/attrs-1.0.dist-info/RECORD), but attrs is declared in none of pyproject.toml, requirements.txt',
    );
  });

  it('check with a rule on dependency type unlisted fails on the same imports, by distribution', () => {
    writeFileSync(
      path.join(root, 'proofmap.config.json'),
      JSON.stringify({
        entries: ['src/app/__init__.py'],
        rules: [
          {
            name: 'declared',
            kind: 'forbidden',
            from: { path: 'src/**' },
            to: {},
            dependencyTypes: ['unlisted'],
          },
        ],
      }),
    );
    const r = run('check', root);
    expect(r.status).toBe(1);
    const hits = r.stdout
      .split('\n')
      .filter((l) => l.includes('not listed in any pyproject.toml or requirements*.txt'))
      .map((l) => /^\s*(\S+): \S+ imports (\S+),/.exec(l)?.slice(1).join(' '));
    expect(hits).toEqual([
      'src/app/__init__.py:6 external:pypi:weirdname',
      'src/app/__init__.py:7 external:pypi:attrs',
      'src/app/__init__.py:8 external:pypi:requests',
      'src/app/__init__.py:9 external:pypi:speedups',
      'src/app/__init__.py:10 external:pypi:opencv-python',
    ]);
  });
});
