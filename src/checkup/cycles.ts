/**
 * Import cycles (Tarjan's strongly connected components) and self-imports. Type-only imports are
 * left out of cycles: they are erased at compile time, so they cannot make load order matter.
 */
import { cyclicComponents } from '../graph/scc.js';
import type { MapEdge } from '../map/schema.js';
import { at, type CheckGraph, LOAD_RELATIONS, nameOf } from './graph.js';
import type { Problem } from './types.js';

const RUNTIME = new Set([...LOAD_RELATIONS].filter((r) => r !== 'type-imports'));

function runtimeOut(graph: CheckGraph, id: string): MapEdge[] {
  return (graph.out.get(id) ?? []).filter((e) => RUNTIME.has(e.relation) && e.to !== e.from);
}

/** Components of two or more nodes, each sorted, in order of their first id. */
export function stronglyConnected(graph: CheckGraph): string[][] {
  const ids = graph.sortedIds;
  const index = new Map(ids.map((id, i) => [id, i]));
  const out = ids.map((id) =>
    runtimeOut(graph, id).flatMap((e) => (index.has(e.to) ? [index.get(e.to)!] : [])),
  );
  return cyclicComponents(ids.length, (v) => out[v]!).map((c) => c.map((i) => ids[i]!));
}

/** The shortest cycle through `start` inside its component (BFS), as the edges that make it. */
function shortestCycle(graph: CheckGraph, start: string, members: Set<string>): MapEdge[] {
  const back = new Map<string, MapEdge>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const e of runtimeOut(graph, queue[i]!)) {
      if (!members.has(e.to)) continue;
      if (e.to === start) {
        const path = [e];
        for (let cur = e.from; cur !== start; cur = back.get(cur)!.from) path.unshift(back.get(cur)!);
        return path;
      }
      if (!back.has(e.to)) {
        back.set(e.to, e);
        queue.push(e.to);
      }
    }
  }
  return [];
}

export function cycleProblems(graph: CheckGraph): Problem[] {
  const problems: Problem[] = [];
  for (const component of stronglyConnected(graph)) {
    const cycle = shortestCycle(graph, component[0]!, new Set(component));
    const name = (id: string) => nameOf(graph.nodes.get(id)!);
    const chain = [...cycle.map((e) => name(e.from)), name(component[0]!)].join(' → ');
    const lines = cycle.map((e) => at(e.evidence[0])).join(', ');
    const more =
      component.length > cycle.length
        ? ` It is one loop in a tangle of ${component.length} modules that all reach each other.`
        : '';
    problems.push({
      kind: 'warning',
      code: 'import-cycle',
      node: name(component[0]!),
      message:
        `Import cycle: ${chain} (${lines}).${more} ` +
        'In a cycle one module runs before the other has finished loading, so load order decides what it sees; break it by moving what both need into a module they both import.',
      evidence: cycle.map((e) => e.evidence[0]!),
    });
  }
  for (const e of graph.map.edges) {
    if (e.from !== e.to || !LOAD_RELATIONS.has(e.relation) || !graph.nodes.has(e.from)) continue;
    const file = name(graph, e.from);
    problems.push({
      kind: 'warning',
      code: 'self-import',
      node: file,
      message: `${file} imports itself at ${at(e.evidence[0])}. That import does nothing useful and is usually a wrong path; remove it or point it at the module you meant.`,
      evidence: [e.evidence[0]!],
    });
  }
  return problems;
}

const name = (graph: CheckGraph, id: string) => nameOf(graph.nodes.get(id)!);
