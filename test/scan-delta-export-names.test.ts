/**
 * A delta passes the modules behind a barrel's `export *` by the names the index holds, without
 * their facts (src/scan-delta-export-names.ts). These tests hold it to the facts' answers: the
 * schema step that lists closed modules in an existing index agrees with the test new facts get, a
 * full build keeps the list, the oracle answers only what it can prove, and a delta through a
 * barrel of closed and open modules equals a cold scan.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractModule, moduleCacheKey } from '../src/extract/js-ts.js';
import { EXTRACTOR_VERSION } from '../src/model/constants.js';
import { exportsClosed, type SourceFile } from '../src/model/facts.js';
import { scan } from '../src/scan.js';
import { exportNamesOracle } from '../src/scan-delta-export-names.js';
import { openSqlite, prepare } from '../src/store/handles.js';
import { openIndex } from '../src/store/index.js';
import { MIGRATIONS, migrate } from '../src/store/schema.js';
import { incrementalAndCold } from './helpers/incremental.js';
import { tmpRepo } from './helpers/tmp-repo.js';

/** One module of each export shape the closed test tells apart. */
const MODULES: Record<string, string> = {
  'plain.ts': 'export const a = 1;\nexport function b() {}\nexport type C = number;\n',
  'default-only.ts': 'export default 1;\n',
  'named-reexport.ts': "export { a as renamed } from './plain';\nexport const own = 2;\n",
  'star.ts': "export * from './plain';\nexport const own = 2;\n",
  'star-as.ts': "export * as ns from './plain';\n",
  'assigned.ts': 'const x = 1;\nexport = x;\n',
  'no-exports.ts': "import { a } from './plain';\nconsole.log(a);\n",
  'ambient-star.ts': "declare module 'lib' {\n  export * from './plain';\n}\nexport const own = 1;\n",
  'indirect.ts': "import { a } from './plain';\nexport { a };\n",
  'script.js': 'module.exports = { a: 1 };\n',
  'esm.js': 'export const a = 1;\n',
};

describe('closed modules: the schema step that lists an existing index agrees with new facts', () => {
  it('lists exactly the modules exportsClosed accepts, and ignores other extractors and unreadable rows', () => {
    const db = openSqlite(':memory:');
    migrate(db, MIGRATIONS.slice(0, 8));
    const put = prepare(db, `INSERT INTO facts (extractor, hash, version, data) VALUES (?, ?, ?, ?)`);
    const expected: string[] = [];
    for (const [file, text] of Object.entries(MODULES)) {
      const facts = extractModule(file, text);
      put.run(moduleCacheKey(file), file, EXTRACTOR_VERSION, JSON.stringify(facts));
      if (exportsClosed(facts)) expected.push(file);
    }
    put.run('markdown', 'doc', EXTRACTOR_VERSION, JSON.stringify({ exports: [{ name: 'x' }], imports: [] }));
    put.run('js-ts:.ts', 'broken', EXTRACTOR_VERSION, '{broken');
    migrate(db, MIGRATIONS.slice(0, 9));
    const listed = prepare(db, `SELECT hash FROM closed_facts ORDER BY hash`).pluck().all();
    expect(listed).toEqual(expected.sort());
    // The shapes are told apart, not all accepted or all refused.
    expect(expected).toEqual([
      'default-only.ts',
      'esm.js',
      'indirect.ts',
      'named-reexport.ts',
      'plain.ts',
      'script.js',
    ]);
    db.close();
  });
});

describe('closed modules survive a full build over an existing index', () => {
  it('keeps the rows of the facts the build reused from the old index file', async () => {
    const root = tmpRepo(Object.fromEntries(Object.entries(MODULES).map(([f, t]) => [`src/${f}`, t])));
    const closedRows = () => {
      const store = openIndex(root);
      try {
        return [...store.closedExports('js-ts:.ts'), ...store.closedExports('js-ts:.js')].sort();
      } finally {
        store.close();
      }
    };
    await scan({ root });
    const before = closedRows();
    expect(before).toHaveLength(6);
    const full = await scan({ root, force: true });
    expect(full.mode).toBe('full');
    expect(full.reused).toBeGreaterThan(0);
    expect(closedRows()).toEqual(before);
  });
});

