/**
 * `--format dot|mermaid` for impact, cycles, path and packages, run through the CLI. DOT output is
 * parsed by a real DOT parser (dotparser) and compared with the JSON answer. Mermaid is read back
 * by mermaid's own parser in Chromium in diagram-mermaid.test.ts; here only its text is checked.
 */
import dotparse from 'dotparser';
import { describe, expect, it } from 'vitest';
import { type Diagram, toDot, toMermaid } from '../../src/query/diagram.js';
import { runCli } from '../helpers/cli.js';
import { scannedRepo } from './fixture.js';

const REPO = {
  'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }),
  'packages/app/package.json': JSON.stringify({ name: 'app' }),
  'packages/app/src/main.ts':
    "import { a } from './a';\nimport { lib } from '../../lib/src/index';\nexport const m = [a, lib];\n",
  'packages/app/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'packages/app/src/b.ts':
    "import { a } from './a';\nimport { lib } from '../../lib/src/index';\nexport const b = () => [a, lib];\n",
  'packages/lib/package.json': JSON.stringify({ name: '@acme/lib "quoted"' }),
  'packages/lib/src/index.ts': 'export const lib = 1;\n',
};

/** Edges of a parsed DOT graph as `from -> to` pairs. */
function dotEdges(text: string): string[] {
  const [graph] = dotparse(text);
  const out: string[] = [];
  for (const s of graph!.children)
    if (s.type === 'edge_stmt')
      out.push(
        `${String((s.edge_list[0] as { id: string }).id)} -> ${String((s.edge_list[1] as { id: string }).id)}`,
      );
  return out.sort();
}

describe('diagrams', () => {
  it('cycles --format dot parses, and its edges are the cycle', async () => {
    const root = await scannedRepo(REPO);
    const r = await runCli(['cycles', '--root', root, '--format', 'dot']);
    expect(r.exitCode).toBe(0);
    expect(dotEdges(r.stdout)).toEqual([
      'packages/app/src/a.ts -> packages/app/src/b.ts',
      'packages/app/src/b.ts -> packages/app/src/a.ts',
    ]);
  });

  it('impact and path --format dot match their JSON answers', async () => {
    const root = await scannedRepo(REPO);
    const target = 'packages/lib/src/index.ts';
    const json = JSON.parse((await runCli(['impact', target, '--root', root, '--json'])).stdout);
    const dot = dotEdges((await runCli(['impact', target, '--root', root, '--format', 'dot'])).stdout);
    expect(dot.length).toBeGreaterThan(0);
    expect(dot.map((e) => e.split(' -> ')[0]).sort()).toEqual(
      json.items.map((i: { path: string }) => i.path).sort(),
    );
    const p = await runCli(['path', 'packages/app/src/main.ts', target, '--root', root, '--format', 'dot']);
    expect(dotEdges(p.stdout)).toEqual([`packages/app/src/main.ts -> ${target}`]);
  });

  it('packages: counted imports between packages; quotes in a name stay inside the label', async () => {
    const root = await scannedRepo(REPO);
    const json = JSON.parse((await runCli(['packages', '--root', root, '--json'])).stdout);
    expect(json.items).toEqual([{ from: 'app', to: '@acme/lib "quoted"', imports: 2 }]);
    const dot = (await runCli(['packages', '--root', root, '--format', 'dot'])).stdout;
    expect(dotEdges(dot)).toEqual(['app -> @acme/lib "quoted"']);
    const mermaid = (await runCli(['packages', '--root', root, '--format', 'mermaid'])).stdout;
    expect(mermaid).toMatch(/^flowchart LR\n/);
    expect(mermaid).toContain('#quot;quoted#quot;');
    expect(mermaid).toMatch(/n\d+ -->\|"2 imports"\| n\d+/);
  });

  it('rejects an unknown format, and a command without a diagram rejects dot', async () => {
    const root = await scannedRepo(REPO);
    expect((await runCli(['cycles', '--root', root, '--format', 'svg'])).exitCode).toBe(2);
    expect((await runCli(['search', 'lib', '--root', root, '--format', 'dot'])).exitCode).toBe(2);
  });

  it('escapes DOT strings so a hostile label cannot end the graph', () => {
    const d: Diagram = {
      name: 'x',
      nodes: [
        { id: 'a"; }\\', label: 'a"; }\\' },
        { id: 'b', label: 'b\nc' },
      ],
      edges: [{ from: 'a"; }\\', to: 'b' }],
    };
    // DOT keeps other backslash pairs as written (Graphviz reads `\\` as one backslash in a label).
    expect(dotEdges(toDot(d))).toEqual(['a"; }\\\\ -> b']);
    expect(
      toMermaid(d)
        .split('\n')
        .filter((l) => l.includes('-->')),
    ).toEqual(['  n0 --> n1']);
  });
});
