/**
 * flow-incomplete: a declared flow whose consecutive steps have no edge between them, in the
 * step's direction. Any relation counts (an import, a link, a spawn): the flow declares that the
 * parts are joined, not how. A warning, since a flow may be joined by something the scan does not
 * see (an HTTP call, a queue).
 */
import { configEvidence } from './config-evidence.js';
import { stepNodes } from './declared.js';
import type { CheckGraph } from './graph.js';
import type { CheckupOptions, Problem, ProofmapConfig } from './types.js';

export function flowProblems(graph: CheckGraph, config: ProofmapConfig, opts: CheckupOptions): Problem[] {
  const problems: Problem[] = [];
  config.flows?.forEach((flow, i) => {
    const steps = flow.steps.map((s) => new Set(stepNodes(graph, s)));
    for (let s = 0; s + 1 < steps.length; s++) {
      const [a, b] = [steps[s]!, steps[s + 1]!];
      if (a.size === 0 || b.size === 0) continue; // already an unknown-node error
      const joined = [...a].some((id) => (graph.out.get(id) ?? []).some((e) => b.has(e.to)));
      if (joined) continue;
      const [from, to] = [flow.steps[s]!, flow.steps[s + 1]!];
      problems.push({
        kind: 'warning',
        code: 'flow-incomplete',
        from,
        to,
        message:
          `Flow "${flow.name}" goes from ${from} to ${to} (steps ${s + 1} and ${s + 2}), but the map has no edge from the one to the other. ` +
          'Either the step is joined by something the scan cannot see (a network call, a queue, a runtime registry), or the flow no longer matches the code: update the flow or the code.',
        evidence: [configEvidence(opts, ['flows', i, 'steps', s + 1])],
      });
    }
  });
  return problems;
}
