import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { coverGlobs, suggestAreas, uniqueLabels } from '../../src/graph/areas.js';
import { handMap, idOf, type Row } from './hand-map.js';

/** Two clusters of `n` files that import each other in a ring, joined by one import. */
function twoClusters(a: string, b: string, n = 6): Row[] {
  const rows: Row[] = [];
  for (const dir of [a, b])
    for (let i = 0; i < n; i++)
      rows.push(
        [`${dir}/f${i}.ts`, `${dir}/f${(i + 1) % n}.ts`],
        [`${dir}/f${i}.ts`, `${dir}/f${(i + 2) % n}.ts`],
      );
  rows.push([`${a}/f0.ts`, `${b}/f0.ts`]);
  return rows;
}

describe('suggestAreas', () => {
  const map = handMap([], twoClusters('packages/core/src', 'packages/web/src'));

  it('finds each cluster, with exact globs, cohesion and the crossing edge with its evidence', () => {
    const areas = suggestAreas(map, { seed: 1 });
    expect(areas.map((a) => a.name)).toEqual(['packages/core/src', 'packages/web/src']);
    const [core, web] = areas;
    // The fewest globs: nothing else lives under packages/core.
    expect(core!.path).toEqual(['packages/core/**']);
    expect(core!.files).toHaveLength(6);
    expect(core!.internal).toBe(12);
    expect(core!.crossing.total).toBe(1);
    expect(core!.cohesion).toBeCloseTo(12 / 13, 6);
    const cross = core!.crossing.items[0]!;
    expect(cross).toMatchObject({
      from: 'packages/core/src/f0.ts',
      to: 'packages/web/src/f0.ts',
      other_area: 'packages/web/src',
      relation: 'imports',
    });
    const edge = map.edges.find((e) => e.id === cross.edge)!;
    expect(edge.from).toBe(idOf('packages/core/src/f0.ts'));
    expect(cross.evidence).toEqual(edge.evidence[0]);
    expect(web!.crossing.items[0]!.edge).toBe(cross.edge);
  });

  it('is deterministic for a seed, whatever order the map lists nodes and edges in', () => {
    const once = JSON.stringify(suggestAreas(map, { seed: 7 }));
    expect(JSON.stringify(suggestAreas(map, { seed: 7 }))).toBe(once);
    const shuffled = { ...map, nodes: [...map.nodes].reverse(), edges: [...map.edges].reverse() };
    expect(JSON.stringify(suggestAreas(shuffled, { seed: 7 }))).toBe(once);
  });

  it('leaves out communities smaller than min-size', () => {
    expect(suggestAreas(map, { minSize: 7 })).toEqual([]);
  });
});

describe('area labels', () => {
  it('never names two areas alike: the common folder, one level deeper where two share it', () => {
    const labels = uniqueLabels([
      ['packages/a/x.ts', 'packages/b/y.ts', 'packages/a/z.ts'],
      ['packages/c/x.ts', 'packages/d/y.ts', 'packages/c/w.ts'],
      ['src/lib/a.ts', 'src/lib/b.ts'],
    ]);
    // Both first groups share "packages"; their majority folders tell them apart.
    expect(labels).toEqual(['packages/a', 'packages/c', 'src/lib']);
    expect(
      uniqueLabels([
        ['packages/a/x.ts', 'packages/b/y.ts'],
        ['packages/c/x.ts', 'packages/d/y.ts'],
      ]),
    ).toEqual(['packages/a', 'packages/c']);
    // Nothing tells them apart: numbered, in input order, still unique.
    expect(
      uniqueLabels([
        ['a.ts', 'b.ts'],
        ['c.ts', 'd.ts'],
      ]),
    ).toEqual(['(root) #1', '(root) #2']);
  });

  it('globs select exactly the members among the connected files', () => {
    const all = ['src/a/1.ts', 'src/a/2.ts', 'src/b/1.ts', 'src/b/2.ts', 'src/c.ts', 'lib/x.ts'];
    const members = new Set(['src/a/1.ts', 'src/a/2.ts', 'src/b/1.ts', 'src/c.ts']);
    const globs = coverGlobs(members, all);
    expect(globs).toEqual(['src/a/**', 'src/b/1.ts', 'src/c.ts']);
    const match = picomatch(globs);
    expect(all.filter((p) => match(p))).toEqual(all.filter((p) => members.has(p)));
  });
});
