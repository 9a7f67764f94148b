/**
 * Reading a repository's virtual environments for import names, on written venvs (every metadata
 * form) and against Python's own importlib.metadata.packages_distributions() on a real
 * site-packages directory of this machine (skipped with a reason where python3 has none).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPythonEnvironment } from '../../src/discover/python-env.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { writeVenv } from '../helpers/venv.js';

const files = (...paths: string[]) => paths.map((p) => ({ path: p }));
const importsOf = (root: string, listed = files('app.py', 'pyproject.toml')) =>
  (readPythonEnvironment(root, listed).environment?.installed ?? []).map(
    (d) => `${d.name}: ${d.imports.join(' ')} (${path.basename(d.source)})`,
  );

describe('readPythonEnvironment', () => {
  it('reads top_level.txt, else RECORD, else egg-info, from every venv beside a manifest', () => {
    const root = tmpRepo({ 'app.py': '', 'pyproject.toml': '', 'svc/requirements.txt': '' });
    writeVenv(root, [
      { name: 'PyYAML', topLevel: ['_yaml', 'yaml'], record: ['yaml/__init__.py'] },
      { name: 'attrs', record: ['attr/__init__.py', 'attrs/__init__.py', 'attrs-23.2.0.dist-info/METADATA'] },
      { name: 'speedups-native', record: ['speedups.cpython-312-x86_64-linux-gnu.so', '../../bin/speedup'] },
      { name: 'PyJWT', egg: true, topLevel: ['jwt'] },
    ]);
    writeVenv(root, [{ name: 'six', record: ['six.py'] }], { venv: 'svc/venv', site: 'Lib/site-packages' });
    expect(importsOf(root, files('app.py', 'pyproject.toml', 'svc/requirements.txt'))).toEqual([
      // Code-unit order, as everywhere in the map: capitals first.
      'PyJWT: jwt (top_level.txt)',
      'PyYAML: _yaml yaml (top_level.txt)',
      'attrs: attr attrs (RECORD)',
      'speedups-native: speedups (RECORD)',
      'six: six (RECORD)',
    ]);
  });

  it('records each venv as discovery coverage whose fingerprint follows what is installed', () => {
    const root = tmpRepo({ 'app.py': '' });
    writeVenv(root, [{ name: 'attrs', topLevel: ['attr'] }]);
    const before = readPythonEnvironment(root, files('app.py')).coverage;
    expect(before).toMatchObject([{ analyzer: 'discover', scope: '.venv', status: 'analyzed' }]);
    expect(before[0]!.reason).toContain('1 installed distributions');
    writeVenv(root, [{ name: 'six', topLevel: ['six'] }]);
    const after = readPythonEnvironment(root, files('app.py')).coverage;
    expect(after[0]!.detail).not.toBe(before[0]!.detail);
  });

  it('reads nothing without Python files, or without a pyvenv.cfg', () => {
    const root = tmpRepo({ 'index.ts': '', 'venv/lib/python3.12/site-packages/x.py': '' });
    expect(readPythonEnvironment(root, files('index.ts'))).toEqual({ coverage: [] });
    expect(readPythonEnvironment(root, files('index.ts', 'app.py'))).toEqual({ coverage: [] });
  });
});

const python = spawnSync(
  'python3',
  [new URL('../helpers/python_distributions.py', import.meta.url).pathname],
  {
    encoding: 'utf8',
  },
);
const site = python.status === 0 ? python.stdout.trim() : '';
if (!site)
  console.warn('python distribution truth test skipped: python3 has no site-packages with distributions');

describe.skipIf(!site)('agreement with importlib.metadata.packages_distributions()', () => {
  it(`maps import names to distributions as Python does, on ${site}`, () => {
    const root = tmpRepo({ 'app.py': '' });
    mkdirSync(path.join(root, '.venv/lib/python3.11'), { recursive: true });
    writeVenv(root, []);
    symlinkSync(site, path.join(root, '.venv/lib/python3.11/site-packages'));
    const truth = JSON.parse(
      spawnSync('python3', [new URL('../helpers/python_distributions.py', import.meta.url).pathname, site], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }).stdout,
    ) as Record<string, string[]>;
    const pairs = (m: Iterable<[string, string]>) =>
      // Only names an import statement can write: RECORDs also list mypyc helpers such as
      // `81d243bd2c585b0f4821__mypyc`, which Python's inference keeps and no code imports.
      new Set([...m].filter(([i]) => /^[A-Za-z_]\w*$/.test(i)).map(([i, d]) => `${i} ${d}`));
    const expected = pairs(
      Object.entries(truth).flatMap(([i, ds]) => ds.map((d) => [i, d] as [string, string])),
    );
    const installed = readPythonEnvironment(root, files('app.py')).environment!.installed;
    const ours = pairs(installed.flatMap((d) => d.imports.map((i) => [i, d.name] as [string, string])));
    const agreed = [...ours].filter((p) => expected.has(p)).length;
    const precision = agreed / ours.size;
    const recall = agreed / expected.size;
    console.log(
      `python distributions: ${installed.length} distributions, ${expected.size} import→distribution pairs; P ${(precision * 100).toFixed(2)}% R ${(recall * 100).toFixed(2)}%`,
    );
    console.log('only ours:', [...ours].filter((p) => !expected.has(p)).slice(0, 10));
    console.log('only python:', [...expected].filter((p) => !ours.has(p)).slice(0, 10));
    expect(expected.size).toBeGreaterThan(0);
    expect(precision).toBeGreaterThanOrEqual(0.99);
    expect(recall).toBeGreaterThanOrEqual(0.99);
  });
});
