/** `proofmap crosscheck` as a user runs it: formats, the repository's own typescript, exit codes. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const repo = path.resolve(import.meta.dirname, '../..');
const typescript = path.join(repo, 'node_modules/typescript');
// A copy outside the repository, so that no typescript is found above it.
const lonely = mkdtempSync(path.join(os.tmpdir(), 'proofmap-crosscheck-cli-'));
cpSync(path.join(repo, 'test/fixtures/nodenext-esm-no-probing'), lonely, { recursive: true });
afterAll(() => rmSync(lonely, { recursive: true, force: true }));

describe('proofmap crosscheck', () => {
  it('without a typescript to load, exits 2 with one line saying what to do', async () => {
    const r = await runCli(['crosscheck', lonely]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/no typescript package found from .*--typescript PATH/);
  });

  it('--json gives the figures and the disagreements, with --typescript naming the compiler', async () => {
    const r = await runCli(['crosscheck', lonely, '--typescript', typescript, '--json']);
    expect(r.exitCode).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.typescript).toMatch(/^\d+\.\d+/);
    expect(report.pairs).toEqual({ proofmap: 5, tsc: 5, both: 5 });
    expect(report.agreement).toBe(1);
    expect(report.disagreements).toEqual([]);
  });

  it('uses the repository own typescript when it has one, and prints causes with file:line', async () => {
    const r = await runCli(['crosscheck', repo, '--sample', '400']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/400 sampled/);
    expect(r.stdout).toMatch(/precision \d+\.\d\d%\s+recall \d+\.\d\d%\s+agreement \d+\.\d\d%/);
  });

  it('--format sarif is a SARIF 2.1.0 log with one rule per cause', async () => {
    const r = await runCli(['crosscheck', repo, '--format', 'sarif']);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe('2.1.0');
    const rules = log.runs[0].tool.driver.rules.map((x: { id: string }) => x.id);
    expect(rules).toContain('condition');
    // bin/proofmap.js imports git-ignored build output: named, with its line.
    type Result = {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    };
    const excluded = (log.runs[0].results as Result[])
      .filter((x) => x.ruleId === 'excluded-folder')
      .find((x) => x.locations[0]!.physicalLocation.artifactLocation.uri === 'bin/proofmap.js');
    expect(excluded).toBeDefined();
    expect(excluded!.locations[0]!.physicalLocation.region.startLine).toBeGreaterThan(0);
  });

  it('--min-agreement above what was reached exits 1; bad values exit 2', async () => {
    expect(
      (await runCli(['crosscheck', lonely, '--typescript', typescript, '--min-agreement', '99.5'])).exitCode,
    ).toBe(0);
    expect(
      (await runCli(['crosscheck', lonely, '--typescript', typescript, '--min-agreement', 'x'])).exitCode,
    ).toBe(2);
    expect((await runCli(['crosscheck', lonely, '--format', 'xml'])).exitCode).toBe(2);
  });

  it('runs as the built binary', () => {
    const out = spawnSync(
      process.execPath,
      [path.join(repo, 'bin/proofmap.js'), 'crosscheck', lonely, '--typescript', typescript],
      {
        env: { ...process.env, NO_COLOR: '1' },
        encoding: 'utf8',
      },
    );
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/agreement 100\.00%/);
    expect(out.stdout).toMatch(/No disagreements\./);
  });
});
