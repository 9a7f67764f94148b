import { describe, expect, it } from 'vitest';
import { fullDocFacts } from '../../src/extract/markdown.js';
import { fastDocFacts } from '../../src/extract/markdown-fast.js';
import { type CorpusDoc, ownDocs, packageReadmes } from './markdown-corpus.js';

/** Facts of the fast pass where it decides, compared with the full parser's; and what it left. */
function compare(docs: CorpusDoc[]) {
  const mismatches: { path: string; fast: unknown; full: unknown }[] = [];
  const undecided: { path: string; reason: string }[] = [];
  for (const { path, text } of docs) {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const fast = fastDocFacts(path, body);
    if ('undecided' in fast) {
      undecided.push({ path, reason: fast.undecided });
      continue;
    }
    const full = fullDocFacts(path, body);
    if (JSON.stringify(fast.facts) !== JSON.stringify(full))
      mismatches.push({ path, fast: fast.facts, full });
  }
  return { mismatches, undecided };
}

describe('fast Markdown pass', () => {
  it('gives the full parser’s facts on every fixture and on proofmap’s own docs', () => {
    const docs = ownDocs();
    expect(docs.length).toBeGreaterThan(10);
    const { mismatches, undecided } = compare(docs);
    expect(mismatches.map((m) => m.path)).toEqual([]);
    // Agreement by falling back would prove nothing: the fast pass must decide these itself.
    expect(undecided).toEqual([]);
  });

  it('keeps positions after front matter and with CRLF endings (links, definitions, headings)', () => {
    const tail =
      '# Title\n\nSee [the guide][g] and [setup](docs/setup.md), `src/a.ts`.\n\n[g]: docs/guide.md\n';
    const docs = [
      `---\ntitle: x\ntags: [a, b]\n---\n${tail}`,
      `---\ntitle: x\n---\n\n\n${tail}[h]: ./h.md\n`,
      `---\r\ntitle: x\r\n---\r\n${tail.replaceAll('\n', '\r\n')}`,
      tail.replaceAll('\n', '\r\n'),
      '---\ntitle: only front matter\n---',
      '---\ntitle: x\n---\n[g]: docs/guide.md',
    ].map((text, i) => ({ path: `doc-${i}.md`, text }));
    const { mismatches, undecided } = compare(docs);
    expect(mismatches.map((m) => ({ path: m.path, diff: diff(m.fast, m.full) }))).toEqual([]);
    expect(undecided).toEqual([]);
    const first = fastDocFacts('doc-0.md', docs[0]!.text);
    expect('facts' in first && first.facts.links.map((link) => link.line)).toEqual([7, 9]);
  });

  it('gives the full parser’s facts on READMEs of installed packages', () => {
    const docs = packageReadmes();
    expect(docs.length).toBeGreaterThan(100);
    const { mismatches, undecided } = compare(docs);
    expect(mismatches.map((m) => ({ path: m.path, diff: diff(m.fast, m.full) }))).toEqual([]);
    // Real READMEs hold footnotes, titled definitions, odd blanks: a few fall back, not many.
    expect(undecided.length).toBeLessThan(docs.length * 0.05);
  });
});

function diff(a: unknown, b: unknown): unknown {
  const fa = a as Record<string, unknown[]>;
  const fb = b as Record<string, unknown[]>;
  const out: Record<string, unknown> = {};
  for (const key of ['headings', 'links', 'mentions', 'symbols', 'coverage', 'frontMatter']) {
    const x = JSON.stringify(fa[key]);
    const y = JSON.stringify(fb[key]);
    if (x === y) continue;
    const xa = (fa[key] ?? []) as unknown[];
    const ya = (fb[key] ?? []) as unknown[];
    const i = xa.findIndex((v, k) => JSON.stringify(v) !== JSON.stringify(ya[k]));
    out[key] = { at: i, fast: xa[i] ?? xa.length, full: ya[i] ?? ya.length };
  }
  return out;
}
