/**
 * Hostile Markdown (issue 22 item 2): inputs that took the full parser 31–93 s. With the fast pass
 * and the bounds of markdown-limits.ts each finishes well inside the per-test timeout, and what
 * cannot be read in bounded time is coverage `too-complex`, never a hang.
 */
import { describe, expect, it } from 'vitest';
import { extractDoc, fullDocFacts } from '../../src/extract/markdown.js';
import { fastDocFacts } from '../../src/extract/markdown-fast.js';
import { fullParseRefusal } from '../../src/extract/markdown-limits.js';

const QUICK = 30_000;

describe('hostile Markdown', () => {
  it('records 100 KB of `>` as too complex instead of parsing it', { timeout: QUICK }, () => {
    const facts = extractDoc('quotes.md', '>'.repeat(100_000));
    expect(facts.coverage).toEqual([
      expect.objectContaining({ analyzer: 'markdown', scope: 'quotes.md', status: 'too-complex' }),
    ]);
    expect(facts.coverage[0]!.reason).toMatch(/block quotes more than 32 deep/);
  });

  it('reads 200 KB of nested brackets around a link in linear time', { timeout: QUICK }, () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}a](b.md)${']'.repeat(depth)}\n`;
    const facts = extractDoc('brackets.md', text);
    expect(facts.coverage).toEqual([]);
    expect(facts.links.map(({ raw, line, column }) => ({ raw, line, column }))).toEqual([
      { raw: 'b.md', line: 1, column: depth + 4 },
    ]);
  });

  it('gives the full parser’s facts on the same shapes when they are small', () => {
    const shapes = [
      `${'['.repeat(20)}a](b.md)${']'.repeat(20)}`,
      `${'['.repeat(40)} src/x.ts`,
      `${'> '.repeat(20)}see [a](b.md)`,
      `| a | b |\n| - | - |\n${'| `x` | [l](y.md) src/z.ts |\n'.repeat(20)}`,
      '*a '.repeat(200),
    ];
    for (const text of shapes) {
      const fast = fastDocFacts('shape.md', text);
      expect(fast).toHaveProperty('facts');
      expect('facts' in fast && fast.facts).toEqual(fullDocFacts('shape.md', text));
    }
  });

  it('reads a 1 MB table: one link per row, each on its own line', { timeout: QUICK }, () => {
    const rows = 40_000;
    const text = `| name | where |\n| --- | --- |\n${'| `x` | [doc](./y.md) |\n'.repeat(rows)}`;
    expect(text.length).toBeGreaterThan(900_000);
    const facts = extractDoc('table.md', text);
    expect(facts.coverage).toEqual([]);
    expect(facts.links).toHaveLength(rows);
    expect(facts.links[rows - 1]).toMatchObject({ raw: './y.md', line: rows + 2, column: 15 });
  });

  it('records lists nested 2,000 deep as too complex', { timeout: QUICK }, () => {
    const text = Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i * 2)}- [x](a.md)`).join('\n');
    const facts = extractDoc('lists.md', text);
    expect(facts.coverage.map((c) => c.status)).toEqual(['too-complex']);
    expect(facts.links).toEqual([]);
  });

  it('bounds the full parser by size and by nesting', () => {
    expect(fullParseRefusal('a'.repeat(130 * 1024))).toMatch(/over the 128 KB/);
    expect(fullParseRefusal(`${'['.repeat(33)}`)).toMatch(/brackets more than 32 deep/);
    expect(fullParseRefusal(`${'[a]'.repeat(1000)}\n${'> '.repeat(32)}x`)).toBeUndefined();
    expect(fullParseRefusal('\\['.repeat(100))).toBeUndefined();
  });
});

describe('hostile decision records', () => {
  it('do not send a too-complex body to the full parser either', { timeout: QUICK }, async () => {
    const { extractArtifact } = await import('../../src/extract/artifact.js');
    const path = 'docs/adr/0001-quotes.md';
    const text = `# ADR-1: Quotes\n\n${'>'.repeat(100_000)}\n`;
    const artifact = extractArtifact(path, text, extractDoc(path, text));
    expect(artifact?.coverage.map((c) => c.status)).toEqual(['too-complex']);
  });
});
