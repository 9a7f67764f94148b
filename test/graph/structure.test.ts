import { describe, expect, it } from 'vitest';
import { sharedDirectory } from '../../src/graph/communities.js';
import { proximity } from '../../src/graph/proximity.js';
import { severityOf } from '../../src/graph/severity.js';
import { computeSignals } from '../../src/graph/signals.js';
import { buildView } from '../../src/graph/views.js';
import { handMap, idOf, type Row } from './hand-map.js';

describe('import cycles', () => {
  it('reports one elementary cycle per component, starting at the smallest id, with edges and evidence', () => {
    const rows: Row[] = [
      ['x.ts', 'y.ts'],
      ['y.ts', 'z.ts'],
      ['z.ts', 'x.ts'],
      ['z.ts', 'y.ts'],
      ['p.ts', 'q.ts'],
      ['q.ts', 'p.ts'],
      ['z.ts', 'leaf.ts'],
    ];
    const map = handMap([], rows);
    const { cycles } = computeSignals(map);
    expect(cycles.total).toBe(2);
    for (const c of cycles.items) {
      expect(c.nodes[0]).toBe([...c.nodes].sort()[0]);
      // Each hop is a real edge from nodes[i] to nodes[i+1].
      c.edges.forEach((id, i) => {
        const e = map.edges.find((x) => x.id === id)!;
        expect([e.from, e.to]).toEqual([c.nodes[i], c.nodes[(i + 1) % c.nodes.length]]);
        expect(c.evidence[i]).toEqual(e.evidence[0]);
      });
    }
    expect(cycles.items.map((c) => c.component).sort()).toEqual([2, 3]);
    expect(computeSignals(map, { maxCycles: 1 }).cycles).toMatchObject({
      total: 2,
      items: [expect.anything()],
    });
  });
});

describe('views', () => {
  it('keep type imports and external packages out unless asked', () => {
    const map = handMap(
      [],
      [
        ['a.ts', 'b.ts', 'type-imports'],
        ['a.ts', 'c.ts'],
      ],
    );
    map.nodes.find((n) => n.path === 'c.ts')!.external = true;
    expect(buildView(map, 'import').size).toBe(0);
    expect(buildView(map, 'import', { typeImports: true, external: true }).size).toBe(2);
  });
});

describe('proximity', () => {
  it('is a bounded BFS, nearest first then by id, ignoring direction', () => {
    const map = handMap(
      [],
      [
        ['a.ts', 'b.ts'],
        ['c.ts', 'a.ts'],
        ['b.ts', 'd.ts'],
        ['d.ts', 'e.ts'],
        ['docs/r.md', 'e.ts', 'mentions'],
      ],
    );
    const near = proximity(buildView(map, 'proximity'), idOf('a.ts'), 2);
    expect(near.map((n) => n.hops)).toEqual([1, 1, 2]);
    expect(near.slice(0, 2).map((n) => n.id)).toEqual([idOf('b.ts'), idOf('c.ts')].sort());
    expect(proximity(buildView(map, 'proximity'), idOf('a.ts')).map((n) => n.id)).not.toContain(
      idOf('docs/r.md'),
    );
    expect(proximity(buildView(map, 'proximity'), idOf('a.ts'), 4).map((n) => n.id)).toContain(
      idOf('docs/r.md'),
    );
  });
});

describe('severity and area suggestions', () => {
  it('grades leaf … chokepoint from fan-in, dependents and centrality', () => {
    expect(severityOf({ fanIn: 0, dependents: 0, centrality: 0 })).toBe('leaf');
    expect(severityOf({ fanIn: 1, dependents: 1, centrality: 0 })).toBe('low');
    expect(severityOf({ fanIn: 5, dependents: 6, centrality: 0 })).toBe('medium');
    expect(severityOf({ fanIn: 16, dependents: 20, centrality: 0.001 })).toBe('high');
    expect(severityOf({ fanIn: 16, dependents: 200, centrality: 0.2 })).toBe('chokepoint');
    // Thousands of transitive dependents behind a barrel do not make one direct dependent load-bearing.
    expect(severityOf({ fanIn: 1, dependents: 4749, centrality: 0 })).toBe('medium');
    expect(severityOf({ fanIn: 3, dependents: 3, centrality: 0 }, { fanIn: 3 })).toBe('high');
  });

  it('labels Louvain communities by their deepest shared directory, as not-analyzed coverage', () => {
    const clique = (dir: string) => {
      const files = [0, 1, 2, 3, 4, 5].map((i) => `${dir}/f${i}.ts`);
      return files.flatMap((a) => files.filter((b) => b !== a).map((b) => [a, b] as Row));
    };
    const map = handMap(
      [],
      [...clique('src/billing/core'), ...clique('src/auth'), ['src/auth/f0.ts', 'src/billing/core/f0.ts']],
    );
    const { suggestions } = computeSignals(map);
    expect(suggestions.map((s) => s.scope)).toEqual(['src/auth', 'src/billing/core']);
    for (const s of suggestions) {
      expect(s).toMatchObject({ analyzer: 'signals', status: 'not-analyzed' });
      expect(s.reason).toMatch(/promote it to an area in configuration/);
    }
    expect(sharedDirectory(['a/b/c.ts', 'a/b/d/e.ts'])).toBe('a/b');
    expect(sharedDirectory(['x.ts', 'a/y.ts'])).toBe('');
  });
});
