/**
 * Python edges against Python's own answer (helpers/python_truth.py: `ast` + `find_spec`), on
 * real code nobody here wrote: packages of the installed standard library, copied and scanned
 * as a repository. Internal edges (file → file) must agree ≥ 99 % both ways.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPythonResolver } from '../../src/resolve/python.js';
import { scan } from '../../src/scan.js';

const python = spawnSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])'], {
  encoding: 'utf8',
});
const stdlib = python.status === 0 ? python.stdout.trim() : undefined;
if (!stdlib) console.warn('python truth test skipped: python3 is not installed');

/**
 * Packages with imports of every form (relative at two levels, from-imports of submodules, lazy
 * imports). Not `importlib`: its `_bootstrap` modules are always the interpreter's frozen copies,
 * so find_spec cannot name their files (8 edges of ours, true in the source, that it cannot see).
 */
const PACKAGES = [
  'json',
  'email',
  'multiprocessing',
  'ctypes',
  'concurrent',
  'xml',
  'http',
  'urllib',
  'logging',
  'asyncio',
  'unittest',
  'collections',
  'sqlite3',
  'wsgiref',
  'xmlrpc',
  'html',
  'dbm',
  'zoneinfo',
  'tomllib',
  'encodings',
];
const MODULES = [
  'os.py',
  'typing.py',
  'functools.py',
  'argparse.py',
  'subprocess.py',
  'pathlib.py',
  'shutil.py',
  'tempfile.py',
  'inspect.py',
  'dataclasses.py',
];

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

export function agreement(ours: Set<string>, truth: Set<string>) {
  const both = [...ours].filter((e) => truth.has(e)).length;
  return { ours: ours.size, truth: truth.size, both, precision: both / ours.size, recall: both / truth.size };
}

/** Scans root, asks Python about the same files, and returns how far the internal edges agree. */
async function compare(root: string, aliases: string[]) {
  const { map } = await scan({ root, write: false });
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const ours = new Set(
    map.edges
      .filter((e) => e.evidence[0]?.path.endsWith('.py') && byId.get(e.to)?.kind === 'file')
      .map((e) => `${byId.get(e.from)!.path}|${byId.get(e.to)!.path}`),
  );
  const files = map.nodes.filter((n) => n.kind === 'file' && n.path?.endsWith('.py')).map((n) => n.path!);
  const roots = map.nodes.flatMap((n) =>
    n.kind === 'package' ? ((n.metadata?.roots as string[]) ?? []) : [],
  );
  const resolver = createPythonResolver({ files: new Set(files), roots, declared: new Set() });
  const job = { root, aliases, files: files.map((p) => ({ path: p, search: resolver.searchPath(p) })) };
  const out = execFileSync(
    'python3',
    // -S: no site, so no .pth hook (setuptools' distutils shim) redirects a stdlib name.
    ['-I', '-S', '-X', 'frozen_modules=off', new URL('../helpers/python_truth.py', import.meta.url).pathname],
    { input: JSON.stringify(job), encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const truth = new Set((JSON.parse(out).edges as [string, string][]).map(([a, b]) => `${a}|${b}`));
  const score = agreement(ours, truth);
  console.info(`python truth (${root}, ${files.length} files): ${JSON.stringify(score)}`);
  const onlyOurs = [...ours].filter((e) => !truth.has(e));
  const onlyTruth = [...truth].filter((e) => !ours.has(e));
  if (onlyOurs.length + onlyTruth.length > 0) console.info({ onlyOurs, onlyTruth });
  return score;
}

describe.skipIf(!stdlib)('Python edges agree with ast + importlib.util.find_spec', () => {
  it('on standard library packages', { timeout: 600_000 }, async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-pystd-'));
    dirs.push(root);
    // PROOFMAP_PY_TRUTH_FULL=1: the whole standard library (minus site-packages and test suites).
    const full = process.env.PROOFMAP_PY_TRUTH_FULL === '1';
    const skip = (s: string) =>
      s.includes('__pycache__') || /\/(?:tests?|idle_test|site-packages)(\/|$)/.test(s.slice(stdlib!.length));
    if (full) cpSync(stdlib!, root, { recursive: true, filter: (s) => !skip(s) });
    else
      for (const p of PACKAGES)
        cpSync(path.join(stdlib!, p), path.join(root, p), {
          recursive: true,
          filter: (s) => !s.includes('__pycache__') && !/\/tests?(\/|$)/.test(s.slice(stdlib!.length)),
        });
    if (!full) for (const m of MODULES) cpSync(path.join(stdlib!, m), path.join(root, m));
    const score = await compare(root, [stdlib!]);
    expect(score.truth).toBeGreaterThan(300);
    expect(score.precision).toBeGreaterThanOrEqual(0.99);
    expect(score.recall).toBeGreaterThanOrEqual(0.99);
  });

  it('on the fixture of every form (src/ root from pyproject, namespace packages, tests)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-pyforms-'));
    dirs.push(root);
    cpSync(new URL('../fixtures/python-forms', import.meta.url), root, { recursive: true });
    const score = await compare(root, []);
    expect(score.truth).toBeGreaterThanOrEqual(10);
    expect(score).toMatchObject({ precision: 1, recall: 1 });
  });
});
