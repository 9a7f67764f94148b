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
const fixture = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `proofmap-${name}-`));
  cpSync(new URL(`./fixtures/${name}`, import.meta.url), dir, { recursive: true });
  dirs.push(dir);
  return dir;
};

function rows(map: ProofMap): string[] {
  const key = new Map(map.nodes.map((n) => [n.id, n.key]));
  return map.edges.map(
    (e) => `${key.get(e.from)} ${e.relation} ${key.get(e.to)} @${e.evidence.map((v) => v.line).join(',')}`,
  );
}

describe('scan on every Python import form (fixtures/python-forms)', async () => {
  const root = fixture('python-forms');
  const { map } = await scan({ root });
  const edges = rows(map);
  it.each([
    ['src/shop/__init__.py imports src/shop/core.py @1', 'relative from-import of a sibling module'],
    ['src/shop/core.py imports external:python:os @1', 'stdlib import as an external node'],
    ['src/shop/core.py imports src/shop/util.py @2', '`from . import util`: the member is a submodule'],
    ['src/shop/sub/__init__.py imports src/shop/core.py @1', 'level-2 relative `from .. import core`'],
    ['src/shop/sub/__init__.py imports src/shop/util.py @2', 'level-2 relative with a module path'],
    ['src/shop/loader.py imports external:pypi:ujson @5', '`try: import` first branch'],
    ['src/shop/loader.py imports external:python:json @7', '`except ImportError:` fallback'],
    [
      'src/shop/loader.py imports src/shop/sub/__init__.py @10',
      '`if TYPE_CHECKING:` import through the src/ root',
    ],
    ['src/shop/loader.py dynamic-imports src/shop/util.py @12', 'importlib.import_module("literal")'],
    ['src/shop/loader.py imports src/nsroot/part/mod.py @14', 'PEP 420 namespace packages'],
    ['src/shop/loader.py imports external:pypi:requests @15', 'declared third-party'],
    [
      'src/shop/loader.py imports external:pypi:typing-extensions @16',
      'import name normalised to the distribution',
    ],
    ['src/shop/loader.py imports src/shop/__init__.py @18', 'a name (not a submodule) from a package'],
    ['tests/conftest.py imports tests/helpers_for_tests.py @1', 'conftest.py: its directory is on sys.path'],
    [
      'tests/test_cart.py imports src/shop/core.py @1',
      'a test imports the package through the declared root',
    ],
    ['tests/test_cart.py imports tests/helpers_for_tests.py @2', 'rootdir insertion for tests'],
    ['python:pyproject.toml depends-on external:pypi:requests @4', 'pyproject [project] dependencies'],
    ['python:pyproject.toml depends-on external:pypi:typing-extensions @5', 'PEP 503 normalised name'],
    ['requirements-dev.txt depends-on external:pypi:pytest @1', 'requirements file'],
    ['web/index.ts imports web/a.ts @1', 'JS/TS beside Python is unchanged'],
  ])('%s (%s)', (row) => {
    expect(edges).toContain(row);
  });

  it('marks undeclared third-party imports, and records what it could not resolve as coverage', () => {
    // `import yaml` is the distribution PyYAML (python-distributions.ts), declared nowhere here.
    const yaml = map.nodes.find((n) => n.key === 'external:pypi:pyyaml');
    expect(yaml?.metadata?.declared).toBe(false);
    expect(map.nodes.some((n) => n.key === 'external:pypi:yaml')).toBe(false);
    // The guarded `try: import ujson` is optional: only the plain import is a finding.
    expect(
      map.findings.filter((f) => f.code === 'python-undeclared-distribution').map((f) => f.evidence[0]!.line),
    ).toEqual([17]);
    const scopes = map.coverage
      .filter((c) => c.scope.startsWith('src/'))
      .map((c) => `${c.scope} ${c.detail}`);
    expect(scopes).toEqual(['src/shop/loader.py:13 name', 'src/shop/loader.py:19 .nowhere:x']);
  });

  it('records __all__ (else public top-level names) as exports, and confirms the map', () => {
    const exportsOf = (p: string) =>
      (map.nodes.find((n) => n.path === p && n.kind === 'file')?.exports ?? []).map((e) => e.name);
    expect(exportsOf('src/shop/__init__.py')).toEqual(['Cart', 'VERSION']);
    expect(exportsOf('src/shop/core.py')).toEqual(['Cart', 'total', 'TAX']);
    expect(map.meta.status).toBe('confirmed');
    for (const e of map.edges.filter((x) => x.evidence[0]?.path.endsWith('.py')))
      expect(e.verified_by).toMatch(/^grep:\S+$/);
  });

  it('names every member of one from-import on its one edge', () => {
    const node = (p: string) => map.nodes.find((n) => n.path === p && n.kind === 'file')!.id;
    const edge = map.edges.find(
      (e) => e.from === node('tests/test_cart.py') && e.to === node('src/shop/core.py'),
    );
    expect((edge as { names?: string[] }).names).toEqual(['Cart', 'total']);
  });

  it('gives the same bytes on a second scan of the same tree', async () => {
    const again = fixture('python-forms');
    const first = await scan({ root: again });
    const second = await scan({ root: again, force: true } as Parameters<typeof scan>[0]);
    expect(JSON.stringify(second.map)).toBe(JSON.stringify(first.map));
  });
});
