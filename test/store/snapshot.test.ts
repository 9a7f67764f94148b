import { afterEach, describe, expect, it } from 'vitest';
import { openIndex } from '../../src/store/index.js';
import { edge, fileNode, proofMap, sourceFile, tempRoot } from './fixture.js';

const stores: { close(): void }[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});
function open(root = tempRoot()) {
  const s = openIndex(root);
  stores.push(s);
  return s;
}

const a = fileNode('src/a.ts', ['alpha']);
const b = fileNode('src/b.ts', ['beta'], { metadata: { note: 'ü' } });
const c = fileNode('src/c.ts');
const doc = { ...fileNode('docs/readme.md'), kind: 'document' as const };

describe('writeSnapshot and readMap', () => {
  it('reads back the same bytes it was given, and counts epochs', () => {
    const s = open();
    expect(s.readMap()).toBeUndefined();
    expect(s.epoch()).toBe(0);
    const map = proofMap([doc, a, b, c], [edge(a, b), edge(b, c), edge(doc, a, 'links-to')], {
      coverage: [
        { analyzer: 'resolve', scope: 'src/a.ts:3', status: 'partial', reason: 'unresolved', detail: 'x' },
        { analyzer: 'discover', scope: 'big.bin', status: 'skipped', reason: 'binary' },
      ],
      flows: [{ name: 'f', node_ids: [a.id, b.id], edge_ids: [edge(a, b).id], evidence: [] }],
      findings: [
        {
          code: 'broken-link',
          message: 'no such file',
          evidence: [{ source: 'doc', path: 'docs/readme.md', line: 3 }],
        },
      ],
    });
    expect(s.writeSnapshot(map, [sourceFile('src/a.ts'), sourceFile('src/b.ts')])).toBe(1);
    expect(JSON.stringify(s.readMap())).toBe(JSON.stringify(map));
    expect(s.epoch()).toBe(1);
  });

  it('follows edits, removals, additions and reordering in later snapshots', () => {
    const root = tempRoot();
    const s = open(root);
    s.writeSnapshot(proofMap([a, b, c], [edge(a, b), edge(b, c)]), [sourceFile('src/a.ts')]);
    const b2 = { ...b, label: 'renamed', exports: [{ name: 'gamma', line: 2, typeOnly: true }] };
    const d = fileNode('src/d.ts', ['delta']);
    const next = proofMap([d, b2, a], [edge(d, a), edge(a, b2)], {
      meta: { ...proofMap([]).meta, version: 2 },
    });
    expect(s.writeSnapshot(next, [sourceFile('src/d.ts'), sourceFile('src/b.ts', 'changed')])).toBe(2);
    expect(JSON.stringify(s.readMap())).toBe(JSON.stringify(next));
    s.close();
    // And from a fresh connection, as the next process would see it.
    const again = open(root);
    expect(JSON.stringify(again.readMap())).toBe(JSON.stringify(next));
    expect([...again.files().keys()].sort()).toEqual(['src/b.ts', 'src/d.ts']);
    expect(again.files().get('src/b.ts')).toEqual({
      hash: sourceFile('src/b.ts', 'changed').hash,
      size: 7,
      mtimeMs: 1,
      role: 'code',
    });
  });

  it('reads the edges into a node, all of them or only some relations, with a limit', () => {
    const s = open();
    const d = fileNode('src/d.ts');
    const map = proofMap(
      [doc, a, b, c, d],
      [
        edge(a, c),
        edge(b, c, 're-exports'),
        edge(d, c, 'type-imports'),
        edge(doc, c, 'links-to'),
        edge(a, b),
      ],
    );
    s.writeSnapshot(map, [sourceFile('src/a.ts')]);
    const relationsOf = (lines: string[]) =>
      lines.map((l) => (JSON.parse(l) as { relation: string }).relation).sort();
    expect(relationsOf(s.edgesInto(c.id))).toEqual(['imports', 'links-to', 're-exports', 'type-imports']);
    expect(relationsOf(s.edgesInto(c.id, { relations: ['re-exports', 'links-to'] }))).toEqual([
      'links-to',
      're-exports',
    ]);
    // The lines are map.json's own: byte for byte the edge as written.
    const reexport = map.edges.find((e) => e.relation === 're-exports')!;
    expect(s.edgesInto(c.id, { relations: ['re-exports'] })).toEqual([JSON.stringify(reexport)]);
    expect(s.edgesInto(c.id, { relations: ['imports', 'type-imports'], limit: 1 })).toHaveLength(1);
    expect(s.edgesInto(c.id, { relations: ['requires'] })).toEqual([]);
    expect(s.edgesInto(b.id, { relations: ['imports'], limit: 1 })).toHaveLength(1);
  });

  it('keeps search rows in step with the snapshot', () => {
    const s = open();
    s.writeSnapshot(
      proofMap([a, b]),
      [sourceFile('src/a.ts'), sourceFile('src/b.ts')],
      [{ path: 'src/b.ts', text: 'Old heading', slug: 'old', line: 1 }],
    );
    expect(s.search('alpha').total).toBe(1);
    const a2 = fileNode('src/a.ts', ['omega']);
    s.writeSnapshot(proofMap([a2]), [sourceFile('src/a.ts')]);
    expect(s.search('alpha').total).toBe(0);
    expect(s.search('omega').items).toEqual([
      { kind: 'symbol', path: 'src/a.ts', name: 'omega', line: 1, detail: 'value' },
    ]);
    expect(s.search('beta').total).toBe(0);
    expect(s.search('heading').total).toBe(0);
    expect(s.search('b.ts').total).toBe(0);
  });

  it('refuses a map with two nodes of one id instead of silently keeping one', () => {
    const s = open();
    expect(() => s.writeSnapshot(proofMap([a, a]), [])).toThrow(/duplicate id/);
    expect(s.epoch()).toBe(0);
  });
});
