import { cpSync, existsSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimsReportSchema } from '../../src/claims/schema.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const fixture = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-claims-'));
  cpSync(path.resolve(new URL('../fixtures', import.meta.url).pathname, name), dir, { recursive: true });
  return dir;
};

describe('proofmap claims', () => {
  it('finds the drift in the fixture, exits 1, and writes nothing', async () => {
    const dir = fixture('claims-drift');
    const before = readdirSync(dir).sort();
    const r = await runCli(['claims', '--format', 'json'], dir);
    expect(r.exitCode).toBe(1);
    const report = claimsReportSchema.parse(JSON.parse(r.stdout));
    if (report.type !== 'investigation_report') throw new Error('blocked');
    const contradicted = report.verdicts
      .filter((v) => v.verdict === 'contradicted')
      .map((v) => v.text)
      .sort();
    expect(contradicted).toEqual([
      '#nothing',
      'Node.js 18 or later',
      'demo exports missing',
      'node scripts/gen.mjs',
      'npx demo --strict --nope',
      'src/server.ts exports fake',
      'src/utils/paths.ts',
      'zod 3',
    ]);
    expect(report.verdicts.find((v) => v.text === 'src/utils/paths.ts')!.near_misses).toEqual([
      'src/util/paths.ts',
    ]);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(existsSync(path.join(dir, '.proofmap'))).toBe(false);
  });

  it('exits 0 when every claim holds, and 1 under --strict when one is unverified', async () => {
    const dir = tmpRepo({
      'package.json': '{"name":"ok","scripts":{"build":"tsc"}}',
      'src/a.ts': 'export function makeThing() {}\n',
      'README.md': 'Run `npm run build`; see `src/a.ts`. Try `npx cowsay`.\n',
    });
    expect((await runCli(['claims'], dir)).exitCode).toBe(0);
    expect((await runCli(['claims', '--strict'], dir)).exitCode).toBe(1);
  });

  it('renders text and SARIF 2.1.0 located at the document line', async () => {
    const dir = fixture('claims-drift');
    const text = await runCli(['claims'], dir);
    expect(text.stdout).toMatch(
      /contradicted README\.md:\d+ +src\/utils\/paths\.ts — src\/utils\/paths\.ts does not exist/,
    );
    expect(text.stdout).toMatch(/adversarial +30\/30 cases refused/);
    const sarif = JSON.parse((await runCli(['claims', '--format', 'sarif'], dir)).stdout);
    expect(sarif.version).toBe('2.1.0');
    const result = sarif.runs[0].results.find((x: { message: { text: string } }) =>
      /src\/utils\/paths/.test(x.message.text),
    );
    expect(result).toMatchObject({ ruleId: 'claims/path', level: 'error' });
    expect(result.locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: 'README.md' },
      region: { startLine: 6 },
    });
  });

  it('rejects a symlink out of the root instead of reading through it', async () => {
    const outside = tmpRepo({ 'secret.txt': 'x' });
    const dir = tmpRepo({
      'README.md': 'See `out/secret.txt` and [p](../../etc/passwd).\n',
      'package.json': '{"name":"s"}',
    });
    symlinkSync(outside, path.join(dir, 'out'));
    const report = JSON.parse((await runCli(['claims', '--format', 'json'], dir)).stdout);
    for (const v of report.verdicts) expect(v.verdict).toBe('unverified');
    expect(report.verdicts.map((v: { reason: string }) => v.reason).join('\n')).toMatch(
      /rejected: out.* symlink out of the root|rejected: the path escapes/,
    );
  });

  it('reads named files, and exits 2 for one outside the repository or a bad format', async () => {
    const dir = fixture('claims-drift');
    const r = await runCli(['claims', 'README.md', '--format', 'json'], dir);
    expect(JSON.parse(r.stdout).documents).toEqual(['README.md']);
    expect((await runCli(['claims', '/etc/hostname'], dir)).exitCode).toBe(2);
    expect((await runCli(['claims', 'nope.md'], dir)).exitCode).toBe(2);
    expect((await runCli(['claims', '--format', 'xml'], dir)).exitCode).toBe(2);
  });

  it('gives a blocked_execution_report when there is no repository', async () => {
    const r = await runCli(['claims', '--root', '/no/such/dir', '--format', 'json'], os.tmpdir());
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'blocked_execution_report', missing: 'repository' });
  });
});
