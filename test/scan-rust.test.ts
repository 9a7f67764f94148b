/**
 * Every Rust form through a real scan of fixtures/rust-forms: a Cargo workspace (members glob,
 * inherited workspace dependencies, a renamed path dependency, a renamed [lib]), `mod x;` to x.rs,
 * x/mod.rs, #[path] and mods inside inline modules, non-mod-rs children (cli.rs → cli/args.rs),
 * `use crate::/super::/self::`, uniform paths, workspace crates, the package's own library from
 * its bin and test targets, builtins, declared and undeclared external crates, `pub use`,
 * #[cfg(test)] and #[cfg(unix)] on the evidence, and what cannot be resolved as coverage.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProofMap } from '../src/map/schema.js';
import { scan } from '../src/scan.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const fixture = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-rust-forms-'));
  cpSync(new URL('./fixtures/rust-forms', import.meta.url), dir, { recursive: true });
  dirs.push(dir);
  return dir;
};

/** `from relation to @lines [condition] names`, with node keys. */
function rows(map: ProofMap): string[] {
  const key = new Map(map.nodes.map((n) => [n.id, n.key]));
  return map.edges.map((e) => {
    const condition = e.evidence[0]?.condition;
    const names = e.names && e.names.length > 0 ? ` ${e.names.join(',')}` : '';
    return `${key.get(e.from)} ${e.relation} ${key.get(e.to)} @${e.evidence.map((v) => v.line).join(',')}${condition ? ` [${condition}]` : ''}${names}`;
  });
}

