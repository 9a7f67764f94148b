/**
 * Issue 22 item 2: Markdown work grew quadratically below the 1 MB cap (100 KB of `>` took 74 s,
 * 200 KB of nested `[…]` 93 s, a 1 MB table 31 s and 3.3 GB). Scanned as a user scans, the three
 * documents now finish inside one bounded run: the fast pass reads the brackets and the table in
 * linear time, and what it cannot decide past the bounds of markdown-limits.ts is coverage
 * `too-complex` with its reason, never a hang.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo } from './hook-harness.js';

interface MapFile {
  edges: { relation: string; evidence: { path: string; line?: number }[] }[];
  coverage: { analyzer: string; scope: string; status: string; reason: string }[];
}

describe('hostile item 2: Markdown bounds', () => {
  it('scans 100 KB of `>`, 200 KB of nested brackets and a 1 MB table in bounded time', {
    timeout: 20_000,
  }, () => {
    const root = gatedRepo();
    const depth = 100_000;
    const rows = 38_000;
    writeFileSync(path.join(root, 'docs-quotes.md'), '>'.repeat(100_000));
    writeFileSync(
      path.join(root, 'docs-brackets.md'),
      `${'['.repeat(depth)}a](src/core.ts)${']'.repeat(depth)}\n`,
    );
    writeFileSync(
      path.join(root, 'docs-table.md'),
      `| name | where |\n| --- | --- |\n${'| `x` | [c](src/core.ts) |\n'.repeat(rows)}`,
    );
    const started = Date.now();
    const scan = cli(root, ['scan']);
    expect(scan.status, scan.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    const map: MapFile = JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
    const about = (scope: string) => map.coverage.filter((c) => c.scope === scope);
    expect(about('docs-quotes.md')).toEqual([
      {
        analyzer: 'markdown',
        scope: 'docs-quotes.md',
        status: 'too-complex',
        reason: expect.stringMatching(
          /full parser was not run: it nests block quotes more than 32 deep; no links were read\.$/,
        ),
      },
    ]);
    expect(about('docs-brackets.md')).toEqual([]);
    expect(about('docs-table.md')).toEqual([]);
    const links = (from: string) =>
      map.edges
        .filter((e) => e.relation === 'links-to' && e.evidence[0]!.path === from)
        .flatMap((e) => e.evidence);
    expect(links('docs-brackets.md').map((e) => e.line)).toEqual([1]);
    // One edge to src/core.ts, with the first rows as evidence (each row is its own line).
    expect(links('docs-table.md')[0]).toMatchObject({ path: 'docs-table.md', line: 3 });
  });

  it('bounds the shapes the first limits missed: autolinks, footnotes, `<http://a` lines', {
    timeout: 30_000,
  }, () => {
    const root = gatedRepo();
    // 13 s, 8 s and 17 s each before; the footnote document links to real code on its first line.
    writeFileSync(path.join(root, 'docs-autolinks.md'), '<http://a '.repeat(52_000));
    writeFileSync(path.join(root, 'docs-lines.md'), '<http://a\n'.repeat(100_000));
    writeFileSync(
      path.join(root, 'docs-footnotes.md'),
      `See [core](src/core.ts).\n\n${'[^a] '.repeat(20_000)}\n\n[^a]: a note\n`,
    );
    writeFileSync(path.join(root, 'docs-plain.md'), '# Plain\n\nSee [core](src/core.ts).\n');
    const started = Date.now();
    const scan = cli(root, ['scan']);
    expect(scan.status, scan.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    const mapText = readFileSync(path.join(root, '.proofmap/map.json'), 'utf8');
    const map: MapFile = JSON.parse(mapText);
    const status = (scope: string) =>
      map.coverage
        .filter((c) => c.scope === scope)
        .map((c) => [c.status, c.reason.replace(/^.*not run: /, '')]);
    expect(status('docs-autolinks.md')).toEqual([
      ['too-complex', 'it is 508 KB, over the 128 KB the full parser reads; no links were read.'],
    ]);
    expect(status('docs-lines.md')).toEqual([
      ['too-complex', 'it is 977 KB, over the 128 KB the full parser reads; no links were read.'],
    ]);
    expect(status('docs-footnotes.md')).toEqual([
      [
        'too-complex',
        'it holds 40008 inline marks, over the 8000 the full parser reads; no links were read.',
      ],
    ]);
    expect(status('docs-plain.md')).toEqual([]);
    const from = map.edges.filter((e) => e.relation === 'links-to').map((e) => e.evidence[0]!.path);
    expect(from).toContain('docs-plain.md');
    expect(from).not.toContain('docs-footnotes.md');
    // The same bytes give the same verdicts on a second, cached scan.
    const again = cli(root, ['scan']);
    expect(again.status, again.stderr).toBe(0);
    expect(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8')).toBe(mapText);
  });
});
