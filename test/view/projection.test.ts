/**
 * What the page shows at a moment, computed without a browser: closed zones are one node each,
 * bundles count exactly the edges they stand for, opening a zone shows its files, and Focus
 * groups a file's direct dependents by package.
 */
import { describe, expect, it } from 'vitest';
import type { ViewData, ViewEdge, ViewNode } from '../../src/view/data.js';
import { indexData } from '../../src/view/page/index.js';
import { dependentsByZone, project, zoneLinks, zoneNodeId } from '../../src/view/page/projection.js';

const node = (id: string, zone: string): ViewNode => ({
  id,
  label: id,
  kind: 'file',
  zone,
  path: `${zone}/${id}.ts`,
  x: 0,
  y: 0,
  weight: 0,
  exports: [],
});
let n = 0;
const edge = (from: string, to: string, relation = 'imports'): ViewEdge => ({
  id: `e${n++}`,
  from,
  to,
  relation,
  namespace: 'code-dep',
  trust: 'medium',
  evidence: [{ path: `${from}.ts`, line: 1 }],
});

// Zones A (a1, a2), B (b1, b2), C (c1): a1 → a2 inside A; a1, a2 → b1; b2 → b1 type-only; c1 → a1.
const nodes = [node('a1', 'A'), node('a2', 'A'), node('b1', 'B'), node('b2', 'B'), node('c1', 'C')];
const edges = [
  edge('a1', 'a2'),
  edge('a1', 'b1'),
  edge('a2', 'b1', 'type-imports'),
  edge('b2', 'b1'),
  edge('c1', 'a1'),
  edge('c1', 'b1', 'links-to'),
];
const zone = (id: string, count: number) => ({
  id,
  label: `zone ${id}`,
  kind: 'package',
  x: 0,
  y: 0,
  r: 1,
  count,
  files: count,
});
const data: ViewData = {
  meta: { map_id: 'm', version: 1, status: 'confirmed', generator: 'test' },
  sizeBy: 'fan-in',
  overview: true,
  excerpts: false,
  zones: [zone('A', 2), zone('B', 2), zone('C', 1)],
  nodes,
  edges,
  flows: [],
  cycles: [],
  coverage: [],
};
const idx = indexData(data);

describe('project', () => {
  it('closed: one node per zone, bundles counting every cross-zone edge, none inside a zone', () => {
    const p = project(idx, new Set(), new Set());
    expect(p.files).toEqual([]);
    expect(p.zones).toEqual(['A', 'B', 'C']);
    expect(p.fileEdges).toEqual([]);
    const byKey = Object.fromEntries(p.bundles.map((b) => [b.key, [b.total, b.imports, b.types]]));
    expect(byKey).toEqual({
      'zone:A>zone:B': [2, 1, 1],
      'zone:C>zone:A': [1, 1, 0],
      'zone:C>zone:B': [1, 0, 0],
    });
    const inside = edges.filter((e) => idx.node.get(e.from)!.zone === idx.node.get(e.to)!.zone).length;
    expect(p.bundles.reduce((s, b) => s + b.total, 0)).toBe(edges.length - inside);
  });

  it('opening a zone shows its files and its own edges; its links to closed zones stay bundled', () => {
    const p = project(idx, new Set(['A']), new Set());
    expect(p.files).toEqual(['a1', 'a2']);
    expect(p.zones).toEqual(['B', 'C']);
    expect(p.fileEdges.map((e) => [e.from, e.to])).toEqual([['a1', 'a2']]);
    expect(p.bundles.map((b) => b.key).sort()).toEqual([
      'a1>zone:B',
      'a2>zone:B',
      'zone:C>a1',
      'zone:C>zone:B',
    ]);
  });

  it('a pinned file shows without opening its zone', () => {
    const p = project(idx, new Set(), new Set(['b1']));
    expect(p.files).toEqual(['b1']);
    expect(p.zones).toContain('B');
    expect(p.bundles.find((b) => b.key === 'zone:A>b1')?.total).toBe(2);
    expect(p.bundles.find((b) => b.key === `${zoneNodeId('B')}>b1`)?.total).toBe(1);
  });

  it('every zone open is every file and every edge, no bundle', () => {
    const p = project(idx, new Set(['A', 'B', 'C']), new Set());
    expect(p.files).toHaveLength(nodes.length);
    expect(p.zones).toEqual([]);
    expect(p.fileEdges).toHaveLength(edges.length);
    expect(p.bundles).toEqual([]);
  });
});

describe('zone summaries', () => {
  it('zoneLinks counts imports between zones, type-only apart', () => {
    const links = zoneLinks(idx);
    expect(links.get('A')?.get('B')).toEqual({ total: 2, imports: 1, types: 1 });
    expect(links.get('C')?.get('B')).toEqual({ total: 1, imports: 0, types: 0 });
    expect(links.get('A')?.has('A')).toBe(false);
  });

  it('dependentsByZone groups direct dependents by package, largest first', () => {
    expect(dependentsByZone(idx, 'b1')).toEqual([
      { zone: 'A', nodes: ['a1', 'a2'] },
      { zone: 'B', nodes: ['b2'] },
      { zone: 'C', nodes: ['c1'] },
    ]);
    expect(dependentsByZone(idx, 'c1')).toEqual([]);
  });
});
