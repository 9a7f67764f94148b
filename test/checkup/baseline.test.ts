/** Baselines through the CLI: a round trip, only new violations reported, line shifts tolerated. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { githubReport } from '../../src/checkup/report-github.js';
import type { CheckupResult, Problem } from '../../src/checkup/types.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const repo = () =>
  tmpRepo({
    'package.json': '{ "name": "x", "main": "src/index.js" }',
    'proofmap.config.json': JSON.stringify({
      rules: [
        { name: 'no-fs', kind: 'forbidden', from: { path: 'src/**' }, to: { path: 'external:node:fs' } },
      ],
    }),
    'src/index.js':
      "import { readFileSync } from 'node:fs';\nimport './b.js';\nexport const a = readFileSync;\n",
    // A side-effect module: an export here would be an unused-export warning in the baseline too.
    'src/b.js': 'globalThis.loaded = true;\n',
  });

describe('check --baseline', () => {
  it('round trip: update writes a sorted file, the same tree then passes, a new violation fails', async () => {
    const dir = repo();
    const before = await runCli(['check', dir]);
    expect(before.exitCode).toBe(1);
    const written = await runCli(['check', dir, '--update-baseline']);
    expect(written.exitCode).toBe(0);
    const file = path.join(dir, '.proofmap/baseline.json');
    const baseline = JSON.parse(readFileSync(file, 'utf8'));
    expect(baseline.violations.map((v: { code: string; from: string }) => [v.code, v.from])).toEqual([
      ['forbidden-dependency', 'src/index.js'],
    ]);
    expect(baseline.violations[0].message).not.toMatch(/src\/index\.js:1/);
    // Writing it again gives the same bytes.
    await runCli(['check', dir, '--update-baseline']);
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(baseline, null, 2) + '\n');

    const known = await runCli(['check', dir, '--baseline', '.proofmap/baseline.json']);
    expect(known.exitCode).toBe(0);
    expect(known.stdout).toMatch(/1 known violation in the baseline not shown/);

    // Lines shift above the old violation: still known. A new file with the same import: new.
    writeFileSync(
      path.join(dir, 'src/index.js'),
      `// moved\n\n${readFileSync(path.join(dir, 'src/index.js'), 'utf8')}`,
    );
    expect((await runCli(['check', dir, '--baseline', '.proofmap/baseline.json'])).exitCode).toBe(0);
    writeFileSync(
      path.join(dir, 'src/b.js'),
      "import { statSync } from 'node:fs';\nexport const b = statSync;\n",
    );
    const fresh = await runCli(['check', dir, '--baseline', '.proofmap/baseline.json', '--format', 'json']);
    expect(fresh.exitCode).toBe(1);
    const result = JSON.parse(fresh.stdout);
    expect(result.problems.filter((p: Problem) => p.kind === 'error').map((p: Problem) => p.from)).toEqual([
      'src/b.js',
    ]);
    expect(result.baselined).toBe(1);
  });

  it('a missing or malformed baseline is bad input (exit 2, one line)', async () => {
    const dir = repo();
    const missing = await runCli(['check', dir, '--baseline', 'nope.json']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    writeFileSync(path.join(dir, 'bad.json'), '{"violations": 3}');
    expect((await runCli(['check', dir, '--baseline', 'bad.json'])).exitCode).toBe(2);
  });
});

describe('github annotations', () => {
  it('are capped, errors first, with a summary notice counting the rest', () => {
    const p = (kind: 'error' | 'warning', i: number): Problem => ({
      kind,
      code: kind === 'error' ? 'forbidden-dependency' : 'unreachable-module',
      message: `m${i}`,
      evidence: [{ source: 'derived', path: `f${i}.ts`, line: 1 }],
    });
    const problems = [
      ...Array.from({ length: 3 }, (_, i) => p('error', i)),
      ...Array.from({ length: 5 }, (_, i) => p('warning', i)),
    ];
    const result: CheckupResult = { ok: false, problems, ignored: 0, entries: 1 };
    const lines = githubReport(result, 4).trimEnd().split('\n');
    expect(lines.map((l) => l.slice(0, l.indexOf(' ')))).toEqual([
      '::error',
      '::error',
      '::error',
      '::warning',
      '::notice',
    ]);
    expect(lines[4]).toMatch(/4 more problems not annotated \(0 errors, 4 warnings\)/);
    expect(githubReport(result).split('\n').filter(Boolean)).toHaveLength(8);
  });
});
