import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

describe('proofmap search', () => {
  it('finds a vowelled Arabic symbol from an unvowelled query, paths and headings, with the envelope', async () => {
    const root = tmpRepo({
      'src/greet.ts': 'export const سَلَام = 1;\nexport function createServer() {}\n',
      'docs/guide.md': '# Créer un serveur\n\nText.\n',
    });
    await runCli(['scan', root]);
    const arabic = JSON.parse((await runCli(['search', 'سلام', '--json', '--root', root])).stdout);
    expect(arabic.items).toEqual([
      expect.objectContaining({ kind: 'symbol', name: 'سَلَام', path: 'src/greet.ts' }),
    ]);
    expect(arabic).toMatchObject({ total: 1, returned: 1, truncated: false, freshness: { fresh: true } });
    const heading = JSON.parse(
      (await runCli(['search', 'creer', '--kind', 'heading', '--json', '--root', root])).stdout,
    );
    expect(heading.items[0]).toMatchObject({ kind: 'heading', path: 'docs/guide.md', line: 1 });
    const text = await runCli(['search', 'server', '--root', root]);
    expect(text.stdout).toMatch(/symbol +createServer +src\/greet\.ts:2/);
  });

  it('says to scan first in a repository never scanned, and rejects an unknown kind', async () => {
    const root = tmpRepo({ 'a.ts': '' });
    const r = await runCli(['search', 'x', '--root', root]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/run `proofmap scan` first/);
    expect((await runCli(['search', 'x', '--kind', 'nope', '--root', root])).exitCode).toBe(2);
  });
});
