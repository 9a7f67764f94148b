/**
 * Unused exports as checkup warnings: only the provable ones (no file here uses the export through
 * any barrel, no entry point exposes it, and some file loads its module). The ones whose proof
 * fails are listed with their reason by `rank --by unused`, not reported as problems.
 */
import { unusedExports } from '../query/unused.js';
import type { CheckGraph } from './graph.js';
import type { Problem, ProofmapConfig } from './types.js';

export function unusedExportProblems(graph: CheckGraph, config: ProofmapConfig): Problem[] {
  if (!graph.map.nodes.some((n) => n.exports?.some((e) => e.declaration !== undefined))) return [];
  return unusedExports(graph, config)
    .items.filter((u) => u.status === 'unused')
    .map((u) => ({
      kind: 'warning',
      code: 'unused-export',
      message: `${u.name} is exported by ${u.path} but no file here uses it (through any barrel), and no entry point exposes it: drop the export, or the declaration if nothing in its file uses it either.`,
      node: u.path,
      evidence: [{ source: 'code', path: u.path, line: u.line }],
    }));
}
