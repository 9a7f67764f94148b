/** Rust through the built CLI, the way a user runs it: scan, impact, context, check and claims. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/proofmap.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-rustcli-'));
cpSync(new URL('../fixtures/rust-forms', import.meta.url), dir, { recursive: true });
// A document with claims about the Rust code: one true export, one false, one missing file.
writeFileSync(
  path.join(dir, 'docs/claims.md'),
  '# Claims\n\n`crates/core-lib/src/shapes.rs` exports `Circle` and `Square`.\nThe squares live in `crates/core-lib/src/square.rs`.\n',
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

describe('proofmap on a Cargo workspace (spawned bin)', () => {
  it('scans to a confirmed map with module, use and depends-on edges', () => {
    const summary = JSON.parse(cli('scan', dir, '--json'));
    expect(summary.status).toBe('confirmed');
    expect(summary.edges.imports).toBeGreaterThanOrEqual(25);
    expect(summary.edges['re-exports']).toBe(1);
    expect(summary.edges['depends-on']).toBe(8);
  });

  it('answers impact on a module file: the files that declare and use it, then theirs', () => {
    const answer = JSON.parse(cli('impact', 'crates/core-lib/src/geo/helpers.rs', '--json'));
    const rows = answer.items.map((i: { path: string; depth: number }) => `${i.depth} ${i.path}`);
    expect(rows).toContain('1 crates/core-lib/src/geo/geometry_impl.rs');
    expect(rows).toContain('2 crates/core-lib/src/lib.rs');
    expect(rows).toContain('2 crates/core-lib/src/shapes.rs');
    expect(rows).toContain('2 app/src/bin/tool.rs');
    expect(answer.freshness).toMatchObject({ fresh: true, missing: [] });
  });

  it('answers impact on an exported Rust name, across crates', () => {
    const answer = JSON.parse(cli('impact', 'Circle', '--json'));
    expect(answer.target).toMatchObject({ kind: 'symbol' });
    expect(answer.target.paths).toContain('crates/core-lib/src/shapes.rs');
    const paths = answer.items.map((i: { path: string }) => i.path);
    expect(paths).toContain('app/src/main.rs');
    expect(paths).toContain('crates/core-lib/tests/integration.rs');
  });

  it('answers context with the crate zone and the documents', () => {
    const answer = JSON.parse(cli('context', 'crates/core-lib/src/shapes.rs', '--json'));
    const text = JSON.stringify(answer);
    expect(text).toContain('core-lib');
    expect(text).toContain('docs/core.md');
    expect(text).toContain('crates/core-lib/src/geo/geometry_impl.rs');
  });

  it('passes check, and claims verifies and contradicts statements about the Rust code', () => {
    expect(run('check').status).toBe(0);
    const claims = run('claims', '--json');
    expect(claims.status).toBe(1);
    const report = JSON.parse(claims.stdout);
    const verdicts = report.verdicts.map((v: { text: string; verdict: string }) => `${v.verdict} ${v.text}`);
    expect(verdicts).toContain('verified crates/core-lib/src/shapes.rs exports Circle');
    expect(verdicts).toContain('contradicted crates/core-lib/src/shapes.rs exports Square');
    expect(verdicts).toContain('contradicted crates/core-lib/src/square.rs');
  });
});
