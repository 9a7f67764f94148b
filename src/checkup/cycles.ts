/**
 * Import cycles (Tarjan's strongly connected components) and self-imports. Type-only imports are
 * left out of the cycles check warns about: they are erased at compile time, so they cannot make
 * load order matter. A loop that closes only through type imports is still listed by
 * importCycles as "type-only", so the view can name it without calling it a problem.
 */
import { cyclicComponents } from '../graph/scc.js';
import type { MapEdge } from '../map/schema.js';
import { at, type CheckGraph, LOAD_RELATIONS, nameOf } from './graph.js';
import type { Problem } from './types.js';

const RUNTIME = new Set([...LOAD_RELATIONS].filter((r) => r !== 'type-imports'));

type Along = (e: MapEdge) => boolean;
const runtime: Along = (e) => RUNTIME.has(e.relation);
const anyLoad: Along = (e) => LOAD_RELATIONS.has(e.relation);

function outAlong(graph: CheckGraph, id: string, along: Along): MapEdge[] {
  return (graph.out.get(id) ?? []).filter((e) => along(e) && e.to !== e.from);
}

/** Components of two or more nodes, each sorted, in order of their first id. */
export function stronglyConnected(graph: CheckGraph, along: Along = runtime): string[][] {
  const ids = graph.sortedIds;
  const index = new Map(ids.map((id, i) => [id, i]));
  const out = ids.map((id) =>
    outAlong(graph, id, along).flatMap((e) => (index.has(e.to) ? [index.get(e.to)!] : [])),
  );
  return cyclicComponents(ids.length, (v) => out[v]!).map((c) => c.map((i) => ids[i]!));
}

/** The shortest cycle through `start` inside its component (BFS), as the edges that make it. */
function shortestCycle(graph: CheckGraph, start: string, members: Set<string>, along: Along): MapEdge[] {
  const back = new Map<string, MapEdge>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const e of outAlong(graph, queue[i]!, along)) {
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

export interface ImportCycle {
  /** runtime: what check warns about; type-only: a loop that needs a type import to close. */
  kind: 'runtime' | 'type-only';
  /** Every module of the strongly connected component, sorted. */
  component: string[];
  /** One shortest loop through the component's first module, in walking order. */
  edges: MapEdge[];
}

/**
 * Runtime cycles, one per component exactly as check reports them, then type-only ones: the
 * components of the graph with type imports that hold no runtime cycle at all.
 */
export function importCycles(graph: CheckGraph): ImportCycle[] {
  const cycles: ImportCycle[] = stronglyConnected(graph, runtime).map((component) => ({
    kind: 'runtime',
    component,
    edges: shortestCycle(graph, component[0]!, new Set(component), runtime),
  }));
  const inRuntime = new Set(cycles.flatMap((c) => c.component));
  for (const component of stronglyConnected(graph, anyLoad)) {
    if (component.some((id) => inRuntime.has(id))) continue;
    cycles.push({
      kind: 'type-only',
      component,
      edges: shortestCycle(graph, component[0]!, new Set(component), anyLoad),
    });
  }
  return cycles;
}

export function cycleProblems(graph: CheckGraph): Problem[] {
  const problems: Problem[] = [];
  for (const { kind, component, edges: cycle } of importCycles(graph)) {
    if (kind !== 'runtime') continue;
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
