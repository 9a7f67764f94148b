import { describe, expect, it } from 'vitest';
import type { ProposedRelation } from '../../src/map/snapshot.js';
import { edgeId, nodeId } from '../../src/model/ids.js';
import type { Entity } from '../../src/model/types.js';
import { verify } from '../../src/verify/index.js';

const file = (path: string): Entity => ({
  id: nodeId('file', path),
  kind: 'file',
  key: path,
  name: path,
  path,
  evidence: [{ source: 'code', path }],
});
const artifact = (id: string, path: string): Entity => ({
  id: nodeId('artifact', id),
  kind: 'artifact',
  key: id,
  name: id,
  path,
  evidence: [{ source: 'doc', path }],
});
const a = file('src/a.ts');
const b = file('src/b.ts');
const adr1 = artifact('ADR-1', 'docs/adr/0001.md');
const adr2 = artifact('ADR-2', 'docs/adr/0002.md');
const entities = new Map([a, b, adr1, adr2].map((e) => [e.id, e]));
const texts: Record<string, string> = { 'src/a.ts': "import { b } from './b.js';\n" };
const ev = (path: string, line = 1) => [{ source: 'code' as const, path, line }];
const run = (relations: ProposedRelation[]) =>
  verify({
    entities,
    relations,
    textOf: (p) => texts[p],
    endpoint: (raw) => (raw === 'ADR-1' ? [adr1.id] : raw === 'ADR-2' ? [adr2.id] : []),
  });

describe('verify', () => {
  it('keeps a code-dep whose literal is in the from file, trust medium, id minted from the formula', () => {
    const { edges, dropped } = run([
      { kind: 'imports', from: a.id, to: b.id, verified_by: 'grep:./b.js', evidence: ev('src/a.ts') },
    ]);
    expect(dropped).toEqual([]);
    expect(edges).toEqual([
      expect.objectContaining({
        id: edgeId(a.id, b.id, 'imports'),
        namespace: 'code-dep',
        trust: 'medium',
        verified_by: 'grep:./b.js',
      }),
    ]);
  });

  it('drops a code-dep whose literal is not in the source, and one without verified_by', () => {
    const { edges, dropped, coverage } = run([
      { kind: 'imports', from: a.id, to: b.id, verified_by: 'grep:./c.js', evidence: ev('src/a.ts') },
      { kind: 'requires', from: a.id, to: b.id, evidence: ev('src/a.ts') },
    ]);
    expect(edges).toEqual([]);
    expect(dropped.map((d) => d.reason)).toEqual(['not-found-in-source', 'not-found-in-source']);
    expect(coverage[0]).toMatchObject({ analyzer: 'verify', scope: 'src/a.ts:1', status: 'skipped' });
  });

  it('classifies the 11 relations as typed links (trust high) and drops declared links with another relation', () => {
    const declared = { raw: 'ADR-1', declaredIn: 'docs/adr/0002.md' };
    const { edges, dropped } = run([
      {
        kind: 'supersedes',
        from: adr2.id,
        to: declared,
        declared: 'typed-link',
        evidence: ev('docs/adr/0002.md', 3),
      },
      {
        kind: 'depends_on',
        from: adr2.id,
        to: declared,
        declared: 'typed-link',
        evidence: ev('docs/adr/0002.md', 4),
      },
    ]);
    expect(edges).toEqual([
      expect.objectContaining({
        kind: 'supersedes',
        from: adr2.id,
        to: adr1.id,
        namespace: 'typed-link',
        trust: 'high',
      }),
    ]);
    expect(dropped).toEqual([
      expect.objectContaining({ reason: 'invalid-relation', relation: 'depends_on' }),
    ]);
  });

  it('drops and reports a typed link whose endpoint is no node (dangling)', () => {
    const { edges, dropped } = run([
      {
        kind: 'based_on',
        from: adr2.id,
        to: { raw: 'ADR-99', declaredIn: 'docs/adr/0002.md' },
        declared: 'typed-link',
        evidence: ev('docs/adr/0002.md', 5),
      },
    ]);
    expect(edges).toEqual([]);
    expect(dropped[0]).toMatchObject({
      reason: 'dangling-endpoint',
      message: expect.stringContaining('ADR-99'),
    });
  });

  it('dedupes by id keeping the typed link over the code-dep, and keeps both directions', () => {
    texts['docs/adr/0002.md'] = 'references: ADR-1';
    const { edges, dropped } = run([
      {
        kind: 'references',
        from: adr2.id,
        to: adr1.id,
        verified_by: 'grep:ADR-1',
        evidence: ev('docs/adr/0002.md', 2),
      },
      {
        kind: 'references',
        from: adr2.id,
        to: { raw: 'ADR-1', declaredIn: 'docs/adr/0002.md' },
        declared: 'typed-link',
        evidence: ev('docs/adr/0002.md', 3),
      },
      {
        kind: 'references',
        from: adr1.id,
        to: { raw: 'ADR-2', declaredIn: 'docs/adr/0001.md' },
        declared: 'typed-link',
        evidence: ev('docs/adr/0001.md', 3),
      },
    ]);
    expect(edges.map((e) => [e.from, e.to, e.namespace])).toEqual([
      [adr2.id, adr1.id, 'typed-link'],
      [adr1.id, adr2.id, 'typed-link'],
    ]);
    expect(dropped.map((d) => d.reason)).toEqual(['duplicate']);
  });
});
