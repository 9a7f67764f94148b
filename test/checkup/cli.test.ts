/** `proofmap check` in-process: formats, exit codes, modes, config errors. */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { copyFixture } from './run.js';
import { sarifSubsetSchema } from './sarif-schema.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
const fixture = (name: string) => {
  const dir = copyFixture(name);
  made.push(dir);
  return dir;
};

describe('proofmap check', () => {
  it('exits 1 on an error and groups the text report by kind and code', async () => {
    const r = await runCli(['check', fixture('checkup-forbidden-dependency')]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^errors · forbidden-dependency \(1\)\n {2}src\/ui\/view\.js:1: /);
    expect(r.stdout).toMatch(/proofmap check: failed — 1 errors, 0 warnings; 1 entry points\.\n$/);
  });

  it('exits 0 on warnings only, and with --check warn even on errors; --check off skips', async () => {
    expect((await runCli(['check', fixture('checkup-import-cycle')])).exitCode).toBe(0);
    const dir = fixture('checkup-forbidden-dependency');
    expect((await runCli(['check', dir, '--check', 'warn'])).exitCode).toBe(0);
    const off = await runCli(['check', dir, '--check', 'off', '--format', 'json']);
    expect(off.exitCode).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ ok: true, skipped: true, problems: [] });
  });

  it('--format json is the structured result', async () => {
    const r = await runCli(['check', fixture('checkup-unreachable-module'), '--format', 'json']);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ ok: true, entries: 1, ignored: 0 });
    expect(result.problems).toEqual([
      expect.objectContaining({ kind: 'warning', code: 'unreachable-module', node: 'src/old.js' }),
    ]);
  });

  it('--format github prints workflow commands with file and line, escaped', async () => {
    const r = await runCli(['check', fixture('checkup-forbidden-dependency'), '--format', 'github']);
    expect(r.stdout).toMatch(
      /^::error file=src\/ui\/view\.js,line=1,col=\d+,title=proofmap forbidden-dependency::src\/ui\/view\.js:1: /,
    );
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it('--format sarif validates against the SARIF 2.1.0 subset schema, with and without locations', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(sarifSubsetSchema);
    for (const name of [
      'checkup-forbidden-dependency',
      'checkup-no-entry',
      'checkup-import-cycle',
      'checkup-orphan-document',
    ]) {
      const r = await runCli(['check', fixture(name), '--format', 'sarif']);
      const sarif = JSON.parse(r.stdout);
      expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
      expect(sarif.runs[0].results.length).toBeGreaterThan(0);
      for (const result of sarif.runs[0].results) {
        expect(sarif.runs[0].tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
      }
    }
    // The schema does bite: a level outside the enum and a line 0 are rejected.
    expect(
      validate({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }],
      }),
    ).toBe(false);
    const bad = { physicalLocation: { artifactLocation: { uri: 'a.ts' }, region: { startLine: 0 } } };
    expect(
      validate({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, locations: [bad] }] }],
      }),
    ).toBe(false);
  });

  it('exits 2 with the file, line and key path for a bad config, before scanning', async () => {
    const dir = tmpRepo({
      'package.json': '{ "name": "x", "main": "a.js" }',
      'a.js': 'export {}',
      'proofmap.config.json':
        '{\n  "rules": [\n    { "kind": "forbidden", "from": { "pattern": "(?=a)(a+)+$" }, "to": { "path": "b" } }\n  ]\n}\n',
    });
    const risky = await runCli(['check', dir]);
    expect(risky.exitCode).toBe(2);
    expect(risky.stderr).toMatch(
      /proofmap\.config\.json:3: rules\[0\]\.from\.pattern: regular expression can backtrack catastrophically/,
    );
    writeFileSync(path.join(dir, 'proofmap.config.json'), '{ "rules": [], "entires": ["a.js"] }');
    const typo = await runCli(['check', dir]);
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toMatch(/unknown key "entires"/);
  });

  it('exits 2 for a bad --format or --check, and for --no-scan without a map', async () => {
    const dir = tmpRepo({ 'a.js': 'export {}' });
    expect((await runCli(['check', dir, '--format', 'xml'])).stderr).toMatch(
      /--format must be one of text, json, sarif, github/,
    );
    expect((await runCli(['check', dir, '--check', 'maybe'])).exitCode).toBe(2);
    const noMap = await runCli(['check', dir, '--no-scan']);
    expect(noMap.exitCode).toBe(2);
    expect(noMap.stderr).toMatch(/no valid \.proofmap\/map\.json/);
  });
});