describe('scan on every Rust form (fixtures/rust-forms)', async () => {
  const root = fixture();
  const { map } = await scan({ root });
  const edges = rows(map);
  it.each([
    ['app/src/main.rs imports app/src/cli.rs @1 *', 'mod x; → x.rs'],
    ['app/src/main.rs imports app/src/config/mod.rs @2 *', 'mod x; → x/mod.rs'],
    [
      'app/src/cli.rs imports app/src/cli/args.rs @1 *',
      'a non-mod-rs file’s children live in its own directory',
    ],
    ['app/src/config/mod.rs imports app/src/config/defaults.rs @1,3 *,DEFAULT', 'mod, then use self::'],
    ['app/src/cli.rs imports app/src/config/mod.rs @3,4 *,Settings', 'use crate:: and use super::'],
    ['app/src/cli/args.rs imports app/src/config/mod.rs @1 Settings', 'super::super::'],
    ['crates/core-lib/src/lib.rs imports crates/core-lib/src/geo/geometry_impl.rs @6 *', '#[path = …]'],
    [
      'crates/core-lib/src/geo/geometry_impl.rs imports crates/core-lib/src/geo/helpers.rs @1 *',
      'a #[path] file owns its directory',
    ],
    [
      'crates/core-lib/src/lib.rs imports crates/core-lib/src/inline/nested.rs @8 *',
      'mod inside an inline module',
    ],
    [
      'crates/core-lib/src/geo/helpers.rs imports crates/core-lib/src/geo/geometry_impl.rs @1 area',
      'use … as',
    ],
    ['crates/core-lib/src/lib.rs re-exports crates/core-lib/src/shapes.rs @12 Circle', 'pub use re-exports'],
    ['crates/core-lib/src/lib.rs imports crates/core-lib/src/tests.rs @27 [cfg(test)] *', '#[cfg(test)] mod'],
    ['crates/util/src/lib.rs imports crates/util/src/unix_only.rs @2 [cfg(unix)] *', '#[cfg(unix)] mod'],
    [
      'crates/util/src/lib.rs imports crates/util/src/consts.rs @5 *',
      'a literal include! splices the file in',
    ],
    [
      'crates/util/src/consts.rs imports external:rust:std @1 *',
      'an included file resolves in its includer’s module',
    ],
    [
      'crates/core-lib/src/tests.rs imports crates/core-lib/src/lib.rs @1 *',
      'use super::* from a module file',
    ],
    [
      'app/src/main.rs imports crates/core-lib/src/shapes.rs @5 Circle',
      'a workspace crate (workspace = true)',
    ],
    ['app/src/main.rs imports crates/util/src/lib.rs @8 shout', 'a renamed path dependency and [lib] name'],
    ['app/src/bin/tool.rs imports crates/core-lib/src/geo/geometry_impl.rs @1 area', 'a bin target'],
    [
      'crates/core-lib/tests/integration.rs imports crates/core-lib/src/shapes.rs @1 Circle',
      'an integration test uses its own library',
    ],
    ['app/src/main.rs imports external:rust:std @7 *', 'std as a builtin'],
    ['crates/core-lib/src/lib.rs imports external:rust:alloc @2 *', 'extern crate of a builtin'],
    ['app/src/main.rs imports external:crates:anyhow @4 *', 'a declared external crate'],
    ['crates/core-lib/src/lib.rs imports external:crates:serde @13 *', 'an inherited workspace dependency'],
    ['cargo:Cargo.toml depends-on cargo:crates/core-lib/Cargo.toml @3', 'workspace members glob'],
    ['cargo:Cargo.toml depends-on cargo:app/Cargo.toml @3', 'workspace members literal'],
    [
      'cargo:app/Cargo.toml depends-on cargo:crates/core-lib/Cargo.toml @7',
      'workspace = true path dependency',
    ],
    ['cargo:app/Cargo.toml depends-on cargo:crates/util/Cargo.toml @8', 'path dependency'],
    ['cargo:app/Cargo.toml depends-on external:crates:tempfile @12 [dev-dependency]', 'dev-dependency'],
    ['cargo:crates/core-lib/Cargo.toml depends-on external:crates:serde @7', 'inherited external'],
  ])('%s (%s)', (row) => {
    expect(edges).toContain(row);
  });

  it('draws no edge for a use inside the same file, nor for an unresolved path', () => {
    expect(edges.filter((e) => /^(\S+) \S+ \1 /.test(e))).toEqual([]);
    expect(edges.some((e) => e.includes('missing'))).toBe(false);
  });

  it('records macros, include!, unresolved paths, missing module files and orphans as coverage', () => {
    const cov = map.coverage
      .filter((c) => c.analyzer === 'rust')
      .map((c) => `${c.scope} ${c.reason.split(':')[0]}`);
    expect(cov).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^crates\/core-lib\/src\/lib\.rs:22 item-level macro make_things!/),
        expect.stringMatching(/^crates\/util\/src\/lib\.rs:6 include! of a computed path/),
        expect.stringMatching(/^crates\/util\/src\/orphan\.rs no crate root reaches this file/),
      ]),
    );
    const unresolved = map.coverage
      .filter((c) => c.analyzer === 'resolve' && /\.rs:\d+$/.test(c.scope))
      .map((c) => `${c.scope} ${c.detail}`);
    expect(unresolved).toEqual([
      'app/src/main.rs:6 nowhere_crate::Thing',
      'crates/core-lib/src/inline/nested.rs:2 crate::shapes::Missing',
      'crates/core-lib/src/lib.rs:10 mod missing;',
      'crates/util/src/lib.rs:4 include!("generated.rs")',
    ]);
    expect(map.coverage.find((c) => c.scope === 'crates/core-lib/src/lib.rs:10')?.reason).toMatch(
      /no crates\/core-lib\/src\/missing\.rs or crates\/core-lib\/src\/missing\/mod\.rs/,
    );
  });

  it('exports plain pub items (not pub(crate)), pub use names and #[macro_export] macros; zones per crate', () => {
    const exportsOf = (p: string) =>
      (map.nodes.find((n) => n.path === p && n.kind === 'file')?.exports ?? []).map((e) => e.name);
    expect(exportsOf('crates/core-lib/src/lib.rs')).toEqual(['shapes', 'geometry', 'Circle', 'square']);
    expect(exportsOf('crates/core-lib/src/shapes.rs')).toEqual(['Circle', 'Kind', 'Shape']);
    const zoneOf = (p: string) =>
      map.zones.find((z) => z.id === map.nodes.find((n) => n.path === p)?.zone)?.label;
    expect(zoneOf('crates/util/src/lib.rs')).toBe('rs-util');
    expect(zoneOf('app/src/cli/args.rs')).toBe('app');
    expect(map.nodes.find((n) => n.key === 'cargo:crates/util/Cargo.toml')).toMatchObject({
      kind: 'package',
      label: 'rs-util',
    });
  });

  it('confirms the map: every Rust edge has evidence and a literal the guardian re-finds', () => {
    expect(map.meta.status).toBe('confirmed');
    const rustEdges = map.edges.filter((e) => /\.rs$|Cargo\.toml$/.test(e.evidence[0]?.path ?? ''));
    expect(rustEdges.length).toBeGreaterThan(30);
    for (const e of rustEdges) {
      expect(e.evidence[0]?.line).toBeGreaterThan(0);
      expect(e.verified_by).toMatch(/^grep:.+/);
    }
  });

  it('gives the same bytes on a second scan of the same tree', async () => {
    const again = fixture();
    const first = await scan({ root: again });
    const second = await scan({ root: again, force: true } as Parameters<typeof scan>[0]);
    expect(JSON.stringify(second.map)).toBe(JSON.stringify(first.map));
  });
});
