import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../src/scan.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-docs-'));
cpSync(new URL('./fixtures/docs-adr-typed-links', import.meta.url), root, { recursive: true });
const { map } = await scan({ root, write: false });
const key = new Map(map.nodes.map((n) => [n.id, n.key]));
const edge = (e: (typeof map.edges)[number]) =>
  `${key.get(e.from)} ${e.relation} ${key.get(e.to)} ${e.namespace}/${e.trust}`;

describe('scan on docs with decision records (fixtures/docs-adr-typed-links)', () => {
  it('makes decision records artifact nodes keyed by their id, with status', () => {
    const artifacts = map.nodes.filter((n) => n.kind === 'artifact');
    expect(artifacts.map((n) => n.key)).toEqual(['ADR-1', 'ADR-2', 'ADR-3', 'ADR-4']);
    expect(artifacts.find((n) => n.key === 'ADR-2')?.metadata?.status).toBe('superseded');
  });

  it('turns front-matter and in-body declarations into typed links (trust high), direction kept', () => {
    const typed = map.edges.filter((e) => e.namespace === 'typed-link').map(edge);
    expect(typed).toEqual(
      expect.arrayContaining([
        'ADR-3 supersedes ADR-2 typed-link/high',
        'ADR-4 based_on ADR-3 typed-link/high',
        'ADR-4 covers src/store/index.ts typed-link/high',
        'ADR-4 covers src/store/sqlite.ts typed-link/high',
      ]),
    );
  });

  it('links and mentions from documents are code-deps with their trust: links medium, mentions low', () => {
    const all = map.edges.map(edge);
    expect(all).toContain('README.md links-to docs/adr/README.md code-dep/medium');
    expect(all).toContain('README.md mentions src/store/sqlite.ts code-dep/low');
  });

  it('reports broken links, broken anchors and invalid relations as findings with file:line', () => {
    expect(map.findings.map((f) => [f.code, `${f.evidence[0]!.path}:${f.evidence[0]!.line}`])).toEqual([
      ['invalid-typed-relation', 'docs/adr/0004-typed-links-in-front-matter.md:11'],
      ['broken-link', 'docs/adr/0004-typed-links-in-front-matter.md:22'],
      ['broken-anchor', 'docs/adr/0004-typed-links-in-front-matter.md:22'],
    ]);
  });

  it('the guardian confirms it: typed links are re-found where their evidence says', () => {
    expect(map.meta.blockers).toEqual([]);
    expect(map.meta.status).toBe('confirmed');
  });
});
