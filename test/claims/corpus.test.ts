/**
 * The labelled corpus: real documentation of packages installed in node_modules (copied out, as
 * a user would run proofmap on them) plus the written case fixtures, each claim labelled with
 * the verdict a careful reader gives. Reports precision and recall per verdict and fails when
 * "contradicted" or "verified" drop below 95 % precision. Every claim the run makes must be
 * labelled: a new claim (or a lost one) fails the test until someone labels it.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/claims/index.js';
import { runClaims } from '../../src/claims-run.js';

interface Label {
  source: string;
  at: string;
  detector: string;
  text: string;
  /** The claim as the report states it: several claims can share one text (`x --a --b`). */
  subject: unknown;
  expected: Verdict;
  line: string;
}
interface Corpus {
  packages: { name: string; version: string; license: string; documents: string[] }[];
  fixtures: { name: string; documents: string[] }[];
  labels: Label[];
}

const here = path.dirname(new URL(import.meta.url).pathname);
const repoRoot = path.resolve(here, '../..');
const corpus = JSON.parse(readFileSync(path.join(here, 'corpus/labels.json'), 'utf8')) as Corpus;
const key = (source: string, at: string, detector: string, subject: unknown) =>
  `${source}|${at}|${detector}|${JSON.stringify(subject)}`;

/** The sources present at their labelled version, copied to a temp root without nested node_modules. */
function sources(): { source: string; root: string; documents: string[] }[] {
  const out: { source: string; root: string; documents: string[] }[] = [];
  for (const p of corpus.packages) {
    const dir = path.join(repoRoot, 'node_modules', p.name);
    if (!existsSync(dir)) continue;
    const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
      .version;
    if (version !== p.version) continue;
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-corpus-'));
    cpSync(dir, root, {
      recursive: true,
      filter: (f) => !path.relative(dir, f).split(path.sep).includes('node_modules'),
    });
    out.push({ source: `node_modules/${p.name}`, root, documents: p.documents });
  }
  for (const f of corpus.fixtures) {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-corpus-'));
    cpSync(path.join(repoRoot, 'test/fixtures', f.name), root, { recursive: true });
    out.push({ source: `test/fixtures/${f.name}`, root, documents: f.documents });
  }
  return out;
}

describe('labelled claims corpus', () => {
  it('holds at least 150 real claim lines, each with its package licence', () => {
    const real = corpus.labels.filter((l) => l.source.startsWith('node_modules/'));
    expect(real.length).toBeGreaterThanOrEqual(150);
    for (const p of corpus.packages) expect(p.license).toMatch(/\S/);
  });

  it('is decided with ≥ 95 % precision for contradicted and verified, every claim labelled', async () => {
    const labels = new Map(corpus.labels.map((l) => [key(l.source, l.at, l.detector, l.subject), l]));
    const seen = new Set<string>();
    const unlabelled: string[] = [];
    const mismatched: string[] = [];
    const pairs: [expected: Verdict, got: Verdict][] = [];
    const used = sources();
    for (const { source, root, documents } of used) {
      const report = await runClaims({ root, files: documents });
      if (report.type !== 'investigation_report') throw new Error(`${source}: ${report.reason}`);
      for (const v of report.verdicts)
        for (const s of v.stated_at) {
          const k = key(source, `${s.path}:${s.line}`, v.detector, v.subject);
          const label = labels.get(k);
          if (!label) unlabelled.push(`${k} → ${v.verdict}`);
          else {
            seen.add(k);
            pairs.push([label.expected, v.verdict]);
            if (label.expected !== v.verdict)
              mismatched.push(`${k}: labelled ${label.expected}, got ${v.verdict}`);
          }
        }
    }
    const present = new Set(used.map((u) => u.source));
    const lost = corpus.labels
      .filter((l) => present.has(l.source) && !seen.has(key(l.source, l.at, l.detector, l.subject)))
      .map((l) => key(l.source, l.at, l.detector, l.subject));
    const rows = (['verified', 'contradicted', 'unverified'] as const).map((verdict) => {
      const predicted = pairs.filter(([, got]) => got === verdict).length;
      const actual = pairs.filter(([want]) => want === verdict).length;
      const right = pairs.filter(([want, got]) => want === verdict && got === verdict).length;
      return {
        verdict,
        predicted,
        actual,
        precision: predicted === 0 ? 1 : right / predicted,
        recall: actual === 0 ? 1 : right / actual,
      };
    });
    console.info(
      `claims corpus: ${pairs.length} labelled claims from ${used.length} sources\n${rows
        .map(
          (r) =>
            `  ${r.verdict.padEnd(12)} precision ${(r.precision * 100).toFixed(1)} % (${r.predicted} said)  recall ${(r.recall * 100).toFixed(1)} % (${r.actual} labelled)`,
        )
        .join('\n')}`,
    );
    if (mismatched.length > 0) console.info(`disagreements with the labels:\n  ${mismatched.join('\n  ')}`);
    expect(unlabelled).toEqual([]);
    expect(lost).toEqual([]);
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    for (const r of rows.filter((r) => r.verdict !== 'unverified'))
      expect(r.precision, `${r.verdict} precision`).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
