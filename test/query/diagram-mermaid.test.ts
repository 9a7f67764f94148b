/**
 * `--format mermaid` read back by Mermaid itself: mermaid 12's flowchart parser (jison, with the
 * DOM it expects) run in Debian's Chromium, the way a pull request or a docs page renders the
 * text. Each drawn command's graph must come back with the same edges as its DOT form (read by
 * dotparser), labels must survive hostile text, and a broken diagram must be rejected, so the
 * check cannot pass by accepting anything.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import dotparse from 'dotparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Diagram, toMermaid } from '../../src/query/diagram.js';
import { runCli } from '../helpers/cli.js';
import { HAS_CHROMIUM, launch } from '../view/browser.js';
import { scannedRepo } from './fixture.js';

const repoRoot = path.resolve(new URL('../..', import.meta.url).pathname);
const MERMAID = path.join(repoRoot, 'node_modules/mermaid/dist/mermaid.min.js');

const REPO = {
  'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }),
  'packages/app/package.json': JSON.stringify({ name: 'app' }),
  'packages/app/src/main.ts':
    "import { a } from './a';\nimport { lib } from '../../lib/src/index';\nexport const m = [a, lib];\n",
  'packages/app/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'packages/app/src/b.ts':
    "import { a } from './a';\nimport { lib } from '../../lib/src/index';\nexport const b = () => [a, lib];\n",
  'packages/lib/package.json': JSON.stringify({ name: '@acme/lib "quoted" [x] |y| end' }),
  'packages/lib/src/index.ts': 'export const lib = 1;\n',
};

interface Parsed {
  error?: string;
  type?: string;
  /** Node id → label as Mermaid will show it (entities decoded). */
  labels?: Record<string, string>;
  edges?: { from: string; to: string; label: string }[];
}

let page: Page | undefined;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  const browser = await launch();
  close = browser.close;
  page = await browser.context.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ path: MERMAID });
  await page.evaluate(() =>
    (globalThis as unknown as { mermaid: { initialize(o: object): void } }).mermaid.initialize({
      startOnLoad: false,
    }),
  );
}, 60_000);
afterAll(async () => {
  await close?.();
});

/** Parses a flowchart with Mermaid's own parser and returns its nodes and edges. */
async function parse(text: string): Promise<Parsed> {
  return page!.evaluate(async (source) => {
    // biome-ignore lint/suspicious/noExplicitAny: mermaid's global has no types in the page
    const mermaid = (globalThis as any).mermaid;
    // Mermaid keeps `#quot;` as a placeholder until it renders; decode it the way the renderer does.
    const decode = (s: string) => {
      const el = document.createElement('textarea');
      el.innerHTML = s.replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';');
      return el.value;
    };
    try {
      const diagram = await mermaid.mermaidAPI.getDiagramFromText(source);
      const labels: Record<string, string> = {};
      for (const v of diagram.db.getVertices().values()) labels[v.id] = decode(v.text);
      const edges = diagram.db.getEdges().map((e: { start: string; end: string; text: string }) => ({
        from: e.start,
        to: e.end,
        label: decode(e.text ?? ''),
      }));
      return { type: diagram.type, labels, edges };
    } catch (error) {
      return { error: String((error as Error).message ?? error) };
    }
  }, text);
}

/** `from label -> to label` of every edge, sorted. */
function labelled(p: Parsed): string[] {
  expect(p.error).toBeUndefined();
  expect(p.type).toBe('flowchart-v2');
  return p.edges!.map((e) => `${p.labels![e.from]} -> ${p.labels![e.to]}`).sort();
}

/** The same for a DOT graph read by dotparser: a node's `label` attribute, else its id. */
function dotEdges(text: string): string[] {
  const [graph] = dotparse(text);
  const labels = new Map<string, string>();
  for (const s of graph!.children)
    if (s.type === 'node_stmt') {
      const label = s.attr_list.find((a) => a.id === 'label');
      if (label) labels.set(String(s.node_id.id), String(label.eq));
    }
  const name = (id: unknown) => labels.get(String(id)) ?? String(id);
  const out: string[] = [];
  for (const s of graph!.children)
    if (s.type === 'edge_stmt')
      out.push(
        `${name((s.edge_list[0] as { id: string }).id)} -> ${name((s.edge_list[1] as { id: string }).id)}`,
      );
  return out.sort();
}

