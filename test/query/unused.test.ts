/**
 * `rank --by unused` and the checkup's unused-export warning, through the CLI: provably unused
 * exports first, then the ones without a user here whose proof fails, each with its reason.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/proofmap.js');

const repo = () =>
  tmpRepo({
    'package.json': JSON.stringify({ name: 'shop', type: 'module', main: 'src/index.ts' }),
    // The package entry: its own exports and what it re-exports are public.
    'src/index.ts': "export * from './public.js';\nexport const api = 1;\n",
    'src/public.ts': 'export const exposed = 1;\nexport function alsoExposed() {}\n',
    // An internal barrel: a pass-through, not a user.
    'src/internal/index.ts': "export { price, discount } from './money.js';\nexport * from './tax.js';\n",
    'src/internal/money.ts':
      'export const price = 2;\nexport function discount() {}\nexport const forgotten = 3;\n',
    'src/internal/tax.ts': 'export const vat = 0.2;\nexport type Rate = number;\n',
    'src/internal/whole.ts': 'export const a = 1;\nexport const b = 2;\n',
    'src/app.ts':
      "import { price } from './internal/index.js';\nimport * as whole from './internal/whole.js';\nconsole.log(price, whole);\n",
    // Loaded by nothing here: whatever runs it may use its export.
    'src/orphan.ts': 'export const lonely = 1;\n',
  });

describe('unused exports', () => {
  it('rank --by unused: exact ones first, then the unproven with their reason', async () => {
    const dir = repo();
    expect((await runCli(['scan', dir])).exitCode).toBe(0);
    const { exitCode, stdout } = await runCli(['rank', dir, '--by', 'unused', '--json', '--limit', '50']);
    expect(exitCode).toBe(0);
    const answer = JSON.parse(stdout) as {
      items: { symbol: string; status: string; reason?: string; line: number }[];
      total: number;
      notes: string[];
    };
    const exact = answer.items.filter((i) => i.status === 'unused').map((i) => i.symbol);
    // discount goes through the barrel, price is used; vat and Rate come through `export *` unused.
    // In path, then line order.
    expect(exact).toEqual([
      'src/internal/money.ts#discount',
      'src/internal/money.ts#forgotten',
      'src/internal/tax.ts#vat',
      'src/internal/tax.ts#Rate',
    ]);
    const unproven = Object.fromEntries(
      answer.items.filter((i) => i.status === 'unproven').map((i) => [i.symbol, i.reason]),
    );
    expect(Object.keys(unproven).sort()).toEqual([
      'src/index.ts#api',
      'src/orphan.ts#lonely',
      'src/public.ts#alsoExposed',
      'src/public.ts#exposed',
    ]);
    expect(unproven['src/index.ts#api']).toMatch(/an entry point/);
    expect(unproven['src/public.ts#exposed']).toMatch(/re-exported by the entry point src\/index.ts/);
    expect(unproven['src/orphan.ts#lonely']).toMatch(/no file here loads this module/);
    // Used whole through `import * as`: a lower-bound user of every export, so none is listed.
    expect(answer.items.some((i) => i.symbol.startsWith('src/internal/whole.ts'))).toBe(false);
    expect(answer.items.find((i) => i.symbol === 'src/internal/money.ts#forgotten')?.line).toBe(3);
    expect(answer.notes[0]).toMatch(/^4 provably unused, 4 /);
  });

  it('the checkup warns about the provable ones only, each at its declaration', async () => {
    const dir = repo();
    await runCli(['scan', dir]);
    // The built CLI, as a user runs it.
    const run = spawnSync(process.execPath, [BIN, 'check', dir, '--json'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as {
      problems: { code: string; kind: string; evidence: { path: string; line: number }[] }[];
    };
    const unused = result.problems.filter((p) => p.code === 'unused-export');
    expect(unused.every((p) => p.kind === 'warning')).toBe(true);
    expect(unused.map((p) => `${p.evidence[0]!.path}:${p.evidence[0]!.line}`)).toEqual([
      'src/internal/money.ts:2',
      'src/internal/money.ts:3',
      'src/internal/tax.ts:1',
      'src/internal/tax.ts:2',
    ]);
  });
});
