import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/discover/config.js';
import { scan } from '../../src/scan.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

/** Two packages of six files each that import each other in a ring, joined by one import. */
function repo(extra: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = { 'package.json': JSON.stringify({ name: 'two' }), ...extra };
  for (const pkg of ['core', 'web'])
    for (let i = 0; i < 6; i++)
      files[`packages/${pkg}/src/f${i}.ts`] =
        `import { v${(i + 1) % 6} } from './f${(i + 1) % 6}.js';\nimport { v${(i + 2) % 6} } from './f${(i + 2) % 6}.js';\n` +
        (pkg === 'core' && i === 0 ? "import { v0 as w } from '../../web/src/f0.js';\n" : '') +
        `export const v${i} = 1;\n`;
  return files;
}

describe('proofmap areas', () => {
  it('lists suggested areas with files, cohesion and crossing edges; the same for the same seed', async () => {
    const root = tmpRepo(repo());
    await scan({ root });
    const first = await runCli(['areas', root, '--json', '--seed', '3']);
    expect(first.exitCode).toBe(0);
    const answer = JSON.parse(first.stdout);
    expect(answer.items.map((a: { name: string }) => a.name)).toEqual([
      'packages/core/src',
      'packages/web/src',
    ]);
    expect(answer.items[0]).toMatchObject({
      path: ['packages/core/**'],
      internal: 12,
      crossing: { total: 1 },
    });
    expect(answer.freshness.fresh).toBe(true);
    expect((await runCli(['areas', root, '--json', '--seed', '3'])).stdout).toBe(first.stdout);
    const text = (await runCli(['areas', root])).stdout;
    expect(text).toMatch(
      /^packages\/core\/src: 6 files, cohesion 0\.923077 \(12 edges inside, 1 crossing\)$/m,
    );
    expect(text).toMatch(
      /crosses: packages\/core\/src\/f0\.ts imports packages\/web\/src\/f0\.ts \[packages\/web\/src\] \(packages\/core\/src\/f0\.ts:3\)/,
    );
  });

  it('--write merges into proofmap.config.json, keeping declared areas and other keys', async () => {
    const config = {
      checks: [{ path: 'packages/**', run: 'npm test' }],
      areas: [{ name: 'packages/web/src', path: 'packages/web/**' }],
    };
    const root = tmpRepo(repo({ 'proofmap.config.json': JSON.stringify(config) }));
    await scan({ root });
    const r = await runCli(['areas', root, '--write']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(
      /wrote proofmap\.config\.json: added 1 area\(s\) \(packages\/core\/src\), kept 1 already declared/,
    );
    const written = JSON.parse(readFileSync(path.join(root, 'proofmap.config.json'), 'utf8'));
    expect(written.checks).toEqual(config.checks);
    expect(written.areas[0]).toEqual(config.areas[0]);
    expect(written.areas[1]).toMatchObject({ name: 'packages/core/src', path: ['packages/core/**'] });
    expect(written.areas[1].description).toMatch(/suggested by proofmap areas --seed 1/);
    // The merged file is a valid configuration, and a second run adds nothing.
    expect(loadConfig(root).config.areas).toHaveLength(2);
    expect((await runCli(['areas', root, '--write'])).stdout).toMatch(/added 0 area\(s\), kept 2/);
  });

  it('refuses --write into a YAML configuration and bad numbers, exit 2', async () => {
    const root = tmpRepo(repo({ 'proofmap.config.yaml': 'areas: []\n' }));
    await scan({ root });
    const r = await runCli(['areas', root, '--write']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /--write merges into proofmap\.config\.json, and this repository is configured by proofmap\.config\.yaml/,
    );
    expect((await runCli(['areas', root, '--seed', 'x'])).exitCode).toBe(2);
  });
});
