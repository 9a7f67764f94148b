import { describe, expect, it } from 'vitest';
import { assembleMap, sortEdges, toEdge, toNode } from '../../src/map/assemble.js';
import type { MapEdge } from '../../src/map/schema.js';
import { edgeId, nodeId } from '../../src/model/ids.js';
import { compareStrings } from '../../src/model/paths.js';
import type { Entity, Relation } from '../../src/model/types.js';

const entity = (kind: Entity['kind'], key: string): Entity => ({
  id: nodeId(kind, key),
  kind,
  key,
  name: key,
  path: key,
  evidence: [{ source: 'code', path: key, line: 1 }],
});

/** A seeded generator, so a failure names the inputs it failed on. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor(s / 65536) % n;
  };
}

const RELATIONS = ['imports', 'uses', 're-exports', 'type-imports', 'links-to'];

/** Entities (two kinds share some keys: equal keys rank equal) and edges between them, unsorted. */
function graph(seed: number) {
  const pick = random(seed);
  const keys = Array.from({ length: 40 }, (_, i) => `packages/p${pick(5)}/src/m${i}.ts`);
  const entities = [
    ...keys.map((k) => entity('file', k)),
    ...keys.slice(0, 8).map((k) => entity('document', k)),
  ];
  const edges = new Map<string, Relation>();
  for (let i = 0; i < 600; i++) {
    const from = entities[pick(entities.length)]!;
    const to = entities[pick(entities.length)]!;
    const kind = RELATIONS[pick(RELATIONS.length)]!;
    const id = edgeId(from.id, to.id, kind);
    edges.set(id, {
      id,
      kind,
      from: from.id,
      to: to.id,
      namespace: 'code-dep',
      trust: 'medium',
      verified_by: `grep:${to.key}`,
      evidence: [{ source: 'code', path: from.key, line: 1 + pick(30) }],
    });
  }
  return { entities, edges: [...edges.values()] };
}

/** The order assemble gave before it packed each edge's place into a number: a comparator sort. */
function referenceOrder(edges: MapEdge[], entities: Entity[]): string[] {
  const keyOf = new Map(entities.map((e) => [e.id, e.key]));
  return [...edges]
    .sort(
      (a, b) =>
        compareStrings(keyOf.get(a.from)!, keyOf.get(b.from)!) ||
        compareStrings(keyOf.get(a.to)!, keyOf.get(b.to)!) ||
        compareStrings(a.relation, b.relation),
    )
    .map((e) => e.id);
}

const assemble = (entities: Entity[], edges: Relation[]) =>
  assembleMap({
    entities: new Map(entities.map((e) => [e.id, e])),
    edges,
    coverage: [],
    zones: { zones: [], zoneOf: () => 'z' },
    flows: [],
    files: [],
    findings: [],
    identity: 'test',
  });

describe('assembleMap', () => {
  it('sorts edges by (from key, to key, relation), equal keys in the order the edges came', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { entities, edges } = graph(seed);
      const map = assemble(entities, edges);
      expect(
        map.edges.map((e) => e.id),
        `seed ${seed}`,
      ).toEqual(referenceOrder(edges.map(toEdge), entities));
    }
  });

  it('orders edges the same way when the map is too large for one number per edge', () => {
    for (const seed of [1, 2, 3]) {
      const { entities, edges } = graph(seed);
      const nodes = entities.map((e) => toNode(e, { zoneOf: () => 'z' }));
      const mapEdges = edges.map(toEdge);
      const packed = sortEdges(mapEdges, nodes).map((e) => e.id);
      expect(
        sortEdges(mapEdges, nodes, 0).map((e) => e.id),
        `seed ${seed}`,
      ).toEqual(packed);
      expect(packed).toEqual(referenceOrder(mapEdges, entities));
    }
  });

  it('counts nodes, edges and coverage per kind, keys sorted', () => {
    const { entities, edges } = graph(7);
    const { counts } = assemble(entities, edges).meta;
    const perRelation = Object.fromEntries(
      RELATIONS.map((r) => [`edges.${r}`, edges.filter((e) => e.kind === r).length]).filter(
        ([, n]) => n !== 0,
      ),
    );
    expect(counts).toEqual({
      files: 0,
      nodes: entities.length,
      edges: edges.length,
      coverage: 0,
      findings: 0,
      'nodes.file': 40,
      'nodes.document': 8,
      ...perRelation,
    });
    expect(Object.keys(counts)).toEqual(Object.keys(counts).sort(compareStrings));
  });
});

describe('toEdge', () => {
  const base: Relation = {
    id: 'x',
    kind: 'imports',
    from: 'a',
    to: 'b',
    namespace: 'code-dep',
    trust: 'medium',
    verified_by: 'grep:./b',
    evidence: [{ source: 'code', path: 'a.ts', line: 3 }],
  };
  it('gives one name the first use the general case gives it', () => {
    expect(toEdge({ ...base, names: ['b'], firstUse: [7] })).toMatchObject({ names: ['b'], first_use: [7] });
    expect(toEdge({ ...base, names: ['b'], firstUse: [undefined] })).not.toHaveProperty('first_use');
    expect(toEdge({ ...base, names: ['b'] })).not.toHaveProperty('first_use');
    expect(toEdge({ ...base, names: ['b', 'b'], firstUse: [9, 4] })).toMatchObject({
      names: ['b'],
      first_use: [4],
    });
    expect(toEdge({ ...base, names: ['c', 'b'], firstUse: [9, 4] })).toMatchObject({
      names: ['b', 'c'],
      first_use: [4, 9],
    });
  });
});
