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

  it('dedupes as an index of every id did: each id once, where it first came, held by its best candidate', () => {
    const files = ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts'].map(file);
    const known = new Map([...entities, ...files.map((f) => [f.id, f] as const)]);
    for (const f of files) texts[f.path!] = "import './a'; import './b'; import './c'; import './d';";
    const verifyAll = (relations: ProposedRelation[]) =>
      verify({ entities: known, relations, textOf: (p) => texts[p], endpoint: () => [] });
    // The edges verify proposed before its dedupe: each relation verified alone has no duplicate.
    const rank = (e: { namespace: string; verified_by?: string }) =>
      e.namespace === 'typed-link' ? 0 : e.verified_by ? 1 : 2;
    for (const seed of [1, 2, 3]) {
      let s = seed;
      const pick = (n: number) => {
        s = (s * 1103515245 + 12345) % 2147483648;
        return Math.floor(s / 65536) % n;
      };
      const relations: ProposedRelation[] = Array.from({ length: 120 }, (_, i) => {
        const from = files[pick(4)]!;
        const to = files[pick(4)]!;
        const typed = pick(5) === 0;
        return {
          kind: typed ? 'references' : (['imports', 'uses'] as const)[pick(2)]!,
          from: from.id,
          to: to.id,
          verified_by: `grep:./${'abcd'[pick(4)]}`,
          evidence: ev(from.path!, i + 1),
        };
      }).filter((r) => r.from !== r.to);
      const candidates = relations.flatMap((r) => verifyAll([r]).edges);
      // The index it replaced: a Map by id, a later better candidate taking the first one's place.
      const byId = new Map<string, (typeof candidates)[number]>();
      const duplicates: number[] = [];
      for (const e of candidates) {
        const kept = byId.get(e.id);
        if (!kept) byId.set(e.id, e);
        else {
          const winner = rank(e) < rank(kept) ? e : kept;
          byId.set(e.id, winner);
          duplicates.push((winner === e ? kept : e).evidence[0]!.line!);
        }
      }
      const { edges, dropped } = verifyAll(relations);
      expect(duplicates.length, `seed ${seed}`).toBeGreaterThan(10);
      expect(edges, `seed ${seed}`).toEqual([...byId.values()]);
      expect(
        dropped.filter((d) => d.reason === 'duplicate').map((d) => d.evidence[0]!.line),
        `seed ${seed}`,
      ).toEqual(duplicates);
    }
  });
});
