/** Go through the built CLI, the way a user runs it: scan, impact, context, check and claims. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/proofmap.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-gocli-'));
cpSync(new URL('../fixtures/go-forms', import.meta.url), dir, { recursive: true });
// A document with claims about the Go code: one true export, one false, one missing file.
writeFileSync(
  path.join(dir, 'docs/claims.md'),
  '# Claims\n\n`app/internal/util/util.go` exports `Shout` and `Whisper`.\nThe loud variant lives in `app/internal/util/loud.go`.\n',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...argv: string[]) =>
  spawnSync(process.execPath, [bin, ...argv], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    encoding: 'utf8',
  });
const cli = (...argv: string[]) =>
  execFileSync(process.execPath, [bin, ...argv], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
  }).toString();

describe('proofmap on a Go workspace (spawned bin)', () => {
  it('scans to a confirmed map with Go package, import and containment edges', () => {
    const summary = JSON.parse(cli('scan', dir, '--json'));
    expect(summary.status).toBe('confirmed');
    expect(summary.edges.imports).toBeGreaterThanOrEqual(15);
    expect(summary.edges.contains).toBe(10);
    expect(summary.edges['depends-on']).toBe(5);
  });

  it('answers impact through the package: its files’ importers, then theirs', () => {
    const answer = JSON.parse(cli('impact', 'lib/strs/strs.go', '--json'));
    const rows = answer.items.map((i: { path: string; depth: number }) => `${i.depth} ${i.path}`);
    expect(rows.slice(0, 4)).toEqual([
      '1 lib/strs',
      '2 app/cmd/tool/tool.go',
      '2 app/main.go',
      '2 solo/main.go',
    ]);
    expect(answer.freshness).toMatchObject({ fresh: true, missing: [] });
  });

  it('answers impact on an exported Go name', () => {
    const answer = JSON.parse(cli('impact', 'Shout', '--json'));
    expect(answer.target).toMatchObject({ kind: 'symbol', paths: ['app/internal/util/util.go'] });
    const paths = answer.items.map((i: { path: string }) => i.path);
    expect(paths).toContain('app/main.go');
    expect(paths).toContain('app/internal/util/shout_test.go');
  });

  it('answers context with the package, its zone (the module) and the documents', () => {
    const answer = JSON.parse(cli('context', 'app/internal/util/util.go', '--json'));
    const text = JSON.stringify(answer);
    expect(text).toContain('example.com/app');
    expect(text).toContain('docs/util.md');
    expect(text).toContain('app/internal/util');
  });

  it('passes check, and claims verifies and contradicts statements about the Go code', () => {
    expect(run('check').status).toBe(0);
    const claims = run('claims', '--json');
    expect(claims.status).toBe(1);
    const report = JSON.parse(claims.stdout);
    const verdicts = report.verdicts.map((v: { text: string; verdict: string }) => `${v.verdict} ${v.text}`);
    expect(verdicts).toContain('verified app/internal/util/util.go exports Shout');
    expect(verdicts).toContain('contradicted app/internal/util/util.go exports Whisper');
    expect(verdicts).toContain('contradicted app/internal/util/loud.go');
  });
});
