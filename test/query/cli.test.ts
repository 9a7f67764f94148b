import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { CORE_REPO, scannedRepo } from './fixture.js';

describe('query commands (in-process CLI)', () => {
  it('answer --json with the envelope, and text without it', async () => {
    const root = await scannedRepo(CORE_REPO);
    for (const argv of [
      ['impact', 'src/core/b.ts'],
      ['context', 'src/core/a.ts'],
      ['refs', 'a'],
      ['path', 'README.md', 'src/main.ts'],
      ['cycles'],
      ['rank', '--by', 'fan-in'],
    ]) {
      const json = await runCli([...argv, '--json', '--root', root]);
      expect(json.exitCode, `${argv.join(' ')}: ${json.stderr}`).toBe(0);
      const answer = JSON.parse(json.stdout);
      expect(answer).toMatchObject({
        total: expect.any(Number),
        returned: expect.any(Number),
        truncated: expect.any(Boolean),
      });
      expect(answer.freshness.epoch).toBeGreaterThan(0);
      const text = await runCli(argv, root);
      expect(text.exitCode).toBe(0);
      expect(text.stdout.length).toBeGreaterThan(0);
    }
    const paged = JSON.parse(
      (await runCli(['impact', 'src/core/b.ts', '--limit', '1', '--json'], root)).stdout,
    );
    expect([paged.total, paged.returned, paged.truncated]).toEqual([3, 1, true]);
    const next = JSON.parse(
      (
        await runCli(
          ['impact', 'src/core/b.ts', '--limit', '1', '--cursor', paged.next_cursor, '--json'],
          root,
        )
      ).stdout,
    );
    expect(next.items[0].path).toBe('src/app.ts');
  });

  it('exits 2 with the nearest matches on an unknown target, or a repository never scanned', async () => {
    const root = await scannedRepo(CORE_REPO);
    const unknown = await runCli(['impact', 'src/core/bb.ts'], root);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/nearest: src\/core\/b\.ts/);
    const bad = await runCli(['rank', '--by', 'size'], root);
    expect(bad.exitCode).toBe(2);
    const never = await runCli(['context', 'a.ts'], tmpRepo({ 'a.ts': '' }));
    expect(never.exitCode).toBe(2);
    expect(never.stderr).toMatch(/run `proofmap scan` first/);
    expect((await runCli(['impact'], root)).exitCode).toBe(2);
  });
});
