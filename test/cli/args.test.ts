/**
 * The argument parser's failures come out as our one-line errors (exit 2) that name the option
 * and say what to do; numeric flags and [dir] are validated once, the same way everywhere.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { intOption } from '../../src/cli/args.js';
import { runCli } from '../helpers/cli.js';
import { copyFixture, makeScanned } from './args-fixture.js';

const oneLine = (s: string) => s.trimEnd().split('\n').length === 1;

describe('parser messages', () => {
  it('an unknown option: one line, the command and where to look', async () => {
    const r = await runCli(['impact', 'x', '--nope']);
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toBe(
      'proofmap: unknown option --nope for proofmap impact — run proofmap impact --help for its options\n',
    );
  });

  it('a missing value, a value given to a flag, and a value that looks like an option', async () => {
    const missing = await runCli(['cycles', '--limit']);
    expect(missing.stderr).toMatch(/^proofmap: --limit needs a value — /);
    const flag = await runCli(['scan', '--json=yes']);
    expect(flag.stderr).toMatch(/^proofmap: --json takes no value — /);
    const dash = await runCli(['impact', 'x', '--depth', '-1']);
    expect(dash.stderr).toMatch(
      /^proofmap: --depth needs a value; write a value starting with "-" as --depth=-N/,
    );
    for (const r of [missing, flag, dash]) {
      expect(r.exitCode).toBe(2);
      expect(oneLine(r.stderr)).toBe(true);
      expect(r.stderr).not.toMatch(/To specify|positional argument/);
    }
  });

  it('an option before the command is named as an option, not as a command', async () => {
    const r = await runCli(['--json', 'scan']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown option --json — options come after the command/);
  });
});

describe('numeric limits', () => {
  it('intOption refuses zero where at least 1 is needed, negatives, fractions and other spellings', () => {
    expect(intOption(undefined, 'limit', 7, { min: 1 })).toBe(7);
    expect(intOption('12', 'limit', 7, { min: 1 })).toBe(12);
    for (const bad of ['0', '-3', '2.5', '1e3', '', '0x10', 'ten', ' 4'])
      expect(() => intOption(bad, 'limit', 7, { min: 1 }), bad).toThrow(
        /--limit must be a whole number of at least 1/,
      );
    expect(intOption('0', 'seed', 1)).toBe(0);
  });

  it('the CLI rejects --depth 0, --limit=-5, --limit 2.5 and --max-file-bytes 0 with exit 2', async () => {
    const root = await makeScanned();
    const cases: [string[], RegExp][] = [
      [['impact', 'src/a.ts', root, '--depth', '0'], /--depth must be a whole number of at least 1, got "0"/],
      [['refs', 'src/a.ts', root, '--limit=-5'], /--limit must be a whole number of at least 1, got "-5"/],
      [['cycles', root, '--limit', '2.5'], /--limit must be a whole number of at least 1, got "2.5"/],
      [['impact', 'src/a.ts', root, '--visit-limit', '0'], /--visit-limit must be/],
      [['scan', root, '--max-file-bytes', '0'], /--max-file-bytes must be a whole number of at least 1/],
      [['search', 'a', root, '--limit', 'lots'], /--limit must be/],
      [['rank', root, '--by', 'size'], /--by must be one of centrality, canonicality, fan-in/],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv);
      expect(r.exitCode, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(oneLine(r.stderr)).toBe(true);
    }
  });
});

describe('[dir] everywhere', () => {
  it('scan <file> and scan <missing> are bad input (exit 2), not a scan of nothing', async () => {
    const file = path.join(os.tmpdir(), `proofmap-not-a-dir-${process.pid}.ts`);
    writeFileSync(file, 'export const a = 1;\n');
    const r = await runCli(['scan', file]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/is a file, not a directory — proofmap scan takes the repository's directory/);
    const missing = await runCli(['scan', path.join(os.tmpdir(), 'proofmap-no-such-dir')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/no such directory/);
    for (const cmd of ['guard', 'view', 'check', 'cycles', 'rank', 'changes'])
      expect((await runCli([cmd, file])).exitCode, cmd).toBe(2);
  });

  it('query commands take [dir] after their targets, the same answer as the older --root', async () => {
    const root = await makeScanned();
    for (const argv of [
      ['impact', 'src/a.ts'],
      ['refs', 'src/a.ts'],
      ['context', 'src/a.ts'],
      ['path', 'src/b.ts', 'src/a.ts'],
      ['cycles'],
      ['rank'],
      ['search', 'a'],
    ]) {
      const positional = await runCli([...argv, root, '--json']);
      const flag = await runCli([...argv, '--root', root, '--json']);
      expect(positional.exitCode, argv.join(' ')).toBe(0);
      const strip = (s: string) => JSON.parse(s, (k, v) => (k === 'freshness' ? undefined : v));
      expect(strip(positional.stdout)).toEqual(strip(flag.stdout));
    }
    const cwd = await runCli(['impact', 'src/a.ts', '--json'], root);
    expect(cwd.exitCode).toBe(0);
  });

  it('one positional too many is a usage error that says how to quote', async () => {
    const root = await makeScanned();
    const r = await runCli(['search', 'open', 'session', root]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/too many arguments.*quote a target with spaces/);
  });

  it('claims takes a leading [dir] and then documents', async () => {
    const root = copyFixture();
    const a = await runCli(['claims', root, '--json'], os.tmpdir());
    const b = await runCli(['claims', '--root', root, '--json'], os.tmpdir());
    expect(a.exitCode).toBe(b.exitCode);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
  });

  it('--json and --format are one flag: --json is --format json, and a contradiction is refused', async () => {
    const root = copyFixture();
    const json = await runCli(['check', root, '--json', '--check', 'warn']);
    const format = await runCli(['check', root, '--format', 'json', '--check', 'warn']);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(format.stdout));
    const both = await runCli(['check', root, '--json', '--format', 'sarif']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/--json and --format sarif disagree/);
  });
});
