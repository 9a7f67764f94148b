/**
 * Issue 24: with better-sqlite3 compiled against Node 24.19+ headers, a statement or database
 * wrapper destroyed by the garbage collector aborts the process (SIGABRT, `Assertion (env) !=
 * nullptr`). These run the built code in child processes, on whatever Node runs the suite (CI runs
 * it on Node 20 and on Node 24, each with its own build of the addon), and would abort there if
 * the store let a wrapper become garbage.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(new URL('../..', import.meta.url).pathname);
const dist = (p: string) => path.join(repoRoot, 'dist', p);

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'proofmap-gc-'));
}

describe('no better-sqlite3 object is left to the garbage collector', () => {
  it('scans, rescans, queries and closes, then survives many young-generation collections', () => {
    const root = path.join(tempDir(), 'repo');
    cpSync(path.join(repoRoot, 'test/fixtures/import-forms'), root, { recursive: true });
    // A minor GC triggered by allocation is what runs the wrappers' destructors; a forced gc()
    // does not reproduce the abort, so the child allocates instead.
    const script = `
      const { scan, openSession } = await import(${JSON.stringify(dist('index.js'))});
      const root = ${JSON.stringify(root)};
      await scan({ root });
      await scan({ root });
      await scan({ root, force: true });
      const session = openSession(root);
      const nodes = session.map.nodes.length;
      session.close();
      let junk = [];
      for (let i = 0; i < 3e6; i++) { junk.push({ i }); if (junk.length > 1e5) junk = []; }
      process.stdout.write('ok ' + nodes);`;
    const child = spawnSync(
      process.execPath,
      ['--max-semi-space-size=1', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stderr).not.toMatch(/Assertion failed/);
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(child.stdout).toMatch(/^ok [1-9]\d*$/);
    rmSync(path.dirname(root), { recursive: true, force: true });
  });

  it('a cold scan of a repository large enough for the parse pool exits 0', () => {
    const root = path.join(tempDir(), 'repo');
    // 900 TypeScript files: above the parse pool's threshold (800), so workers run too.
    const generator = path.join(repoRoot, 'bench/generate-repo.js');
    const args = [generator, root, '--files', '900', '--docs', '30', '--adrs', '3', '--no-git'];
    expect(spawnSync(process.execPath, args, { stdio: 'ignore' }).status).toBe(0);
    const child = spawnSync(
      process.execPath,
      ['--max-semi-space-size=1', path.join(repoRoot, 'bin/proofmap.js'), 'scan', root, '--json'],
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(child.stderr).not.toMatch(/Assertion failed/);
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stdout).parsed).toBeGreaterThan(800);
    rmSync(path.dirname(root), { recursive: true, force: true });
  });
});

describe('the store makes better-sqlite3 objects only through handles.ts', () => {
  // A direct db.prepare(), db.pragma() or stmt.iterate() makes an object the GC will destroy.
  // A type-only import makes nothing (store/sqlite-driver*.ts name the constructor's type).
  const forbidden = [
    /\bnew Database\(/,
    /\.prepare\(/,
    /\.pragma\(/,
    /\.iterate\(/,
    /^import (?!type\b).*from 'better-sqlite3'/,
  ];

  const offenders = (files: string[], exempt: (file: string, line: string) => boolean) =>
    files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          forbidden.some((re) => re.test(line)) && !exempt(file, line)
            ? [`${path.relative(repoRoot, file)}:${i + 1}`]
            : [],
        ),
    );

  it('no other source file creates a database, a statement or an iterator', () => {
    const handles = path.join('store', 'handles.ts');
    expect(offenders(sourceFiles(path.join(repoRoot, 'src')), (file) => file.endsWith(handles))).toEqual([]);
  });

  // The tests run in vitest's worker processes, on Node 24 in CI's second run: a statement a test
  // prepares and drops aborts the worker as surely as one in src/ would. This file's own patterns
  // are exempt, and so is a line marked gc-safe (a child's script that holds its database).
  it('no test creates one either, but through handles.ts', () => {
    const self = fileURLToPath(import.meta.url);
    expect(
      offenders(
        sourceFiles(path.join(repoRoot, 'test')).filter((f) => !f.includes(`${path.sep}fixtures${path.sep}`)),
        (file, line) => file === self || /\/\/ gc-safe: /.test(line),
      ),
    ).toEqual([]);
  });

  it('only handles.ts takes the constructor from the driver modules', () => {
    const drivers = ['handles.ts', 'sqlite-driver.ts', 'sqlite-driver-bundled.ts'].map((f) =>
      path.join(repoRoot, 'src', 'store', f),
    );
    const users = sourceFiles(path.join(repoRoot, 'src')).filter(
      (file) => !drivers.includes(file) && /\b(loadDriver|bundledDriver)\b/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
    expect(readFileSync(drivers[0]!, 'utf8')).toMatch(/\bloadDriver\(\)/);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}
