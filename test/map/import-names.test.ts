/**
 * Issue 13 §6: an import whose names the target does not export (after `export *` chains) is
 * evidence of a wrong resolution, reported as a finding with both places. Only provable cases:
 * CommonJS, `export =`, declaration files and star re-exports of packages are left alone.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { runCli } from '../helpers/cli.js';

describe('imported names the target does not export (import-names-not-exported)', () => {
  it('names each provable miss with the import and the target file, and nothing else', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-names-'));
    cpSync(new URL('../fixtures/import-names-not-exported', import.meta.url), root, { recursive: true });
    const { map } = await scan({ root, write: false });
    const found = map.findings
      .filter((f) => f.code === 'import-name-not-exported')
      .map((f) => [f.evidence.map((e) => `${e.path}:${e.line}`), f.target, f.message.split(';')[0]]);
    expect(found).toEqual([
      [
        ['src/app.ts:1', 'src/config.ts:1'],
        'src/config.ts',
        'src/app.ts:1: imports "buildConfig" from ./config, which resolved to src/config.ts',
      ],
      [
        ['src/app.ts:3', 'src/barrel.ts:1'],
        'src/barrel.ts',
        'src/app.ts:3: imports "nope" from ./barrel.js, which resolved to src/barrel.ts',
      ],
    ]);
  });

  it('every answer that walks such an edge says it is a lower bound', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-names-'));
    cpSync(new URL('../fixtures/import-names-not-exported', import.meta.url), root, { recursive: true });
    await scan({ root });
    const impact = JSON.parse((await runCli(['impact', 'src/config.ts', '--json'], root)).stdout);
    expect(impact.notes).toContainEqual(
      expect.stringMatching(/^lower bound: 1 import\(s\) here name exports .*src\/app\.ts:1/),
    );
    const more = JSON.parse((await runCli(['impact', 'src/more.ts', '--json'], root)).stdout);
    // src/more.ts is reached through src/barrel.ts, which src/app.ts:3 imports "nope" from.
    expect(more.notes.join('\n')).toMatch(/src\/app\.ts:3/);
  });
});
