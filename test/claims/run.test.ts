/** runClaims, the library call behind `proofmap claims` and map_claims, on repositories on disk. */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runClaims } from '../../src/claims-run.js';
import { InputError } from '../../src/model/errors.js';
import { scan } from '../../src/scan.js';
import { acquireScanLock } from '../../src/store/lock.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const repo = () =>
  tmpRepo({
    'package.json': '{"name":"ok","scripts":{"build":"tsc"}}',
    'src/a.ts': 'export function makeThing() {}\n',
    '.github/workflows/ci.yml': 'on: push\n',
    'README.md': 'Run `npm run build`; CI is `.github/workflows/ci.yml`, not `.github/ci.yml`.\n',
    'docs/guide.md': 'Call `makeThing()`.\n',
  });

describe('runClaims', () => {
  it('reads the default documents, keeps dot-folders as written, and writes nothing', async () => {
    const root = repo();
    const report = await runClaims({ root });
    if (report.type !== 'investigation_report') throw new Error(report.reason);
    expect(report.documents).toEqual(['README.md', 'docs/guide.md']);
    const verdict = (text: string) => report.verdicts.find((v) => v.text === text)?.verdict;
    expect(verdict('npm run build')).toBe('verified');
    expect(verdict('.github/workflows/ci.yml')).toBe('verified');
    expect(verdict('.github/ci.yml')).toBe('contradicted');
    expect(verdict('makeThing()')).toBe('verified');
    expect(existsSync(path.join(root, '.proofmap'))).toBe(false);
  });

  // With an index, the incremental scan brings it up to date and claims read its map: a file
  // added since the last scan is known (a claim about it holds), and the index then lists it.
  it('brings an existing index up to date and reads its map, new files included', async () => {
    const root = repo();
    await scan({ root });
    writeFileSync(path.join(root, 'src/b.ts'), 'export const later = 1;\n');
    writeFileSync(path.join(root, 'docs/guide.md'), 'Call `makeThing()`; see `src/b.ts`.\n');
    const report = await runClaims({ root });
    if (report.type !== 'investigation_report') throw new Error(report.reason);
    expect(report.verdicts.find((v) => v.text === 'src/b.ts')?.verdict).toBe('verified');
    const again = await scan({ root });
    expect(again.mode).toBe('unchanged');
    expect(again.map.nodes.some((n) => n.path === 'src/b.ts')).toBe(true);
  });

  it('builds the map in memory when another scan holds the index, with the same verdicts', async () => {
    const root = repo();
    await scan({ root });
    const before = await runClaims({ root });
    writeFileSync(path.join(root, 'src/b.ts'), 'export const later = 1;\n');
    writeFileSync(path.join(root, 'docs/guide.md'), 'Call `makeThing()`; see `src/b.ts`.\n');
    const release = await acquireScanLock(root);
    try {
      const report = await runClaims({ root });
      if (report.type !== 'investigation_report') throw new Error(report.reason);
      expect(report.verdicts.find((v) => v.text === 'src/b.ts')?.verdict).toBe('verified');
      expect(report.verdicts.length).toBe(
        before.type === 'investigation_report' ? before.verdicts.length + 1 : -1,
      );
    } finally {
      release();
    }
    // The index was left as the holder had it: the next scan still has the new file to add.
    expect((await scan({ root })).mode).not.toBe('unchanged');
  });

  it('reads only the named files, and refuses one outside the root or unreadable', async () => {
    const root = repo();
    const report = await runClaims({ root, files: ['docs/guide.md'] });
    expect(report).toMatchObject({ type: 'investigation_report', documents: ['docs/guide.md'] });
    await expect(runClaims({ root, files: ['../outside.md'] })).rejects.toThrow(InputError);
    await expect(runClaims({ root, files: ['nope.md'] })).rejects.toThrow(/cannot read it/);
  });

  it('gives a blocked report, not a throw, when the root cannot be opened', async () => {
    expect(await runClaims({ root: '/no/such/dir' })).toMatchObject({
      type: 'blocked_execution_report',
      missing: 'repository',
    });
  });
});
