/**
 * The GraphMemory conformance suite (src/graph/memory-contract.ts). Any implementation runs it by
 * handing over a factory: a fresh memory over a scanned map, and that map. Every expectation is
 * computed here from the map itself (brute force), never taken from the implementation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GraphMemoryContract } from '../../src/graph/memory-contract.js';
import type { MapEdge, MapNode, ProofMap } from '../../src/map/schema.js';
import { compareStrings } from '../../src/model/paths.js';

export interface Subject {
  memory: GraphMemoryContract;
  /** The map the memory observes, as scanned. */
  map: ProofMap;
  close?(): Promise<void>;
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);
const sortedIds = (items: { id: string }[]) => ids(items).sort(compareStrings);

/** Neighbours by a breadth-first walk over the map's edges, as the contract defines them. */
function expectedNeighbors(map: ProofMap, from: string, depth: number, label?: string, direction = 'both') {
  const edges = map.edges.filter((e) => label === undefined || e.relation === label);
  const seen = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; d <= depth; d++) {
    const next: string[] = [];
    for (const v of frontier)
      for (const e of edges) {
        const w =
          direction !== 'in' && e.from === v ? e.to : direction !== 'out' && e.to === v ? e.from : undefined;
        if (w !== undefined && !seen.has(w)) {
          seen.set(w, d);
          next.push(w);
        }
      }
    frontier = next;
  }
  return [...seen]
    .filter(([id]) => id !== from)
    .sort((a, b) => a[1] - b[1] || compareStrings(a[0], b[0]))
    .map(([id, d]) => [id, d]);
}

