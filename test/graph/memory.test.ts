import { describe, expect, it } from 'vitest';
import { GraphMemory } from '../../src/graph/memory.js';
import type { MapEdge, MapNode } from '../../src/map/schema.js';
import { handMap, idOf } from './hand-map.js';

const map = handMap(
  [],
  [
    ['a.ts', 'b.ts'],
    ['b.ts', 'c.ts'],
    ['docs/x.md', 'a.ts', 'links-to'],
  ],
);
const snapshot = JSON.stringify(map);
const note: MapNode = {
  ...map.nodes[0]!,
  id: 'aaaaaaaaaaaa',
  key: 'note',
  label: 'agent note',
  path: 'notes/n.md',
};

describe('GraphMemory', () => {
  it('reads the observed snapshot: getNode, findNodes, findEdges, neighbors by depth and label', () => {
    const memory = new GraphMemory(map);
    expect(memory.getNode(idOf('a.ts'))?.path).toBe('a.ts');
    expect(memory.findNodes({ kind: 'document' }).map((n) => n.path)).toEqual(['docs/x.md']);
    expect(memory.findEdges({ relation: 'imports' })).toHaveLength(2);
    expect(memory.neighbors(idOf('a.ts'), { depth: 2 }).map((x) => [x.node.path, x.depth])).toEqual(
      expect.arrayContaining([
        ['b.ts', 1],
        ['docs/x.md', 1],
        ['c.ts', 2],
      ]),
    );
    expect(memory.neighbors(idOf('a.ts'), { depth: 2, label: 'links-to' }).map((x) => x.node.path)).toEqual([
      'docs/x.md',
    ]);
    expect(memory.neighbors(idOf('a.ts'), { direction: 'out' }).map((x) => x.node.path)).toEqual(['b.ts']);
  });

  it('writes land in a working layer; deletes mask; clear restores; the snapshot never changes', () => {
    const memory = new GraphMemory(map);
    memory.upsertNode(note);
    const edge: MapEdge = {
      ...map.edges[0]!,
      id: 'bbbbbbbbbbbb',
      from: note.id,
      to: idOf('c.ts'),
      relation: 'mentions',
    };
    memory.upsertEdge(edge);
    expect(memory.neighbors(idOf('c.ts')).map((x) => x.node.label)).toContain('agent note');
    memory.upsertNode({ ...memory.getNode(idOf('a.ts'))!, label: 'renamed' });
    expect(memory.getNode(idOf('a.ts'))?.label).toBe('renamed');

    expect(memory.deleteNode(idOf('b.ts'))).toBe(true);
    expect(memory.getNode(idOf('b.ts'))).toBeUndefined();
    // Edges of a deleted node are masked with it.
    expect(memory.findEdges({ relation: 'imports' })).toEqual([]);
    expect(memory.deleteEdge(map.edges[2]!.id)).toBe(true);
    expect(memory.findEdges({ relation: 'links-to' })).toEqual([]);
    expect(() => memory.upsertEdge({ ...edge, id: 'cccccccccccc', to: idOf('b.ts') })).toThrow(/endpoints/);

    expect(JSON.stringify(map)).toBe(snapshot);
    expect(memory.pristine).toBe(false);
    memory.clear();
    expect(memory.pristine).toBe(true);
    expect(memory.getNode(idOf('a.ts'))?.label).toBe('a.ts');
    expect(memory.getNode(note.id)).toBeUndefined();
    expect(memory.findEdges()).toHaveLength(3);
  });
});