describe.skipIf(!HAS_CHROMIUM)('--format mermaid parsed by mermaid 12 in Chromium', () => {
  it.each([
    ['cycles', []],
    ['impact', ['packages/lib/src/index.ts']],
    ['path', ['packages/app/src/main.ts', 'packages/lib/src/index.ts']],
    ['packages', []],
  ])('%s: Mermaid reads back the edges the DOT form has', async (command, args) => {
    const root = await scannedRepo(REPO);
    const run = (format: string) => runCli([command, ...args, root, '--format', format]);
    const mermaid = await run('mermaid');
    const dot = await run('dot');
    expect([mermaid.exitCode, dot.exitCode]).toEqual([0, 0]);
    const edges = labelled(await parse(mermaid.stdout));
    expect(edges.length).toBeGreaterThan(0);
    expect(edges).toEqual(dotEdges(dot.stdout));
  });

  it('the built CLI: packages --format mermaid keeps a hostile package name as its label, edge counted', async () => {
    const root = await scannedRepo(REPO);
    const bin = path.join(repoRoot, 'bin/proofmap.js');
    const r = spawnSync(process.execPath, [bin, 'packages', root, '--format', 'mermaid'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    const parsed = await parse(r.stdout);
    expect(labelled(parsed)).toEqual(['app (4 files) -> @acme/lib "quoted" [x] |y| end (2 files)']);
    expect(parsed.edges!.map((e) => e.label)).toEqual(['2 imports']);
  });

  it('labels with Mermaid syntax in them come back as written (line breaks become spaces)', async () => {
    const hostile = [
      'a"; }\\',
      'x --> y',
      'end',
      'subgraph',
      '%% not a comment',
      'click n0 call alert()',
      '<b>bold</b> &amp; #35;',
      '`markdown` **strong**',
      '(round) {curly} [square] |pipe| ;semi',
      'src/ünïcödé/日本.ts',
      'two\nlines',
    ];
    const d: Diagram = {
      name: 'hostile %% name\nnext',
      nodes: hostile.map((label, i) => ({ id: `id${i}`, label })),
      edges: hostile.slice(1).map((_, i) => ({ from: `id${i}`, to: `id${i + 1}`, label: hostile[i]! })),
    };
    const parsed = await parse(toMermaid(d));
    expect(parsed.error).toBeUndefined();
    expect(Object.values(parsed.labels!)).toEqual(hostile.map((l) => l.replace(/\n/g, ' ')));
    expect(parsed.edges!.map((e) => e.label)).toEqual(hostile.slice(0, -1).map((l) => l.replace(/\n/g, ' ')));
  });

  it('rejects a broken diagram: the parser is not a rubber stamp', async () => {
    const good = toMermaid({
      name: 'g',
      nodes: [
        { id: 'a', label: 'a' },
        { id: 'b', label: 'b' },
      ],
      edges: [{ from: 'a', to: 'b' }],
    });
    expect(labelled(await parse(good))).toEqual(['a -> b']);
    // An unclosed node label and an unclosed edge label.
    const unclosed = good.replace('n0["a"]', 'n0["a]');
    const edgeLabel = good.replace('n0 --> n1', 'n0 -->|"x| n1');
    expect(unclosed).not.toBe(good);
    expect(edgeLabel).not.toBe(good);
    expect((await parse(unclosed)).error).toMatch(/Parse error/);
    expect((await parse(edgeLabel)).error).toMatch(/Parse error/);
    // Quotes left unescaped are not an error but lose text: why labels are written as entities.
    const unescaped = await parse(good.replace('n0["a"]', 'n0["say "hi""]'));
    expect(unescaped.labels?.n0).not.toBe('say "hi"');
  });
});
