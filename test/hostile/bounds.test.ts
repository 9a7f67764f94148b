/**
 * Issue 22 item 14, three wrong answers from hostile values:
 * - the claims flag detector verified a flag named only in a comment, a message string or an
 *   unrelated object key; it now needs a shape an argument parser uses;
 * - `gate.markerMaxAgeHours: 1e306` overflowed to Infinity, stored as null, and made every marker
 *   too old; out-of-range numbers in the configuration are now a config error (exit 2, one line);
 * - a 10 MB MCP request closed the whole connection (the SDK's read buffer); it is now refused
 *   with a short error naming its size, and the server keeps answering.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { type Client, call, connect, ensureBuilt } from '../mcp/fixture.js';
import { cli, gatedRepo, preToolUse } from './hook-harness.js';

const BIN = [
  "import { parseArgs } from 'node:util';",
  '// --ghost is planned for later',
  "const usage = 'usage: tool [--real] — pass --phantom to print more';",
  "const colors = { spooky: 'blue', 'dry-run': 'red' };",
  'const { values } = parseArgs({ options: { real: { type: "boolean" } }, strict: false });',
  "if (process.argv.includes('--other')) console.log(usage, colors);",
  "const mode = values['dry-run'] ? 'dry' : 'wet';",
  'console.log(mode);',
  '',
].join('\n');

describe('hostile item 14: flags in comments, strings and unrelated keys', () => {
  it('only the flags the bin defines or reads are verified; the rest are contradicted', () => {
    const root = tmpRepo({
      'package.json': JSON.stringify({ name: 'tool', bin: { tool: 'bin/tool.js' }, type: 'module' }),
      'bin/tool.js': BIN,
      'README.md':
        '# tool\n\nRun `tool --real`, `tool --other` or `tool --dry-run`.\n\nAlso `tool --ghost`, `tool --phantom`, `tool --spooky`.\n',
    });
    execFileSync('git', ['init', '-q'], { cwd: root });
    expect(cli(root, ['scan']).status).toBe(0);
    const r = cli(root, ['claims', '--json']);
    expect(r.status).toBe(1);
    const flags = (
      JSON.parse(r.stdout) as {
        verdicts: { detector: string; subject: { flag: string }; verdict: string; reason: string }[];
      }
    ).verdicts.filter((v) => v.detector === 'flag');
    const verdictOf = Object.fromEntries(flags.map((v) => [v.subject.flag, [v.verdict, v.reason]]));
    expect(verdictOf).toEqual({
      '--real': ['verified', 'bin/tool.js:5 defines or reads real'],
      '--other': ['verified', 'bin/tool.js:6 defines or reads other'],
      '--dry-run': ['verified', 'bin/tool.js:7 defines or reads dry-run'],
      '--ghost': ['contradicted', '--ghost appears in none of the 1 files behind tool'],
      '--phantom': ['contradicted', '--phantom appears in none of the 1 files behind tool'],
      '--spooky': ['contradicted', '--spooky appears in none of the 1 files behind tool'],
    });
  });
});

describe('hostile item 14: out-of-range numbers in the configuration', () => {
  for (const [gate, message] of [
    [
      { markerMaxAgeHours: 1e306 },
      'proofmap: proofmap.config.json:1: gate.markerMaxAgeHours: Too big: expected number to be <=87600',
    ],
    [{ markerMaxAgeHours: -1 }, 'proofmap: proofmap.config.json:1: gate.markerMaxAgeHours: Too small'],
    [
      { centrality: 2 },
      'proofmap: proofmap.config.json:1: gate.centrality: Too big: expected number to be <=1',
    ],
  ] as const)
    it(`${JSON.stringify(gate)} is a config error: exit 2, one line, no map written`, () => {
      const root = gatedRepo(gate);
      const r = cli(root, ['scan']);
      expect(r.status).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(message);
      expect(r.stderr).not.toMatch(/internal error|null/);
      expect(existsSync(path.join(root, '.proofmap/map.json'))).toBe(false);
    });

  it('the hook, which must not fail on a typo, keeps the default age: a fresh consult still counts', () => {
    const root = gatedRepo({ block: true, fanIn: 3 });
    expect(cli(root, ['scan']).status).toBe(0);
    writeFileSync(
      path.join(root, 'proofmap.config.json'),
      JSON.stringify({ gate: { block: true, fanIn: 3, markerMaxAgeHours: 1e306 } }),
    );
    expect(preToolUse(root, 'src/core.ts', 'Edit').decision).toBe('deny');
    expect(cli(root, ['impact', 'src/core.ts']).status).toBe(0);
    const after = preToolUse(root, 'src/core.ts', 'Edit');
    expect(after.decision).toBeUndefined();
    expect(after.reason ?? '').not.toMatch(/too old/);
  });
});

describe('hostile item 14: oversized MCP requests', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('a 10 MB target is refused in one short error, and the next call is answered', async () => {
    ensureBuilt();
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    client = await connect(root);
    const big = 'src/'.padEnd(10 * 1024 * 1024, 'a');
    const error = await call(client, 'map_impact', { target: big }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /request of 1048\d{4} bytes is over the 1048576-byte limit of this server/,
    );
    expect(error!.message.length).toBeLessThan(300);
    // Under the transport bound the schema's own limit answers, as short, without the value.
    const long = await call(client, 'map_impact', { target: 'a'.repeat(100_000) });
    expect(long.result.isError).toBe(true);
    expect(long.text).toMatch(/target: Too big: expected string to have <=1000 characters/);
    expect(long.text.length).toBeLessThan(300);
    const fine = await call(client, 'map_impact', { target: 'src/core.ts' });
    expect(fine.result.isError).toBeFalsy();
    expect(fine.env.total).toBe(3);
  });
});
