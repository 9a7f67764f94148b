/**
 * Entry points: where loading starts. Defaults are what a tool other than an import loads:
 * package.json bin/main/exports (references-file edges from package nodes), files a script runs
 * (spawns), test files (a test runner loads them), config files (the tool they configure loads
 * them), and standalone scripts under bin/, scripts/ and bench/ (run by hand or by CI).
 */
import picomatch from 'picomatch';
import { frameworksOf, underPackage } from './frameworks.js';
import type { CheckGraph } from './graph.js';
import { isModule } from './graph.js';
import { globTest } from './match.js';
import type { ProofmapConfig } from './types.js';

export const DEFAULT_ENTRY_GLOBS = [
  '**/*.test.*',
  '**/*.spec.*',
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/*.config.*',
  '**/.*rc.{js,cjs,mjs,ts}',
  'bin/**',
  'scripts/**',
  'bench/**',
];

export interface Entries {
  /** Sorted node ids. */
  ids: string[];
  /** Why each id is an entry, for messages (`package.json bin`, `test file`). */
  why: Map<string, string>;
}

export function entryPoints(graph: CheckGraph, config: ProofmapConfig): Entries {
  const why = new Map<string, string>();
  const add = (id: string, reason: string) => {
    if (!why.has(id)) why.set(id, reason);
  };
  if (config.defaultEntries !== false) {
    for (const id of graph.sortedIds) {
      const node = graph.nodes.get(id)!;
      if (node.kind !== 'package' && node.kind !== 'script') continue;
      for (const e of graph.out.get(id) ?? [])
        if (e.relation === 'references-file' || e.relation === 'spawns')
          add(
            e.to,
            e.relation === 'spawns'
              ? `run by script ${node.label}`
              : `named in ${e.evidence[0]?.path ?? 'package.json'}`,
          );
    }
    frameworkEntries(graph, add);
    const isDefault = picomatch(DEFAULT_ENTRY_GLOBS, { dot: true });
    for (const id of graph.sortedIds) {
      const node = graph.nodes.get(id)!;
      if (isModule(node) && isDefault(node.path!)) add(id, 'a test, config or script file');
    }
  }
  config.entries?.forEach((glob, i) => {
    const test = globTest(glob);
    for (const id of graph.sortedIds) if (test(graph.nodes.get(id)!)) add(id, `entries[${i}]`);
  });
  return { ids: graph.sortedIds.filter((id) => why.has(id)), why };
}

/**
 * Files a framework's router loads by path (Next.js `app/**\/page.tsx`, SvelteKit `+page.ts`), for
 * each workspace package whose package.json depends on that framework.
 */
function frameworkEntries(graph: CheckGraph, add: (id: string, reason: string) => void): void {
  const tests: { test: (path: string) => boolean; reason: string }[] = [];
  for (const id of graph.sortedIds) {
    const node = graph.nodes.get(id)!;
    if (node.kind !== 'package' || node.path === undefined) continue;
    const deps = (graph.out.get(id) ?? [])
      .filter((e) => e.relation === 'depends-on')
      .map((e) => graph.nodes.get(e.to)!.key.replace(/^external:npm:/, ''));
    const dir = node.path.replace(/\/?package\.json$/, '');
    for (const f of frameworksOf(deps))
      tests.push({
        test: picomatch(
          f.entries.map((g) => underPackage(dir, g)),
          { dot: true },
        ),
        reason: `a ${f.name} convention file (${node.path} depends on ${f.name})`,
      });
  }
  if (tests.length === 0) return;
  for (const id of graph.sortedIds) {
    const node = graph.nodes.get(id)!;
    if (!isModule(node)) continue;
    const hit = tests.find((t) => t.test(node.path!));
    if (hit) add(id, hit.reason);
  }
}
