/**
 * unknown-node for what the config names outside rules: areas, entries and flow steps whose
 * globs or keys match nothing in the map. Each is an error because the declaration cannot be
 * checked at all, which a reader of a green checkup would not guess.
 */
import { configEvidence } from './config-evidence.js';
import type { CheckGraph } from './graph.js';
import { globTest, select } from './match.js';
import type { CheckupOptions, Problem, ProofmapConfig } from './types.js';

/** Nodes a flow step names: an exact node key or path first, else the step as a glob. */
export function stepNodes(graph: CheckGraph, step: string): string[] {
  const exact = graph.byKey.get(step) ?? graph.map.nodes.find((n) => n.path === step && n.kind !== 'script');
  return exact ? [exact.id] : select(graph, globTest(step));
}

export function declaredProblems(graph: CheckGraph, config: ProofmapConfig, opts: CheckupOptions): Problem[] {
  const problems: Problem[] = [];
  const unknown = (what: string, keyPath: (string | number)[]) =>
    problems.push({
      kind: 'error',
      code: 'unknown-node',
      message: `${what} matches nothing in the map, so it cannot be checked. Fix the path (globs are relative to the repository root), or remove it.`,
      evidence: [configEvidence(opts, keyPath)],
    });
  config.areas?.forEach((area, i) => {
    if (select(graph, globTest(area.path)).length === 0)
      unknown(`Area "${area.name}" (${[area.path].flat().join(', ')})`, ['areas', i, 'path']);
  });
  config.entries?.forEach((glob, i) => {
    if (select(graph, globTest(glob)).length === 0) unknown(`Entry ${glob} (entries[${i}])`, ['entries', i]);
  });
  config.flows?.forEach((flow, i) => {
    flow.steps.forEach((step, s) => {
      if (stepNodes(graph, step).length === 0)
        unknown(`Step ${s + 1} of flow "${flow.name}" (${step})`, ['flows', i, 'steps', s]);
    });
  });
  return problems;
}
