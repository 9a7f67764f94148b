/**
 * Flows: named paths declared in configuration, resolved to node ids and to the ids of the edges
 * that join consecutive steps. A step that names nothing is coverage (checkup reports it as
 * unknown-node); a pair with no edge simply contributes no edge id (the guardian warns, checkup
 * reports flow-incomplete).
 */
import type { ProofmapConfig } from '../model/config.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage, Entity, Relation } from '../model/types.js';
import type { Flow } from './schema.js';

export function resolveFlows(
  config: ProofmapConfig,
  where: { file?: string; lineOf(keys: (string | number)[]): number },
  entities: ReadonlyMap<string, Entity>,
  edges: readonly Relation[],
): { flows: Flow[]; coverage: Coverage[] } {
  // Most repositories declare no flow: the indexes below cost a key per node and a string and an
  // array per edge (80,000 of them on a 7k-file scan), built for nothing.
  if (!config.flows?.length) return { flows: [], coverage: [] };
  const byKey = new Map<string, string>();
  for (const e of entities.values()) {
    byKey.set(e.key, e.id);
    if (e.path !== undefined && !byKey.has(e.path)) byKey.set(e.path, e.id);
  }
  const between = new Map<string, Relation[]>();
  for (const e of edges) {
    const k = `${e.from}>${e.to}`;
    const list = between.get(k);
    if (list) list.push(e);
    else between.set(k, [e]);
  }
  const flows: Flow[] = [];
  const coverage: Coverage[] = [];
  (config.flows ?? []).forEach((declared, i) => {
    const evidence = where.file
      ? [{ source: 'config' as const, path: where.file, line: where.lineOf(['flows', i]) }]
      : [];
    const nodeIds: string[] = [];
    declared.steps.forEach((step, j) => {
      const id = byKey.get(step.replace(/^\.\//, ''));
      if (id) nodeIds.push(id);
      else
        coverage.push({
          analyzer: 'flows',
          scope: where.file ? `${where.file}:${where.lineOf(['flows', i, 'steps', j])}` : `flows[${i}]`,
          status: 'partial',
          reason: `flow "${declared.name}" step ${j + 1} names ${step}, which is no node of the map`,
          detail: step,
        });
    });
    const edgeIds: string[] = [];
    for (let k = 0; k + 1 < nodeIds.length; k++) {
      const joining = between.get(`${nodeIds[k]}>${nodeIds[k + 1]}`) ?? [];
      // One edge per step, the same whatever order edges arrived in.
      const best = [...joining].sort((a, b) => compareStrings(a.id, b.id))[0];
      if (best) edgeIds.push(best.id);
    }
    flows.push({ name: declared.name, node_ids: nodeIds, edge_ids: edgeIds, evidence });
  });
  return { flows, coverage };
}
