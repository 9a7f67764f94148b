/**
 * Every command explains itself: `--help` lists every option the parser accepts with its default
 * and at least one example, and every example parses. The parser is built from the same spec, so
 * an option added without help text cannot exist; this test checks the other direction.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/cli/args.js';
import { COMMAND_NAMES } from '../../src/cli/main.js';
import type { CommandSpec } from '../../src/cli/spec.js';
import { runCli } from '../helpers/cli.js';

const specOf = async (name: string) =>
  ((await import(`../../src/cli/commands/${name}.ts`)) as { SPEC: CommandSpec }).SPEC;

/** Splits an example line the way a shell would for the simple quoting our examples use. */
const words = (line: string) =>
  [...line.matchAll(/"([^"]*)"|(\S+)/g)]
    .map((m) => m[1] ?? m[2]!)
    .filter((w) => w !== '<' && !w.endsWith('.json') && !w.endsWith('.sarif') && w !== '>');

describe('proofmap <command> --help', () => {
  it('covers every command the dispatcher knows', () => {
    expect(COMMAND_NAMES.length).toBeGreaterThanOrEqual(18);
  });

  for (const name of COMMAND_NAMES) {
    it(`${name}: usage, every option with its default, examples that parse`, async () => {
      const spec = await specOf(name);
      expect(spec?.name).toBe(name);
      const res = await runCli([name, '--help']);
      expect(res.exitCode).toBe(0);
      const help = res.stdout;
      expect(help).toContain(`usage: proofmap ${name}`);
      expect(help).toContain('-h, --help');
      for (const [option, o] of Object.entries(spec.options)) {
        const row = help.split('\n').find((l) => l.includes(`--${option}`) && l.includes(o.description));
        expect(row, `--${option} in ${name} --help`).toBeDefined();
        if (o.default !== undefined) expect(row).toContain(`default: ${o.default}`);
      }
      expect(spec.examples.length).toBeGreaterThan(0);
      for (const example of spec.examples) {
        expect(help).toContain(example);
        const argv = words(example);
        expect(argv.slice(0, 2)).toEqual(['proofmap', name]);
        expect(() => parse(argv.slice(2), spec), example).not.toThrow();
      }
      // `proofmap help <command>` says the same.
      expect((await runCli(['help', name])).stdout).toBe(help);
    });
  }

  it('every command that prints results accepts --json', async () => {
    for (const name of COMMAND_NAMES) {
      if (name === 'serve') continue; // stdout is the MCP channel
      if (name === 'init') continue; // it writes set-up files; --dry-run shows them (no JSON form yet)
      expect(Object.keys((await specOf(name)).options), name).toContain('json');
    }
  });
});

describe('version and the top-level help', () => {
  it('-V, --version and -v print the version', async () => {
    const { VERSION } = await import('../../src/map/version.js');
    for (const flag of ['-V', '--version', '-v']) {
      const r = await runCli([flag]);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toBe(`${VERSION}\n`);
    }
  });

  it('lists every command', async () => {
    const r = await runCli(['--help']);
    for (const name of COMMAND_NAMES) expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
  });
});
