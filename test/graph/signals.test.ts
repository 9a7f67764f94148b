import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brandes } from '../../src/graph/betweenness.js';
import { indexView } from '../../src/graph/indexed.js';
import { pagerank } from '../../src/graph/pagerank.js';
import { computeSignals } from '../../src/graph/signals.js';
import { buildView } from '../../src/graph/views.js';
import type { ProofMap } from '../../src/map/schema.js';
import { scan } from '../../src/scan.js';
import { bruteBetweenness } from './brute-force.js';
import { handMap, idOf, type Row, randomRows, shuffled } from './hand-map.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Brute force over the same import view the signals use (files only, type imports dropped). */
function expectMatchesBruteForce(map: ProofMap) {
  const view = buildView(map, 'import');
  const edges = view.edges().map((k) => [view.source(k), view.target(k)] as [string, string]);
  const expected = bruteBetweenness(view.nodes(), edges);
  const signals = computeSignals(map);
  expect(signals.centrality.approximate).toBe(false);
  for (const [id, value] of expected) expect(signals.centrality.values[id]).toBeCloseTo(value, 6);
  return { signals, expected };
}

describe('centrality = normalised betweenness over the import view', () => {
  it('matches hand-computed values on a chain and a diamond', () => {
    // a→b→c: b lies on the one a…c path; normalised by (n-1)(n-2) = 2.
    const chain = computeSignals(
      handMap(
        [],
        [
          ['a.ts', 'b.ts'],
          ['b.ts', 'c.ts'],
        ],
      ),
    );
    expect(chain.centrality.values[idOf('b.ts')]).toBeCloseTo(1 / 2, 6);
    expect(chain.centrality.values[idOf('a.ts')]).toBe(0);
    // a→b→d, a→c→d: b and c each carry half of the a…d pair; (n-1)(n-2) = 6.
    const diamond = computeSignals(
      handMap(
        [],
        [
          ['a.ts', 'b.ts'],
          ['a.ts', 'c.ts'],
          ['b.ts', 'd.ts'],
          ['c.ts', 'd.ts'],
        ],
      ),
    );
    expect(diamond.centrality.values[idOf('b.ts')]).toBeCloseTo(0.5 / 6, 6);
  });

  it.each([1, 2, 3, 4, 5])('agrees with all-shortest-paths enumeration on random graph #%i', (seed) => {
    const { paths, rows } = randomRows(25, 2, seed);
    expectMatchesBruteForce(handMap(paths, rows));
  });

  it('agrees with brute force on a real package scanned from node_modules (yaml)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-yaml-'));
    dirs.push(root);
    // dist/ is an excluded directory for every walk, so the package's code is copied to lib/.
    const source = path.join(process.cwd(), 'node_modules/yaml');
    cpSync(path.join(source, 'dist'), path.join(root, 'lib'), {
      recursive: true,
      filter: (p) => !p.endsWith('.d.ts'),
    });
    cpSync(path.join(source, 'package.json'), path.join(root, 'package.json'));
    const { map } = await scan({ root, write: false });
    const { expected } = expectMatchesBruteForce(map);
    expect(expected.size).toBeGreaterThan(40);
    expect([...expected.values()].some((v) => v > 0.01)).toBe(true);
  });

  it('samples with seeded pivots past exactUpTo and says so', () => {
    const { paths, rows } = randomRows(60, 3, 9);
    const map = handMap(paths, rows);
    const a = computeSignals(map, { exactUpTo: 10, pivots: 20 });
    expect(a.centrality).toMatchObject({ approximate: true, pivots: 20, nodes: 60 });
    expect(computeSignals(map, { exactUpTo: 10, pivots: 20 })).toEqual(a);
    // Sampling every node is the exact computation.
    const all = indexView(buildView(map, 'import'));
    const exact = brandes(all);
    const sampled = brandes(
      all,
      all.ids.map((_, i) => i),
    );
    expect([...sampled]).toEqual([...exact]);
  });
});

describe('canonicality = PageRank over the documentation view', () => {
  const docs: Row[] = [
    ['a.md', 'b.md', 'links-to'],
    ['b.md', 'c.md', 'links-to'],
    ['c.md', 'a.md', 'links-to'],
    ['d.md', 'c.md', 'links-to'],
  ];
  it('sums to 1 and ranks the most linked document first', () => {
    const s = computeSignals(handMap([], docs));
    const values = Object.values(s.canonicality);
    expect(values.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 5);
    const top = Object.entries(s.canonicality).sort((x, y) => y[1] - x[1])[0]![0];
    expect(top).toBe(idOf('c.md'));
  });

  it('gives the known values of a two-node graph (a→b, b dangling)', () => {
    // Closed form with damping 0.85 and dangling mass spread evenly: r_a = 0.15/2 + 0.85·r_b/2.
    const rank = pagerank(indexView(buildView(handMap([], [['a.md', 'b.md', 'links-to']]), 'documentation')));
    const sum = rank[0]! + rank[1]!;
    expect(sum).toBeCloseTo(1, 9);
    // Solve: r_b = 0.075 + 0.85·(r_a + r_b/2), r_a = 0.075 + 0.85·r_b/2, r_a + r_b = 1.
    const rb = (0.075 + 0.85 * 1) / (1 + 0.85 / 2);
    expect(rank[1]).toBeCloseTo(rb, 6);
    expect(rank[0]).toBeCloseTo(1 - rb, 6);
  });
});

describe('determinism', () => {
  it('gives identical signals JSON after shuffling nodes and edges', () => {
    const { paths, rows } = randomRows(80, 2.5, 42);
    const map = handMap(paths, [
      ...rows,
      ['docs/a.md', 'src/m1.ts', 'links-to'],
      ['docs/b.md', 'docs/a.md', 'links-to'],
    ]);
    const reference = JSON.stringify(computeSignals(map, { exactUpTo: 40 }));
    for (const seed of [1, 2, 3]) {
      const other = { ...map, nodes: shuffled(map.nodes, seed), edges: shuffled(map.edges, seed + 10) };
      expect(JSON.stringify(computeSignals(other, { exactUpTo: 40 }))).toBe(reference);
    }
  });
});
