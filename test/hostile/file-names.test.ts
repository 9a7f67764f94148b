/**
 * Issue 22 item 11: a file named in NFD (decomposed accents, as macOS once wrote them) and one
 * whose name holds a backslash were dropped silently — the backslash one even read as `a/b.ts`,
 * another file — and `claims` then called the existing file missing. Repo paths are POSIX and NFC,
 * so neither can be a node: each is coverage with its name on disk and the reason, and claims say
 * the file exists but was not analysed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { cli } from './hook-harness.js';

const NFD = 'src/cafe\u0301.ts';
const NFC = 'src/caf\u00e9.ts';
const SLASHED = 'src/a\\b.ts';

interface MapLike {
  nodes: { path?: string }[];
  coverage: { analyzer: string; scope: string; status: string; reason: string }[];
}
const mapOf = (root: string) =>
  JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8')) as MapLike;
const discovered = (m: MapLike) => m.coverage.filter((c) => c.analyzer === 'discover');

function repo(files: Record<string, string>): string {
  const root = tmpRepo({ 'package.json': '{ "name": "names" }', ...files });
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

describe('hostile item 11: NFD names and names with a backslash', () => {
  it('both become coverage with the reason; the real src/a/b.ts is not confused with src/a\\b.ts', () => {
    const root = repo({
      [NFD]: 'export const cafe = 1;\n',
      [SLASHED]: 'export const slashed = 1;\n',
      'src/a/b.ts': 'export const real = 1;\n',
    });
    const r = cli(root, ['scan']);
    expect(r.status).toBe(0);
    const map = mapOf(root);
    const paths = map.nodes.map((n) => n.path).filter(Boolean);
    expect(paths).toContain('src/a/b.ts');
    expect(paths).not.toContain(NFC);
    expect(paths.filter((p) => p === 'src/a/b.ts')).toHaveLength(1);
    expect(discovered(map)).toEqual([
      {
        analyzer: 'discover',
        scope: SLASHED,
        status: 'skipped',
        reason:
          'file name holds a backslash, which proofmap paths (POSIX, `/`-separated) cannot hold; not analysed (rename it)',
      },
      {
        analyzer: 'discover',
        scope: NFD,
        status: 'skipped',
        reason:
          'file name is not in Unicode NFC form (decomposed accents, NFD); proofmap paths are NFC, so it is not analysed (rename it to its NFC spelling)',
      },
    ]);
  });

  it('claims does not call the NFD file missing, however the document spells it', () => {
    const root = repo({
      [NFD]: 'export const cafe = 1;\n',
      'README.md': `# Names\n\nThe code is in \`${NFC}\` (also \`${NFD}\`); \`src/gone.ts\` is missing.\n`,
    });
    expect(cli(root, ['scan']).status).toBe(0);
    const r = cli(root, ['claims', '--json']);
    const report = JSON.parse(r.stdout) as { verdicts: { text: string; verdict: string; reason: string }[] };
    const cafe = report.verdicts.filter((v) => v.text.normalize('NFC') === NFC);
    expect(cafe).toHaveLength(2);
    for (const v of cafe) {
      expect(v.verdict).toBe('unverified');
      expect(v.reason).toMatch(
        /^"src\/cafe\u0301\.ts" exists, but the scan did not analyse it: file name is not in Unicode NFC form/,
      );
    }
    // The control: a file that really is missing is still contradicted (exit 1 for findings).
    expect(report.verdicts.find((v) => v.text === 'src/gone.ts')?.verdict).toBe('contradicted');
    expect(r.status).toBe(1);
  });

  it('an NFD file added after a scan shows up in the next scan (no "unchanged", no delta that misses it)', () => {
    const root = repo({ 'src/x.ts': 'export const x = 1;\n' });
    expect(cli(root, ['scan']).status).toBe(0);
    expect(discovered(mapOf(root))).toEqual([]);
    writeFileSync(path.join(root, NFD), 'export const cafe = 1;\n');
    const r = cli(root, ['scan']);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/no file changed/);
    expect(discovered(mapOf(root)).map((c) => c.scope)).toEqual([NFD]);
    const cold = readFileSync(path.join(root, '.proofmap/map.json'), 'utf8');
    expect(cli(root, ['scan', '--force']).status).toBe(0);
    expect(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8')).toBe(cold);
  });
});
