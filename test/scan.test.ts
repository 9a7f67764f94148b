import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProofMap } from '../src/map/schema.js';
import { scan } from '../src/scan.js';

const fixture = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `proofmap-${name}-`));
  cpSync(new URL(`./fixtures/${name}`, import.meta.url), dir, { recursive: true });
  return dir;
};
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Edges as readable rows: from path, relation, to path-or-key, line of evidence. */
function rows(map: ProofMap): string[] {
  const key = new Map(map.nodes.map((n) => [n.id, n.key]));
  return map.edges.map(
    (e) => `${key.get(e.from)} ${e.relation} ${key.get(e.to)} @${e.evidence.map((v) => v.line).join(',')}`,
  );
}

describe('scan on every import form (fixtures/import-forms)', async () => {
  const root = fixture('import-forms');
  dirs.push(root);
  const { map } = await scan({ root });
  const edges = rows(map);

  it.each([
    ['src/index.ts references-file src/types/globals.d.ts @1', '/// <reference path>'],
    ['src/index.ts imports src/lib/default.ts @2', 'default import, .js mapped to .ts'],
    ['src/index.ts imports src/lib/named.ts @3', 'named import'],
    ['src/index.ts imports src/lib/ns.ts @4', 'namespace import'],
    ['src/index.ts imports src/lib/side-effect.ts @5', 'side-effect import'],
    ['src/index.ts type-imports src/types/shape.ts @6', 'import type'],
    ['src/index.ts type-imports src/types/inline.ts @7', 'all-inline type specifiers'],
    ['src/index.ts imports src/lib/mixed.ts @8', 'mixed inline type and value'],
    ['src/index.ts imports external:npm:left-pad @9', 'external package'],
    ['src/index.ts imports external:node:fs @10', 'node builtin'],
    ['src/index.ts re-exports src/lib/reexport.ts @11', 'export {x} from'],
    ['src/index.ts re-exports src/lib/star.ts @12', 'export * from'],
    ['src/index.ts re-exports src/lib/grouped.ts @13', 'export * as ns from'],
    ['src/index.ts re-exports src/types/shape.ts @14', 'export type {T} from'],
    ['src/index.ts dynamic-imports src/lib/lazy.ts @16', 'import() with a literal'],
    ['src/index.ts dynamic-imports src/lib/template.ts @17', 'import() with a template literal'],
    ['src/cli.cjs requires src/lib/named.ts @1', 'require()'],
    ['src/cli.cjs requires src/lib/default.ts @2', 'require.resolve()'],
    ['src/legacy.ts requires src/lib/legacy.cjs @1', 'import x = require()'],
    ['src/style.ts imports src/styles/app.css @1', 'css asset'],
    ['src/style.ts imports src/assets/logo.svg @2', 'svg asset'],
    ['src/style.ts imports src/data.json @3', 'json with import attributes'],
  ])('%s (%s)', (row) => {
    expect(edges).toContain(row);
  });

  it('records no edge for imports that exist only in comments or strings', () => {
    expect(edges.filter((e) => /comment-only|string-only/.test(e))).toEqual([]);
  });

  it('records a non-literal dynamic import and an unresolved specifier as coverage with file:line', () => {
    expect(map.coverage).toContainEqual(
      expect.objectContaining({ analyzer: 'js-ts', scope: 'src/index.ts:18', status: 'partial' }),
    );
    expect(map.coverage).toContainEqual(
      expect.objectContaining({ analyzer: 'resolve', scope: 'src/style.ts:4', detail: './lib/missing.js' }),
    );
  });

  it('gives every code edge evidence with line and column and a grep check of its literal', () => {
    for (const e of map.edges.filter((x) => x.namespace === 'code-dep')) {
      expect(e.evidence[0]).toMatchObject({
        path: expect.any(String),
        line: expect.any(Number),
        column: expect.any(Number),
      });
      expect(e.verified_by).toMatch(/^grep:.+/);
    }
    const edge = map.edges.find((e) =>
      rows({ ...map, edges: [e] })[0]!.startsWith('src/index.ts imports src/lib/default.ts'),
    )!;
    expect(edge.verified_by).toBe('grep:./lib/default.js');
    expect(edge.evidence[0]).toMatchObject({
      path: 'src/index.ts',
      line: 2,
      column: 18,
      excerpt: "import def from './lib/default.js';",
    });
  });

  it('records the package, its dependency and its scripts from package.json', () => {
    expect(edges).toContain('import-forms depends-on external:npm:left-pad @7');
    expect(edges).toContain('package.json#start spawns src/cli.cjs @6');
    expect(edges).toContain('import-forms references-file src/index.ts @5');
  });

  it('keeps exported names of each module on its node', () => {
    const node = map.nodes.find((n) => n.path === 'src/lib/mixed.ts')!;
    expect(node.exports?.map((x) => [x.name, x.typeOnly])).toEqual([
      ['Mixed', true],
      ['value', false],
    ]);
  });

  it('confirms the map: every guardian gate passes on a fresh scan', () => {
    expect(map.meta.blockers).toEqual([]);
    expect(map.meta.status).toBe('confirmed');
  });
});

describe('determinism', () => {
  it('writes byte-identical map.json whatever order files are discovered in', async () => {
    const root = fixture('import-forms');
    dirs.push(root);
    const file = path.join(root, '.proofmap/map.json');
    await scan({ root });
    const first = readFileSync(file);
    rmSync(path.join(root, '.proofmap'), { recursive: true });
    let seed = 42;
    const shuffle = (list: string[]) =>
      list
        .map((p) => {
          seed = (seed * 1103515245 + 12345) % 2 ** 31;
          return [seed, p] as const;
        })
        .sort((a, b) => a[0] - b[0])
        .map(([, p]) => p);
    await scan({ root, order: shuffle });
    expect(readFileSync(file).equals(first)).toBe(true);
    await scan({ root, order: (p) => [...p].reverse() });
    expect(readFileSync(file).equals(first)).toBe(true);
  });

  it('adding a file changes no other node or edge id', async () => {
    const root = fixture('import-forms');
    dirs.push(root);
    const before = (await scan({ root, write: false })).map;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      path.join(root, 'src/extra.ts'),
      "import { named } from './lib/named.js';\nexport const extra = named;\n",
    );
    const after = (await scan({ root, write: false })).map;
    const ids = (m: ProofMap) => new Set([...m.nodes.map((n) => n.id), ...m.edges.map((e) => e.id)]);
    const now = ids(after);
    for (const id of ids(before)) expect(now.has(id)).toBe(true);
  });
});
