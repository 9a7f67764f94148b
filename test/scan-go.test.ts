/**
 * Every Go form through a real scan of fixtures/go-forms: a go.work workspace (app, lib), a module
 * outside it reaching lib through a local `replace` (solo), internal packages, tests and external
 * tests, `//go:build` and legacy `+build` files, GOOS file suffixes, cgo, dot/blank/named imports,
 * declared and undeclared external modules, a file outside any module.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkup } from '../src/checkup/index.js';
import type { ProofMap } from '../src/map/schema.js';
import { scan } from '../src/scan.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const fixture = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `proofmap-${name}-`));
  cpSync(new URL(`./fixtures/${name}`, import.meta.url), dir, { recursive: true });
  dirs.push(dir);
  return dir;
};

/** `from relation to @lines [condition]`, with node keys. */
function rows(map: ProofMap): string[] {
  const key = new Map(map.nodes.map((n) => [n.id, n.key]));
  return map.edges.map((e) => {
    const condition = e.evidence[0]?.condition;
    return `${key.get(e.from)} ${e.relation} ${key.get(e.to)} @${e.evidence.map((v) => v.line).join(',')}${condition ? ` [${condition}]` : ''}`;
  });
}

describe('scan on every Go import form (fixtures/go-forms)', async () => {
  const root = fixture('go-forms');
  const { map } = await scan({ root });
  const edges = rows(map);
  it.each([
    ['app/main.go imports go:app/internal/util @7', 'an import names a package directory in the module'],
    ['app/main.go imports go:lib/strs @8', 'a named import of another workspace module (go.work use)'],
    ['app/main.go imports external:go:fmt @5', 'the standard library as external packages'],
    [
      'app/main.go imports external:gomod:github.com/pkg/errors @9,10',
      'a required module (two of its packages)',
    ],
    ['solo/main.go imports go:lib/strs @3', 'outside the workspace, through replace => ../lib'],
    ['app/cmd/tool/tool.go imports go:lib/strs @11', 'a dot import'],
    ['app/cmd/tool/tool.go imports external:go:embed @9', 'a blank import'],
    ['app/cmd/tool/tool.go imports external:go:C @6', 'cgo'],
    [
      'app/internal/util/util_linux.go imports external:go:os @5 [file:linux, go:build linux && !purego]',
      '//go:build and a GOOS suffix on the edge',
    ],
    ['app/internal/util/legacy.go imports go:app/cmd/tool @5 [+build ignore]', 'a legacy +build line'],
    ['app/internal/util/util_test.go imports external:go:testing @3 [test]', '_test.go on the edge'],
    [
      'app/internal/util/shout_test.go imports go:app/internal/util @6 [test]',
      'an external test package imports its package',
    ],
    [
      'go:app/internal/util contains app/internal/util/util.go @1',
      'package → file containment at the package clause',
    ],
    [
      'go:app/internal/util#test contains app/internal/util/shout_test.go @1',
      'package x_test is a package of its own',
    ],
    [
      'go:app/internal/util contains app/internal/util/util_test.go @1',
      'in-package tests are in the package',
    ],
    ['go:app contains app/main.go @2', 'package main'],
    ['gomod:app/go.mod depends-on external:gomod:github.com/pkg/errors @7', 'go.mod require'],
    [
      'gomod:app/go.mod depends-on gomod:lib/go.mod @6,10',
      'a require replaced by a local module points at it',
    ],
    ['gowork:go.work depends-on gomod:app/go.mod @4', 'go.work use'],
  ])('%s (%s)', (row) => {
    expect(edges).toContain(row);
  });

  it('marks undeclared modules, and records what it could not resolve as coverage', () => {
    expect(
      map.nodes.find((n) => n.key === 'external:gomod:golang.org/x/undeclared')?.metadata?.declared,
    ).toBe(false);
    expect(map.nodes.find((n) => n.key === 'external:gomod:github.com/pkg/errors')?.metadata?.declared).toBe(
      true,
    );
    const unresolved = map.coverage
      .filter((c) => c.analyzer === 'resolve')
      .map((c) => `${c.scope} ${c.detail}`);
    expect(unresolved).toEqual([
      'app/cmd/tool/tool.go:12 example.com/app/nowhere',
      'tools/gopath.go:3 example.com/gopath/only',
    ]);
    expect(map.coverage.find((c) => c.scope === 'tools/gopath.go:3')?.reason).toMatch(
      /not inside a Go module/,
    );
  });

  it('a checkup rule on dependency type `unlisted` takes the import no go.mod requires', () => {
    const rule = {
      kind: 'forbidden' as const,
      from: { path: '**' },
      to: {},
      dependencyTypes: ['unlisted' as const],
    };
    const problems = checkup(map, { rules: [rule], entries: ['**'] }).problems.filter(
      (p) => p.code === 'forbidden-dependency',
    );
    expect(problems.map((p) => `${p.evidence[0]!.path}:${p.evidence[0]!.line} -> ${p.to}`)).toEqual([
      'app/main.go:11 -> external:gomod:golang.org/x/undeclared',
    ]);
    expect(problems[0]!.message).toContain('not listed in go.mod');
  });

  it('labels packages with their import path, zones them per module, and exports capitalised names', () => {
    const pkg = map.nodes.find((n) => n.key === 'go:app/internal/util')!;
    expect(pkg).toMatchObject({ kind: 'package', label: 'example.com/app/internal/util' });
    const zone = map.zones.find((z) => z.id === pkg.zone);
    expect(zone?.label).toBe('example.com/app');
    const exportsOf = (p: string) =>
      (map.nodes.find((n) => n.path === p && n.kind === 'file')?.exports ?? []).map((e) => e.name);
    expect(exportsOf('app/internal/util/util.go')).toEqual(['Shout', 'Volume', 'Loud', 'Max']);
    expect(exportsOf('lib/strs/strs.go')).toEqual(['Trim']);
  });

  it('confirms the map: every Go edge has evidence and a literal the guardian re-finds', () => {
    expect(map.meta.status).toBe('confirmed');
    const goEdges = map.edges.filter((e) => /\.go$|go\.(mod|work)$/.test(e.evidence[0]?.path ?? ''));
    expect(goEdges.length).toBeGreaterThan(25);
    for (const e of goEdges) {
      expect(e.evidence[0]?.line).toBeGreaterThan(0);
      expect(e.verified_by).toMatch(/^grep:.+/);
    }
  });

  it('gives the same bytes on a second scan of the same tree', async () => {
    const again = fixture('go-forms');
    const first = await scan({ root: again });
    const second = await scan({ root: again, force: true } as Parameters<typeof scan>[0]);
    expect(JSON.stringify(second.map)).toBe(JSON.stringify(first.map));
  });
});
