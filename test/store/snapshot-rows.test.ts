import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, prepare } from '../../src/store/handles.js';
import { openIndex } from '../../src/store/index.js';
import { digestOf } from '../../src/store/snapshot-rows.js';
import { indexDump } from '../helpers/index-dump.js';
import { edge, fileNode, proofMap, sourceFile, tempRoot } from './fixture.js';

const stores: { close(): void }[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

const a = fileNode('src/a.ts');
const b = fileNode('src/b.ts');
const c = fileNode('src/c.ts');
const files = [sourceFile('src/a.ts'), sourceFile('src/b.ts'), sourceFile('src/c.ts')];

function written(map: ReturnType<typeof proofMap>, proven?: { uniqueIds: boolean }) {
  const root = tempRoot();
  const s = openIndex(root);
  stores.push(s);
  s.writeSnapshot(map, files, [], undefined, proven);
  s.close();
  const db = openSqlite(path.join(root, '.proofmap/index.db'), { readonly: true });
  const rows = {
    edges: prepare(db, 'SELECT id FROM edges ORDER BY rowid').pluck().all(),
    groups: prepare(db, 'SELECT from_id, digest FROM edge_groups ORDER BY from_id').all(),
  };
  db.close();
  return { root, rows };
}

describe('edge rows', () => {
  it("group each node's edges in map order, also when the map does not list them together", () => {
    // a's edges are split by one of c's: a group is found again, not started anew.
    const edges = [edge(a, b), edge(c, a), edge(a, c), edge(c, b)];
    const { rows } = written(proofMap([a, b, c], edges));
    const [ab, ca, ac, cb] = edges.map((e) => e.id);
    expect(rows.edges).toEqual([ab, ac, ca, cb]);
    // The reference digest: sha1 of the JSON array of the group's edges, in map order.
    const expected = [
      { from_id: a.id, digest: digestOf(JSON.stringify([edges[0], edges[2]])) },
      { from_id: c.id, digest: digestOf(JSON.stringify([edges[1], edges[3]])) },
    ].sort((x, y) => (x.from_id < y.from_id ? -1 : 1));
    expect(rows.groups).toEqual(expected);
  });

  it('are the same when the caller proved the edge ids unique', () => {
    const map = proofMap([a, b, c], [edge(a, b), edge(a, c), edge(c, b)]);
    const checked = written(map);
    const proven = written(map, { uniqueIds: true });
    expect(proven.rows).toEqual(checked.rows);
    expect(indexDump(proven.root)).toEqual(indexDump(checked.root));
  });

  it('refuse a duplicate edge id when nothing proved them unique', () => {
    const root = tempRoot();
    const s = openIndex(root);
    stores.push(s);
    expect(() => s.writeSnapshot(proofMap([a, b], [edge(a, b), edge(a, b)]), [])).toThrow(
      /duplicate id .* in map\.edges/,
    );
  });
});
