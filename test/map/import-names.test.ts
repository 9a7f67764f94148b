/**
 * Issue 13 §6: an import whose names the target does not export (after `export *` chains) is
 * evidence of a wrong resolution, reported as a finding with both places. Only provable cases:
 * CommonJS, `export =`, declaration files and star re-exports of packages are left alone.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

  it('follows an `export *` cycle both ways, whichever file is asked first', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-names-'));
    mkdirSync(path.join(root, 'src'));
    const files: Record<string, string> = {
      'package.json': '{"name":"cyc","type":"module"}\n',
      'src/a.ts': "export * from './b.js';\nexport const x = 1;\n",
      'src/b.ts': "export * from './a.js';\nexport const y = 2;\n",
      // Asks a.ts first, then b.ts: a set of b's names memoised inside the cycle lacked a.ts's.
      'src/0.ts': "import { y } from './a.js';\nimport { x } from './b.js';\nconsole.log(x, y);\n",
      'src/c.ts': "import { x, z } from './b.js';\nimport { y } from './a.js';\nconsole.log(x, y, z);\n",
    };
    for (const [rel, text] of Object.entries(files)) writeFileSync(path.join(root, rel), text);
    const { map } = await scan({ root, write: false });
    const found = map.findings
      .filter((f) => f.code === 'import-name-not-exported')
      .map((f) => f.message.split(';')[0]);
    expect(found).toEqual(['src/c.ts:1: imports "z" from ./b.js, which resolved to src/b.ts']);
  });
});
