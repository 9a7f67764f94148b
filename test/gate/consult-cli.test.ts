import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

process.env.PROOFMAP_STATE_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'proofmap-state-'));

describe('consult, then edit, from the CLI', () => {
  it('the gate warns until `proofmap impact` is run, and the query itself wrote the marker', async () => {
    const root = tmpRepo({
      'proofmap.config.json': '{ "gate": { "fanIn": 2, "block": true } }',
      'src/core.ts': 'export const core = 1;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
      'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
    });
    expect((await runCli(['scan', root])).exitCode).toBe(0);
    const before = await runCli(['gate', '--file', 'src/core.ts'], root);
    expect(before.exitCode).toBe(1);
    expect(before.stderr).toMatch(/run `map_impact` on it or `proofmap impact src\/core\.ts` first/);
    const impact = await runCli(['impact', 'src/core.ts', '--json', '--root', root]);
    expect(impact.exitCode).toBe(0);
    expect(JSON.parse(impact.stdout).total).toBe(2);
    expect(await runCli(['gate', '--file', 'src/core.ts'], root)).toMatchObject({ exitCode: 0, stderr: '' });
    // `context` and `refs` consult too; `rank` does not.
    const other = path.join(root, 'src/a.ts');
    expect((await runCli(['refs', 'src/a.ts', '--root', root])).exitCode).toBe(0);
    expect((await runCli(['gate', '--file', other], root)).exitCode).toBe(0);
  });
});
