import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeId } from '../src/model/ids.js';
import { scan } from '../src/scan.js';
import { incrementalAndCold, mapOf } from './helpers/incremental.js';

const copy = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-inc-'));
  cpSync(new URL('./fixtures/import-forms', import.meta.url), dir, { recursive: true });
  cpSync(new URL('./fixtures/docs-adr-typed-links', import.meta.url), path.join(dir, 'guide'), {
    recursive: true,
  });
  return dir;
};
const put = (root: string, rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
const addLog4brains = (root: string) =>
  cpSync(new URL('./fixtures/adr-format-log4brains', import.meta.url), path.join(root, 'l4b'), {
    recursive: true,
  });
const addRust = (root: string) =>
  cpSync(new URL('./fixtures/rust-forms', import.meta.url), path.join(root, 'rs'), { recursive: true });

describe('incremental scan equals a cold scan, byte for byte', () => {
  it.each([
    [
      'an edit',
      (r: string) =>
        writeFileSync(path.join(r, 'src/lib/named.ts'), 'export const named = 2;\nexport const more = 3;\n'),
    ],
    [
      'a rename',
      (r: string) => renameSync(path.join(r, 'src/lib/lazy.ts'), path.join(r, 'src/lib/lazier.ts')),
    ],
    ['a deletion of an imported file', (r: string) => rmSync(path.join(r, 'src/lib/default.ts'))],
    [
      'a new file importing others',
      (r: string) =>
        writeFileSync(
          path.join(r, 'src/new.ts'),
          "import def from './lib/default.js';\nexport * from './lib/star.js';\n",
        ),
    ],
    [
      'a new file that an unresolved import now finds',
      (r: string) => writeFileSync(path.join(r, 'src/lib/missing.ts'), 'export default 1;\n'),
    ],
    [
      // `./lib/legacy` resolved to legacy.cjs; a TypeScript sibling now takes the specifier.
      'a new file that changes how an existing specifier resolves',
      (r: string) => put(r, 'src/ext/a.ts', 'export default 2;\n'),
      (r: string) => {
        put(r, 'src/ext/a.js', 'export default 1;\n');
        put(r, 'src/uses-ext.ts', "import a from './ext/a';\nexport { a };\n");
      },
    ],
    [
      'a tsconfig paths change',
      (r: string) =>
        writeFileSync(
          path.join(r, 'tsconfig.json'),
          JSON.stringify({
            compilerOptions: {
              module: 'NodeNext',
              moduleResolution: 'NodeNext',
              strict: true,
              allowJs: true,
              paths: { '#lib/*': ['./src/lib/*'] },
            },
          }),
        ),
    ],
    [
      'a workspace package added',
      (r: string) => {
        const manifest = JSON.parse(readFileSync(path.join(r, 'package.json'), 'utf8'));
        writeFileSync(
          path.join(r, 'package.json'),
          JSON.stringify({ ...manifest, workspaces: ['packages/*'] }),
        );
        put(r, 'packages/extra/package.json', JSON.stringify({ name: '@w/extra', main: 'index.ts' }));
        put(
          r,
          'packages/extra/index.ts',
          "import def from '../../src/lib/default.js';\nexport const extra = def;\n",
        );
        put(r, 'src/uses-extra.ts', "import { extra } from '@w/extra';\nexport { extra };\n");
      },
    ],
    [
      'a doc edit that breaks a link',
      (r: string) => writeFileSync(path.join(r, 'guide/README.md'), '# Guide\n\n[gone](docs/adr/nope.md)\n'),
    ],
    [
      "a new code file that a decision record's covers glob takes in",
      (r: string) => put(r, 'guide/src/store/extra.ts', 'export const extra = 1;\n'),
      (r: string) =>
        put(
          r,
          'guide/docs/adr/0005-store-files.md',
          '---\ncovers: guide/src/store/*.ts\n---\n# Store files\n',
        ),
    ],
    [
      'a date-named decision record edit (log4brains)',
      (r: string) =>
        put(
          r,
          'l4b/docs/adr/20200925-multi-packages-architecture-in-a-monorepo-with-yarn-and-lerna.md',
          '# Multi-packages\n\n- Status: superseded by [slug](20201016-use-the-adr-slug-as-its-unique-id.md)\n',
        ),
      addLog4brains,
    ],
    [
      'a .log4brains.yml that stops naming a record folder',
      (r: string) => put(r, 'l4b/.log4brains.yml', 'project:\n  name: x\n  adrFolder: ./docs/adr\n'),
      addLog4brains,
    ],
    [
      'a plain document edit inside a log4brains folder',
      (r: string) =>
        put(
          r,
          'l4b/docs/adr/README.md',
          '# Architecture Decision Records\n\nSee [the slug](20201016-use-the-adr-slug-as-its-unique-id.md).\n',
        ),
      addLog4brains,
    ],
    [
      'a Rust edit that changes the mod set (a module leaves the tree)',
      (r: string) =>
        put(r, 'rs/crates/core-lib/src/geo/geometry_impl.rs', 'pub fn area() -> f64 {\n    3.0\n}\n'),
      addRust,
    ],
    [
      'a new Rust module file that a missing mod now finds',
      (r: string) => put(r, 'rs/crates/core-lib/src/missing.rs', 'pub struct Found;\n'),
      addRust,
    ],
    [
      'a Rust use edit and a Cargo.toml dependency change',
      (r: string) => {
        put(
          r,
          'rs/crates/core-lib/src/shapes.rs',
          'use crate::inline::nested::kind;\n\npub struct Circle;\n',
        );
        const manifest = readFileSync(path.join(r, 'rs/app/Cargo.toml'), 'utf8');
        put(r, 'rs/app/Cargo.toml', manifest.replace('anyhow = "1"\n', ''));
      },
      addRust,
    ],
  ] as [string, (r: string) => void, ((r: string) => void)?][])('after %s', async (_name, edit, setup) => {
    const root = copy();
    setup?.(root);
    const r = await incrementalAndCold(root, () => edit(root));
    expect(r.warm.reused).toBeGreaterThan(0);
    expect(r.cold.reused).toBe(0);
    expect(r.incremental.toString()).toBe(r.coldBytes.toString());
    rmSync(root, { recursive: true, force: true });
  });

  it('an unchanged tree rescans from cache and rewrites identical bytes, version unchanged', async () => {
    const root = copy();
    const first = await scan({ root });
    const bytes = mapOf(root);
    const second = await scan({ root });
    expect(second.parsed).toBe(0);
    expect(mapOf(root).equals(bytes)).toBe(true);
    expect(second.map.meta.version).toBe(first.map.meta.version);
    rmSync(root, { recursive: true, force: true });
  });

  it('moves the version and lists added, stale and removed nodes when content changes', async () => {
    const root = copy();
    await scan({ root });
    writeFileSync(path.join(root, 'src/lib/named.ts'), 'export const named = 5;\n');
    writeFileSync(path.join(root, 'src/added.ts'), 'export {};\n');
    rmSync(path.join(root, 'src/lib/grouped.ts'));
    const { map } = await scan({ root });
    const key = (id: string) => map.nodes.find((n) => n.id === id)?.key;
    const last = map.increments.at(-1)!;
    expect(map.meta.version).toBe(2);
    expect(last.added_node_ids.map(key)).toEqual(['src/added.ts']);
    expect(last.stale_node_ids.map(key)).toEqual(['src/lib/named.ts']);
    // The deleted file's node (its symbols were entries of that node).
    expect(last.removed_node_ids).toEqual([nodeId('file', 'src/lib/grouped.ts')]);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('a damaged index and concurrent scans', () => {
  it('rebuilds a corrupt index, says so in one line, and loses nothing', async () => {
    const root = copy();
    const first = await scan({ root });
    writeFileSync(path.join(root, '.proofmap/index.db'), 'this is not a database'.repeat(100));
    rmSync(path.join(root, '.proofmap/index.db-wal'), { force: true });
    const again = await scan({ root });
    expect(again.recovered).toMatch(/rebuilt/);
    expect(again.recovered).not.toContain('\n');
    expect(JSON.stringify(again.map)).toBe(JSON.stringify(first.map));
    rmSync(root, { recursive: true, force: true });
  });

  it('serialises two scans of one repository; both succeed and the map is whole', async () => {
    const root = copy();
    const [a, b] = await Promise.all([scan({ root }), scan({ root })]);
    expect(a.map.meta.status).toBe('confirmed');
    expect(JSON.stringify(b.map.nodes)).toBe(JSON.stringify(a.map.nodes));
    expect(JSON.parse(mapOf(root).toString()).meta.status).toBe('confirmed');
    rmSync(root, { recursive: true, force: true });
  });
});
