/**
 * The view's data and its embedded form: packing loses nothing, labels carry their folder, and
 * the cycles the page names are exactly the import cycles `proofmap check` reports, with loops
 * that close only through type imports named type-only.
 */
import { describe, expect, it } from 'vitest';
import { checkup } from '../../src/checkup/index.js';
import { loadConfig } from '../../src/discover/config.js';
import { scan } from '../../src/scan.js';
import { buildViewData, OVERVIEW_THRESHOLD, viewLabel } from '../../src/view/data.js';
import { packView, unpackView } from '../../src/view/pack.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { cleanup, copyFixture } from './fixture.js';

const CYCLES = {
  'package.json': '{"name":"cycles","version":"1.0.0","main":"src/index.ts"}\n',
  'src/index.ts':
    "import { a } from './run/a';\nimport type { T } from './types/t';\nexport const x: T = a;\n",
  // A runtime cycle: a → b → a.
  'src/run/a.ts': "import { b } from './b';\nexport const a = 1 + b;\n",
  'src/run/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  // A loop that closes only through a type import: erased at compile time.
  'src/types/t.ts': "import type { U } from './u';\nexport type T = U | number;\n",
  'src/types/u.ts': "import type { T } from './t';\nexport type U = { t: T };\n",
  // Labels: two index.ts files told apart by their folder.
  'src/toDate/index.ts': 'export const toDate = 1;\n',
  'src/toTime/index.ts': "import { toDate } from '../toDate';\nexport const toTime = toDate;\n",
};

describe('packView / unpackView', () => {
  it('round-trips a scanned fixture exactly, in less than half the JSON', async () => {
    const root = copyFixture('docs-adr-typed-links');
    const { map } = await scan({ root });
    const data = buildViewData(map);
    const packed = packView(data);
    expect(unpackView(JSON.parse(JSON.stringify(packed)))).toEqual(data);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(data).length / 2);
    cleanup();
  });

  it('keeps evidence that is not a single line in the importing file, and drops excerpts only on large maps', async () => {
    const { map } = await scan({ root: copyFixture('import-forms') });
    const small = buildViewData(map);
    expect(small.excerpts).toBe(true);
    expect(small.edges.some((e) => e.evidence[0]?.excerpt)).toBe(true);
    const large = buildViewData(map, { overview: true });
    expect(large.excerpts).toBe(false);
    expect(large.edges.every((e) => e.evidence.every((ev) => ev.excerpt === undefined))).toBe(true);
    for (const d of [small, large]) expect(unpackView(JSON.parse(JSON.stringify(packView(d))))).toEqual(d);
    cleanup();
  });
});

describe('buildViewData', () => {
  it('labels files with their folder, and opens on the package graph above the threshold', async () => {
    const root = tmpRepo(CYCLES);
    const { map } = await scan({ root });
    const data = buildViewData(map);
    const labels = data.nodes.map((n) => n.label);
    expect(labels).toContain('toDate/index.ts');
    expect(labels).toContain('toTime/index.ts');
    expect(viewLabel('index.ts', 'index.ts')).toBe('index.ts');
    expect(viewLabel('@scope/pkg', 'packages/pkg/package.json')).toBe('@scope/pkg');
    expect(data.overview).toBe(map.nodes.length > OVERVIEW_THRESHOLD);
    const zoneFiles = data.zones.reduce((sum, z) => sum + z.files, 0);
    expect(zoneFiles).toBe(map.nodes.filter((n) => n.kind === 'file').length);
  });

  it('names the same runtime cycles as proofmap check, and the type-only loop apart', async () => {
    const root = tmpRepo(CYCLES);
    const { map } = await scan({ root });
    const data = buildViewData(map);
    const path = (id: string) => map.nodes.find((n) => n.id === id)!.path;
    const runtime = data.cycles.filter((c) => c.kind === 'runtime');
    const typeOnly = data.cycles.filter((c) => c.kind === 'type-only');
    expect(runtime.map((c) => c.nodes.map(path).sort())).toEqual([['src/run/a.ts', 'src/run/b.ts']]);
    expect(typeOnly.map((c) => c.nodes.map(path).sort())).toEqual([['src/types/t.ts', 'src/types/u.ts']]);
    // Every loop is made of its own edges, in walking order.
    for (const c of data.cycles) {
      const edges = c.edges.map((id) => data.edges.find((e) => e.id === id)!);
      for (const [i, e] of edges.entries()) expect(e.to).toBe(edges[(i + 1) % edges.length]!.from);
    }
    const check = checkup(map, loadConfig(root).config, { mode: 'warn' });
    const checked = check.problems.filter((p) => p.code === 'import-cycle');
    expect(checked).toHaveLength(runtime.length);
    // check's evidence lines are the view cycle's edges, one for one.
    const lines = (c: (typeof runtime)[number]) =>
      c.edges.map((id) => {
        const ev = data.edges.find((e) => e.id === id)!.evidence[0]!;
        return `${ev.path}:${ev.line}`;
      });
    expect(checked.map((p) => p.evidence.map((ev) => `${ev.path}:${ev.line}`))).toEqual(runtime.map(lines));
  });
});
