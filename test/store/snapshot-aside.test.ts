/**
 * A full build's snapshot rows written on a worker thread (store/snapshot-aside.ts) must be the
 * rows writeSnapshot writes on the scan thread, and stay invisible until published. The worker
 * only runs from the compiled build, so the store under test is dist's.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProofMap } from '../../src/map/schema.js';
import { openSqlite, prepare } from '../../src/store/handles.js';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { ensureBuilt } from '../mcp/fixture.js';
import { edge, fileNode, proofMap, sourceFile, tempRoot } from './fixture.js';

const stores: IndexStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

/** 300 files importing each other, exports and non-ASCII text included (the JSON crosses as UTF-8). */
function sampleMap(): ProofMap {
  const nodes = Array.from({ length: 300 }, (_, i) =>
    fileNode(`src/m${i}.ts`, i % 3 === 0 ? [`naïve${i}`, `ünïcode_${i}`] : []),
  );
  const edges = nodes.flatMap((n, i) => [1, 7, 31].map((k) => edge(n, nodes[(i + k) % nodes.length]!)));
  return proofMap(nodes, edges, {
    coverage: [{ analyzer: 'resolve', scope: 'src/m1.ts', status: 'partial', reason: 'unresolved «x»' }],
  });
}

/** Every row of every table (FTS shadow tables included), rowids too, as one comparable value. */
function rowsOf(root: string): Record<string, unknown[]> {
  const db = openSqlite(path.join(root, '.proofmap/index.db'), { readonly: true });
  try {
    const tables = prepare(
      db,
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`,
    ).all() as {
      name: string;
      sql: string;
    }[];
    const out: Record<string, unknown[]> = {};
    for (const { name, sql } of tables) {
      if (name === 'search_fts') continue;
      const rowid = sql.includes('WITHOUT ROWID') ? '' : 'rowid AS _rowid, ';
      out[name] = prepare(db, `SELECT ${rowid}* FROM "${name}"`).all();
    }
    return out;
  } finally {
    db.close();
  }
}

describe('snapshot rows written ahead on a worker', () => {
  it('are the rows the scan thread writes, and only the publish makes them visible', async () => {
    ensureBuilt();
    const dist = (await import(new URL('../../dist/store/index.js', import.meta.url).href)) as {
      openIndex: typeof openIndex;
    };
    const map = sampleMap();
    const files = map.nodes.map((n) => sourceFile(n.path!));
    const headings = [{ path: 'src/m0.ts', text: 'Ünïcode heading', slug: 'unicode-heading', line: 3 }];

    const inline = tempRoot();
    const a = openIndex(inline);
    stores.push(a);
    expect(a.beginFullBuild()).toBe(true);
    a.writeSnapshot(map, files, headings);
    a.publish();

    const ahead = tempRoot();
    const before = openIndex(ahead);
    stores.push(before);
    before.writeSnapshot(proofMap([fileNode('old.ts')]), [sourceFile('old.ts')]);
    const reader = openIndex(ahead, { readonly: true });
    stores.push(reader);
    const b = dist.openIndex(ahead);
    stores.push(b);
    expect(b.beginFullBuild()).toBe(true);
    const written = b.writeRowsAhead(map, files, headings);
    expect(written).toBeInstanceOf(Promise);
    // Nothing else may be written into the fresh file before the worker is done with it.
    expect(() => b.writeSnapshot(map, files, headings)).toThrow();
    await written;
    expect(reader.readMap()?.nodes.map((n) => n.path)).toEqual(['old.ts']);
    b.writeSnapshot(map, files, headings);
    expect(reader.readMap()?.nodes.map((n) => n.path)).toEqual(['old.ts']);
    b.publish();
    expect(reader.readMap()).toEqual(map);

    const got = rowsOf(ahead);
    const want = rowsOf(inline);
    expect(got.edges).toHaveLength(900);
    expect(got.search_items!.length).toBeGreaterThan(300);
    // The epoch is one more than the file it replaced (1 here, 0 for the empty index).
    got.meta = got.meta!.filter((r) => (r as { key: string }).key !== 'epoch');
    want.meta = want.meta!.filter((r) => (r as { key: string }).key !== 'epoch');
    expect(got).toEqual(want);
  });

  it('is not started outside a full build: writeSnapshot then writes the whole snapshot', async () => {
    ensureBuilt();
    const dist = (await import(new URL('../../dist/store/index.js', import.meta.url).href)) as {
      openIndex: typeof openIndex;
    };
    const root = tempRoot();
    const s = dist.openIndex(root);
    stores.push(s);
    const map = sampleMap();
    expect(s.writeRowsAhead(map, [])).toBeUndefined();
  });
});
