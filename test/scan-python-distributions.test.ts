/**
 * Python imports keyed by the distribution that provides them (fixtures/python-distributions,
 * with a virtual environment written into the copy): the import and the manifest meet on one
 * node, and an import no manifest declares is a finding at its file:line. A changed venv is a
 * changed map: the unchanged shortcut and the delta both give way to a full build.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkup } from '../src/checkup/index.js';
import type { ProofMap } from '../src/map/schema.js';
import { scan } from '../src/scan.js';
import { type FakeDistribution, writeVenv } from './helpers/venv.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const FIXTURE_VENV: FakeDistribution[] = [
  { name: 'PyYAML', topLevel: ['_yaml', 'yaml'] },
  { name: 'Foo_Bar.Dist', topLevel: ['weirdname'] },
  { name: 'attrs', record: ['attr/__init__.py', 'attrs/__init__.py'] },
  { name: 'speedups-native', record: ['speedups.cpython-312-x86_64-linux-gnu.so'] },
];

function copy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-pydist-'));
  cpSync(new URL('./fixtures/python-distributions', import.meta.url), dir, { recursive: true });
  dirs.push(dir);
  writeVenv(dir, FIXTURE_VENV);
  return dir;
}

const APP = 'src/app/__init__.py';
const importsOf = (map: ProofMap) => {
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  return map.edges
    .filter((e) => e.relation === 'imports' && byId.get(e.from)?.path === APP)
    .map((e) => {
      const to = byId.get(e.to)!;
      const how = to.metadata?.distribution_via ? ` via ${to.metadata.distribution_via}` : '';
      return `@${e.evidence[0]!.line} ${to.key} "${to.label}"${how} declared=${String(to.metadata?.declared ?? '-')}`;
    });
};

describe('Python import names → distribution names (fixtures/python-distributions)', async () => {
  const root = copy();
  const { map } = await scan({ root });

  it.each([
    ['@1 external:pypi:pyyaml "PyYAML" via installed declared=true', 'venv top_level.txt: yaml → PyYAML'],
    ['@2 external:pypi:pillow "Pillow" via table declared=true', 'table: PIL → Pillow'],
    ['@3 external:pypi:scikit-learn "scikit-learn" via table declared=true', 'table: sklearn → scikit-learn'],
    [
      '@4 external:pypi:psycopg2-binary "psycopg2-binary" via table declared=true',
      'the declared candidate wins',
    ],
    [
      '@5 external:pypi:beautifulsoup4 "beautifulsoup4" via table declared=true',
      'declared in requirements.txt',
    ],
    [
      '@6 external:pypi:foo-bar-dist "Foo_Bar.Dist" via installed declared=true',
      'venv + PEP 503 (Foo_Bar.Dist)',
    ],
    ['@7 external:pypi:attrs "attrs" via installed declared=false', 'venv RECORD: attr → attrs'],
    ['@8 external:pypi:requests "requests" via name declared=false', 'the import name itself'],
    [
      '@9 external:pypi:speedups-native "speedups-native" via installed declared=false',
      'an extension module in RECORD',
    ],
    [
      '@10 external:pypi:opencv-python "opencv-python" via table declared=false',
      'first of several candidates',
    ],
    ['@12 external:pypi:ujson "ujson" via name declared=false', 'guarded import'],
  ])('%s (%s)', (row) => {
    expect(importsOf(map)).toContain(row);
  });

  it('puts the import and the manifest on one node: no second node under the import name', () => {
    const keys = map.nodes.map((n) => n.key);
    for (const name of ['yaml', 'pil', 'sklearn', 'psycopg2', 'bs4', 'weirdname', 'attr', 'cv2'])
      expect(keys).not.toContain(`external:pypi:${name}`);
    const yaml = map.nodes.find((n) => n.key === 'external:pypi:pyyaml')!;
    const into = map.edges.filter((e) => e.to === yaml.id).map((e) => `${e.relation} ${e.evidence[0]!.path}`);
    expect(into.sort()).toEqual(['depends-on pyproject.toml', `imports ${APP}`]);
    expect(yaml.metadata?.distribution_source).toMatch(
      /^\.venv\/lib\/python3\.12\/site-packages\/PyYAML-1\.0\.dist-info\/top_level\.txt$/,
    );
  });

  it('reports each undeclared, unguarded import as a finding at its file:line', () => {
    const findings = map.findings
      .filter((f) => f.code === 'python-undeclared-distribution')
      .map((f) => `${f.evidence[0]!.path}:${f.evidence[0]!.line} ${f.message}`);
    expect(findings).toEqual([
      `${APP}:7 ${APP}:7: imports attr (installed from attrs, per .venv/lib/python3.12/site-packages/attrs-1.0.dist-info/RECORD), but attrs is declared in none of pyproject.toml, requirements.txt`,
      `${APP}:8 ${APP}:8: imports requests, but requests is declared in none of pyproject.toml, requirements.txt`,
      `${APP}:9 ${APP}:9: imports speedups (installed from speedups-native, per .venv/lib/python3.12/site-packages/speedups_native-1.0.dist-info/RECORD), but speedups-native is declared in none of pyproject.toml, requirements.txt`,
      `${APP}:10 ${APP}:10: imports cv2 (the import name of opencv-python), but opencv-python is declared in none of pyproject.toml, requirements.txt`,
    ]);
    expect(map.meta.status).toBe('confirmed');
  });

  it('a checkup rule on dependency type `unlisted` takes the same imports, not the optional one', () => {
    const rule = {
      kind: 'forbidden' as const,
      from: { path: '**' },
      to: {},
      dependencyTypes: ['unlisted' as const],
    };
    const problems = checkup(map, { rules: [rule], entries: ['**'] })
      .problems.filter((p) => p.code === 'forbidden-dependency')
      .map((p) => `${p.evidence[0]!.path}:${p.evidence[0]!.line} -> ${p.to}`)
      .sort();
    expect(problems).toEqual([
      `${APP}:10 -> external:pypi:opencv-python`,
      `${APP}:7 -> external:pypi:attrs`,
      `${APP}:8 -> external:pypi:requests`,
      `${APP}:9 -> external:pypi:speedups-native`,
    ]);
  });

  it('records the venv it read as coverage', () => {
    expect(map.coverage.find((c) => c.scope === '.venv')).toMatchObject({
      analyzer: 'discover',
      status: 'analyzed',
      reason: 'Python virtual environment: 4 installed distributions read for their import names',
    });
  });

  it('without the venv falls back to the table and the name, and still finds the undeclared', async () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'proofmap-pydist-bare-'));
    dirs.push(bare);
    cpSync(new URL('./fixtures/python-distributions', import.meta.url), bare, { recursive: true });
    const { map: plain } = await scan({ root: bare });
    const rows = importsOf(plain);
    expect(rows).toContain('@1 external:pypi:pyyaml "PyYAML" via table declared=true');
    // Nothing tells `weirdname` is Foo_Bar.Dist without its metadata: an undeclared name.
    expect(rows).toContain('@6 external:pypi:weirdname "weirdname" via name declared=false');
    expect(rows).toContain('@7 external:pypi:attrs "attrs" via table declared=false');
    const lines = plain.findings
      .filter((f) => f.code === 'python-undeclared-distribution')
      .map((f) => f.evidence[0]!.line);
    expect(lines).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('a changed virtual environment rebuilds the map', () => {
  it('is not "unchanged" after an install, and a JS edit beside it is no delta', async () => {
    const root = copy();
    await scan({ root });
    const same = await scan({ root });
    expect(same.mode).toBe('unchanged');

    writeVenv(root, [{ name: 'requests', topLevel: ['requests'] }]);
    const installed = await scan({ root });
    expect(installed.mode).toBe('full');
    expect(installed.map.coverage.find((c) => c.scope === '.venv')?.reason).toContain('5 installed');

    writeFileSync(path.join(root, 'web/main.ts'), 'export const a = 2;\n');
    const edit = await scan({ root });
    expect(edit.mode).toBe('delta');

    writeVenv(root, [{ name: 'idna', topLevel: ['idna'] }]);
    writeFileSync(path.join(root, 'web/main.ts'), 'export const a = 3;\n');
    const both = await scan({ root });
    expect(both.mode).toBe('full');
    expect(both.fullBecause).toBe('files discovery could not analyse were added or removed');
    const cold = await scan({ root, force: true });
    expect(JSON.stringify(both.map)).toBe(JSON.stringify(cold.map));
  });
});
