/**
 * A CLI query reads its snapshot's edges on demand (store/read-map-lazy.ts). Its answers must be
 * the ones a session holding the whole map gives, and its reads must stay on the snapshot it
 * opened while scans change the index.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EdgeEnds } from '../../src/graph/views.js';
import { context } from '../../src/query/context.js';
import { impact } from '../../src/query/impact.js';
import { refs } from '../../src/query/refs.js';
import { openSession, openStoreSession, type Session } from '../../src/query/session.js';
import { scan } from '../../src/scan.js';
import { openSqlite, prepare } from '../../src/store/handles.js';
import { localStore } from '../../src/store/local-store.js';
import { runCli } from '../helpers/cli.js';
import { CORE_REPO, scannedFixture, scannedRepo } from '../query/fixture.js';

async function lazySession(root: string): Promise<Session> {
  const store = localStore(root, { lazyEdges: true });
  const session = await openStoreSession(store, root);
  return { ...session, close: () => store.closeNow() };
}

const endsOf = ({ id, from, to, relation }: EdgeEnds): EdgeEnds => ({ id, from, to, relation });

const filePaths = (s: Session) =>
  s.map.nodes.filter((n) => n.kind === 'file' && n.path !== undefined).map((n) => n.path!);

describe('lazy edges', () => {
  for (const fixture of [
    'symbols-reexport-forms',
    'import-forms',
    'tsconfig-paths-monorepo',
    'python-forms',
  ]) {
    it(`answers impact, refs and context as the whole map does (${fixture})`, async () => {
      const root = await scannedFixture(fixture);
      const held = openSession(root);
      const lazy = await lazySession(root);
      const files = filePaths(held);
      expect(files.length).toBeGreaterThan(2);
      // Asked before anything loads every edge: each answer walks only what it reads.
      for (const file of files) {
        expect(JSON.stringify(impact(lazy, file))).toBe(JSON.stringify(impact(held, file)));
        expect(JSON.stringify(refs(lazy, file))).toBe(JSON.stringify(refs(held, file)));
        expect(JSON.stringify(context(lazy, file))).toBe(JSON.stringify(context(held, file)));
      }
      // Which nodes declare an export, read by SQLite from the rows, as the held exports say.
      const declaring = held.map.nodes.filter((n) => held.declares(n.id)).map((n) => n.id);
      expect(declaring.length).toBeGreaterThan(0);
      expect(held.map.nodes.filter((n) => lazy.declares(n.id)).map((n) => n.id)).toEqual(declaring);
      // Ends alone, and one relation's edges, each read from the index on its own (a session that
      // has not read the node's edges whole yet).
      const apart = await lazySession(root);
      // The ends of some relations only, read as such (no edge read whole yet), and then all.
      const byId = (list: readonly EdgeEnds[]) =>
        list.map(endsOf).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const relations = new Set(['imports', 're-exports', 'links-to']);
      const wanted = byId(held.map.edges.filter((e) => relations.has(e.relation)));
      expect(byId(apart.edgeEnds(relations))).toEqual(wanted);
      expect(byId(apart.edgeEnds())).toEqual(byId(held.map.edges));
      expect(byId(apart.edgeEnds(relations))).toEqual(wanted);
      for (const node of held.map.nodes) {
        expect(apart.endsTo(node.id)).toEqual(held.edgesTo(node.id).map(endsOf));
        for (const relation of new Set(held.edgesTo(node.id).map((e) => e.relation)))
          expect(apart.edgesTo(node.id, relation)).toEqual(held.edgesTo(node.id, relation));
      }
      apart.close();
      for (const node of held.map.nodes) {
        expect(lazy.edgesTo(node.id)).toEqual(held.edgesTo(node.id));
        expect(lazy.edgesFrom(node.id)).toEqual(held.edgesFrom(node.id));
        for (const edge of held.edgesTo(node.id)) expect(lazy.edge(edge.id)).toEqual(edge);
      }
      // The whole map, once asked for, serialises to the same bytes, and the edges it holds are
      // the objects the lazy reads returned.
      const some = held.map.edges.at(-1);
      const met = some && lazy.edge(some.id);
      expect(JSON.stringify(lazy.map)).toBe(JSON.stringify(held.map));
      if (some) expect(lazy.map.edges.find((e) => e.id === some.id)).toBe(met);
      held.close();
      lazy.close();
    });
  }

  it('gives edges in map order after deltas appended their rows', async () => {
    const root = await scannedRepo(CORE_REPO);
    for (const file of ['src/main.ts', 'src/app.ts', 'src/core/a.ts']) {
      appendFileSync(
        path.join(root, file),
        "import { c } from './core/b.js';\nexport const used = c;\n".replace(
          './core/',
          file.startsWith('src/core/') ? './' : './core/',
        ),
      );
      expect((await scan({ root })).mode).toBe('delta');
    }
    const held = openSession(root);
    const lazy = await lazySession(root);
    const order = (s: Session) =>
      s.map.nodes.map((n) =>
        s
          .edgesTo(n.id)
          .map((e) => e.id)
          .join(' '),
      );
    expect(order(lazy)).toEqual(order(held));
    held.close();
    lazy.close();
  });

  it('leaves out a row the snapshot does not list, and still gives map order', async () => {
    const root = await scannedRepo(CORE_REPO);
    const held = openSession(root);
    const target = held.nodeAt('src/core/b.ts')!.id;
    const from = held.nodeAt('src/main.ts')!.id;
    // A row no snapshot lists (as damage or an interrupted writer could leave): it is no edge of
    // the map, and its ends must not sort it into any answer.
    const db = openSqlite(path.join(root, '.proofmap', 'index.db'));
    prepare(db, `INSERT INTO edges (id, from_id, to_id, relation, json) VALUES (?, ?, ?, 'imports', ?)`).run(
      'ffffffffffff',
      from,
      target,
      JSON.stringify({ id: 'ffffffffffff', from, to: target, relation: 'imports', evidence: [] }),
    );
    db.close();
    const lazy = await lazySession(root);
    for (const node of held.map.nodes) {
      expect(lazy.endsTo(node.id)).toEqual(held.edgesTo(node.id).map(endsOf));
      expect(lazy.edgesTo(node.id, 'imports')).toEqual(held.edgesTo(node.id, 'imports'));
      expect(lazy.edgesTo(node.id)).toEqual(held.edgesTo(node.id));
      expect(lazy.edgesFrom(node.id)).toEqual(held.edgesFrom(node.id));
    }
    expect(lazy.edge('ffffffffffff')).toBeUndefined();
    held.close();
    lazy.close();
  });

  it('keeps reading the snapshot it opened while a delta and a full build change the index', async () => {
    const root = await scannedRepo(CORE_REPO);
    const before = openSession(root);
    const lazy = await lazySession(root);
    const target = before.nodeAt('src/core/b.ts')!.id;
    const expected = before.edgesTo(target).map((e) => e.id);
    // a.ts stops importing b.ts: a delta deletes that edge's row in place.
    writeFileSync(path.join(root, 'src/core/a.ts'), 'export const a = () => 2;\n');
    expect((await scan({ root })).mode).toBe('delta');
    const after = openSession(root);
    expect(after.edgesTo(target).length).toBeLessThan(expected.length);
    expect(lazy.edgesTo(target).map((e) => e.id)).toEqual(expected);
    // A full build renames a fresh file over index.db.
    await scan({ root, force: true });
    expect(lazy.map.edges.map((e) => e.id)).toEqual(before.map.edges.map((e) => e.id));
    before.close();
    after.close();
    lazy.close();
  });

  it('reads exports on first use, in their place, one node at a time and then all at once', async () => {
    // More files with exports than a session reads one by one before it reads them all.
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++)
      files[`src/m${String(i).padStart(3, '0')}.ts`] =
        `${i > 0 ? `import { v${i - 1} } from './m${String(i - 1).padStart(3, '0')}.js';\n` : ''}export const v${i} = ${i};\nexport function f${i}() {}\n`;
    files['src/main.ts'] = "import { v0 } from './m000.js';\nconsole.log(v0);\n";
    const root = await scannedRepo(files);
    const held = openSession(root);
    const exporting = held.map.nodes.filter((n) => n.exports !== undefined);
    expect(exporting.length).toBeGreaterThan(256);
    // Nothing read yet: the nodes serialise to the stored map's bytes, exports where they were.
    const lazy = await lazySession(root);
    expect(JSON.stringify(lazy.map.nodes)).toBe(JSON.stringify(held.map.nodes));
    const fresh = await lazySession(root);
    for (const node of exporting) expect(fresh.node(node.id)!.exports).toEqual(node.exports);
    // A node without exports has none; a node's exports can be replaced like any property.
    const plain = fresh.map.nodes.find((n) => n.exports === undefined);
    expect(plain?.path).toBe('src/main.ts');
    expect('exports' in plain!).toBe(false);
    const first = fresh.node(exporting[0]!.id)!;
    first.exports = [];
    expect(first.exports).toEqual([]);
    expect(Object.keys(first)).toEqual(Object.keys(exporting[0]!));
    fresh.close();
    lazy.close();
    held.close();
  });

  it('says in one line how to rebuild an index whose node rows no longer parse', async () => {
    const root = await scannedRepo(CORE_REPO);
    const db = openSqlite(path.join(root, '.proofmap', 'index.db'));
    prepare(db, `UPDATE nodes SET json = '{broken' WHERE path = 'src/core/a.ts'`).run();
    db.close();
    const { exitCode, stderr } = await runCli(['impact', 'src/core/b.ts', root]);
    expect(exitCode).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      'proofmap: stored JSON does not parse (malformed JSON) — the index is damaged: run `proofmap scan --force` to rebuild it',
    ]);
    await scan({ root, force: true });
    expect((await runCli(['impact', 'src/core/b.ts', root])).exitCode).toBe(0);
  });
});