describe('the export-names oracle', () => {
  it('answers for an unchanged closed module only, and never for default', async () => {
    const root = tmpRepo(Object.fromEntries(Object.entries(MODULES).map(([f, t]) => [`src/${f}`, t])));
    writeFileSync(path.join(root, 'src/types.d.ts'), 'export declare const d: number;\n');
    await scan({ root });
    const store = openIndex(root);
    try {
      const byPath = new Map<string, SourceFile>(
        [...store.files()].map(([p, r]) => [p, { path: p, ...r } as SourceFile]),
      );
      const plain = 'src/plain.ts';
      const oracle = exportNamesOracle(store, byPath, new Map(), []);
      expect(oracle.closed(plain)).toBe(true);
      expect(oracle.lacks(plain, 'missing')).toBe(true);
      expect(oracle.lacks(plain, 'a')).toBe(false);
      expect(oracle.lacks(plain, 'C')).toBe(false);
      expect(oracle.lacks(plain, 'default')).toBe(false);
      for (const open of ['src/star.ts', 'src/star-as.ts', 'src/assigned.ts', 'src/no-exports.ts'])
        expect(oracle.closed(open), open).toBe(false);
      expect(oracle.closed('src/ambient-star.ts')).toBe(false);
      expect(oracle.closed('src/types.d.ts')).toBe(false);
      expect(oracle.closed('src/gone.ts')).toBe(false);
      // A resident's kept lists are asked, not the index (a content listed since reads as facts).
      const kept = new Map([[moduleCacheKey(plain), new Set<string>()]]);
      expect(exportNamesOracle(store, byPath, new Map(), [], kept).closed(plain)).toBe(false);
      const filled = new Map<string, ReadonlySet<string>>();
      expect(exportNamesOracle(store, byPath, new Map(), [], filled).closed(plain)).toBe(true);
      expect(filled.get(moduleCacheKey(plain))?.has(byPath.get(plain)!.hash)).toBe(true);
      // A module this delta changed has its new facts in memory, and its search rows are old.
      const changed = exportNamesOracle(store, byPath, new Map(), [byPath.get(plain)!]);
      expect(changed.closed(plain)).toBe(false);
      expect(changed.lacks(plain, 'missing')).toBe(false);
    } finally {
      store.close();
    }
  });
});

describe('a delta through a barrel of closed and open modules', () => {
  it('equals a cold scan of the same tree', async () => {
    const root = tmpRepo({
      'src/b/index.ts': "export * from './x';\nexport * from './y';\nexport * from './w';\n",
      'src/b/x.ts': 'export const alpha = 1;\n',
      'src/b/y.ts': 'export const beta = 2;\nexport default 3;\n',
      'src/b/w.ts': "export * from './z';\n",
      'src/b/z.ts': 'export const gamma = 4;\n',
      'src/a.ts':
        "import { alpha, gamma, nowhere } from './b/index';\nexport const all = [alpha, gamma, nowhere];\n",
    });
    const a = path.join(root, 'src/a.ts');
    const { warm, cold, incremental, coldBytes } = await incrementalAndCold(root, () =>
      writeFileSync(a, `${readFileSync(a, 'utf8')}// edited\n`),
    );
    expect(warm.fullBecause).toBeUndefined();
    expect(warm.mode).toBe('delta');
    expect(cold.mode).toBe('full');
    expect(incremental.toString()).toBe(coldBytes.toString());
    // What the walks concluded: alpha and gamma found behind the barrel, nowhere proved absent.
    expect(incremental.toString()).toMatch(/imports \\"nowhere\\" from \.\/b\/index/);
    expect(incremental.toString()).not.toMatch(/\\"alpha\\"|\\"gamma\\"/);
  });
});