export function graphMemoryConformance(name: string, make: () => Promise<Subject>): void {
  describe(`GraphMemory contract: ${name}`, () => {
    let s: Subject;
    beforeEach(async () => {
      s = await make();
    });
    afterEach(async () => {
      await s.close?.();
    });

    it('answers with Promises, and null (not undefined) for what does not exist', async () => {
      const node = s.map.nodes[0]!;
      const pending = s.memory.getNode(node.id);
      expect(pending).toBeInstanceOf(Promise);
      expect(await pending).toEqual(node);
      expect(await s.memory.getNode('000000000000')).toBeNull();
      expect(await s.memory.getEdge('000000000000')).toBeNull();
      expect(await s.memory.getEdge(s.map.edges[0]!.id)).toEqual(s.map.edges[0]);
    });

    it('findNodes: every key narrows the answer; sorted by id', async () => {
      expect(ids(await s.memory.findNodes())).toEqual(sortedIds(s.map.nodes));
      const doc = s.map.nodes.find((n) => n.kind === 'artifact' && n.metadata?.status)!;
      expect(ids(await s.memory.findNodes({ kind: 'artifact' }))).toEqual(
        sortedIds(s.map.nodes.filter((n) => n.kind === 'artifact')),
      );
      const folder = `${doc.path!.slice(0, doc.path!.lastIndexOf('/'))}/`;
      expect(ids(await s.memory.findNodes({ path: folder }))).toEqual(
        sortedIds(s.map.nodes.filter((n) => n.path?.startsWith(folder))),
      );
      expect(ids(await s.memory.findNodes({ label: doc.label }))).toEqual(
        sortedIds(s.map.nodes.filter((n) => n.label === doc.label)),
      );
      const status = doc.metadata!.status;
      const withStatus = s.map.nodes.filter((n) => n.metadata?.status === status);
      expect(ids(await s.memory.findNodes({ properties: { status } }))).toEqual(sortedIds(withStatus));
      expect(withStatus.length).toBeLessThan(s.map.nodes.length);
      expect(await s.memory.findNodes({ kind: 'file', properties: { status } })).toEqual([]);
    });

    it('findEdges: label is the relation, and filters filter (they never return every edge)', async () => {
      const relations = [...new Set(s.map.edges.map((e) => e.relation))].sort();
      expect(relations.length).toBeGreaterThan(1);
      for (const relation of relations) {
        const want = sortedIds(s.map.edges.filter((e) => e.relation === relation));
        expect(ids(await s.memory.findEdges({ label: relation })), relation).toEqual(want);
        expect(ids(await s.memory.findEdges({ relation })), relation).toEqual(want);
      }
      const edge = s.map.edges.find((e) => e.namespace === 'typed-link')!;
      expect(ids(await s.memory.findEdges({ from: edge.from, to: edge.to }))).toEqual(
        sortedIds(s.map.edges.filter((e) => e.from === edge.from && e.to === edge.to)),
      );
      expect(ids(await s.memory.findEdges({ namespace: 'typed-link' }))).toEqual(
        sortedIds(s.map.edges.filter((e) => e.namespace === 'typed-link')),
      );
      expect(ids(await s.memory.findEdges({ properties: { trust: 'high' } }))).toEqual(
        sortedIds(s.map.edges.filter((e) => e.trust === 'high')),
      );
      expect(await s.memory.findEdges({ label: 'no-such-relation' })).toEqual([]);
    });

    it('rejects filter keys the contract does not define, naming them', async () => {
      await expect(s.memory.findEdges({ lable: 'imports' } as never)).rejects.toThrow(/lable/);
      await expect(s.memory.findNodes({ status: 'accepted' } as never)).rejects.toThrow(/status/);
      await expect(s.memory.findEdges({ properties: 'trust' } as never)).rejects.toThrow(/properties/);
      await expect(s.memory.neighbors(s.map.nodes[0]!.id, { hops: 2 } as never)).rejects.toThrow(/hops/);
    });

    it('neighbors: by depth, label and direction, nearest first then by id', async () => {
      const busiest = [...s.map.nodes].sort(
        (a, b) =>
          s.map.edges.filter((e) => e.to === b.id || e.from === b.id).length -
            s.map.edges.filter((e) => e.to === a.id || e.from === a.id).length || compareStrings(a.id, b.id),
      )[0]!;
      const got = async (opts: Parameters<GraphMemoryContract['neighbors']>[1]) =>
        (await s.memory.neighbors(busiest.id, opts)).map((n) => [n.node.id, n.depth]);
      expect(await got({})).toEqual(expectedNeighbors(s.map, busiest.id, 1));
      expect(await got({ depth: 2 })).toEqual(expectedNeighbors(s.map, busiest.id, 2));
      expect(await got({ depth: 2, direction: 'in' })).toEqual(
        expectedNeighbors(s.map, busiest.id, 2, undefined, 'in'),
      );
      expect(await got({ depth: 2, direction: 'out' })).toEqual(
        expectedNeighbors(s.map, busiest.id, 2, undefined, 'out'),
      );
      const relation = s.map.edges.find((e) => e.from === busiest.id || e.to === busiest.id)!.relation;
      expect(await got({ depth: 3, label: relation })).toEqual(
        expectedNeighbors(s.map, busiest.id, 3, relation),
      );
    });

    it('writes land above the snapshot: upsert, delete (with its edges), clear', async () => {
      const [a, b] = [s.map.nodes[0]!, s.map.nodes[1]!];
      const note: MapNode = {
        ...a,
        id: 'aaaaaaaaaaaa',
        key: 'note',
        label: 'agent note',
        metadata: { note: true },
      };
      await s.memory.upsertNode(note);
      expect(await s.memory.getNode(note.id)).toEqual(note);
      expect(ids(await s.memory.findNodes({ properties: { note: true } }))).toEqual([note.id]);
      const link: MapEdge = {
        ...s.map.edges[0]!,
        id: 'bbbbbbbbbbbb',
        from: note.id,
        to: b.id,
        relation: 'mentions',
      };
      await s.memory.upsertEdge(link);
      expect((await s.memory.neighbors(note.id)).map((n) => n.node.id)).toEqual([b.id]);
      await expect(s.memory.upsertEdge({ ...link, id: 'cccccccccccc', to: 'dddddddddddd' })).rejects.toThrow(
        /endpoints/,
      );

      const touching = s.map.edges.filter((e) => e.from === b.id || e.to === b.id);
      expect(await s.memory.deleteNode(b.id)).toBe(true);
      expect(await s.memory.deleteNode(b.id)).toBe(false);
      expect(await s.memory.getNode(b.id)).toBeNull();
      for (const e of [...touching, link]) expect(await s.memory.getEdge(e.id)).toBeNull();
      expect((await s.memory.findEdges()).length).toBe(s.map.edges.length - touching.length);

      await s.memory.clear();
      expect(await s.memory.getNode(note.id)).toBeNull();
      expect(await s.memory.getNode(b.id)).toEqual(b);
      expect(ids(await s.memory.findEdges())).toEqual(sortedIds(s.map.edges));
    });
  });
}
