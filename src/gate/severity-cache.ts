/**
 * The gate's severity cache, computed once at scan time so the hook's hot path reads one row:
 * per file its severity, direct and transitive dependents, centrality, whether it is guarded,
 * its exported names and its importers (for rename completeness after an edit).
 */

import { severityOf } from '../graph/severity.js';
import type { MapEdge, ProofMap } from '../map/schema.js';
import { compareStrings } from '../model/paths.js';
import type { GateSummary } from './decide.js';
import { transitiveDependents } from './dependents.js';
import type { Importer } from './rename.js';

/** Relations through which a change in a file reaches its importers. */
export const DEPENDENCY_RELATIONS = new Set([
  'imports',
  'type-imports',
  're-exports',
  'requires',
  'dynamic-imports',
]);

export interface GateThresholds {
  fanIn: number;
  centrality: number;
}
export const DEFAULT_THRESHOLDS: GateThresholds = { fanIn: 10, centrality: 0.05 };

export interface FileGateEntry extends GateSummary {
  exports: string[];
  importers: Importer[];
}

export function gateEntries(
  map: ProofMap,
  centrality: ReadonlyMap<string, number>,
  t: GateThresholds = DEFAULT_THRESHOLDS,
): Map<string, FileGateEntry> {
  const files = map.nodes.filter(
    (n) => n.path !== undefined && (n.kind === 'file' || n.kind === 'document' || n.kind === 'artifact'),
  );
  const pathOf = new Map(files.map((n) => [n.id, n.path!]));
  const deps = map.edges.filter(
    (e) => DEPENDENCY_RELATIONS.has(e.relation) && pathOf.has(e.from) && pathOf.has(e.to),
  );
  const transitive = transitiveDependents(
    files.map((n) => n.id),
    deps.map((e) => [e.from, e.to]),
  );
  const importersOf = new Map<string, MapEdge[]>();
  for (const e of deps) {
    const list = importersOf.get(e.to);
    if (list) list.push(e);
    else importersOf.set(e.to, [e]);
  }
  const out = new Map<string, FileGateEntry>();
  for (const node of files) {
    const incoming = importersOf.get(node.id) ?? [];
    const importerPaths = [...new Set(incoming.map((e) => pathOf.get(e.from)!))].sort(compareStrings);
    const fanIn = importerPaths.length;
    const dependents = transitive.get(node.id) ?? 0;
    const c = centrality.get(node.id) ?? 0;
    const severity = severityOf({ fanIn, dependents, centrality: c }, t);
    out.set(node.path!, {
      severity,
      fanIn,
      dependents,
      centrality: c,
      guarded: severity === 'high' || severity === 'chokepoint',
      sample: importerPaths.slice(0, 3),
      exports: (node.exports ?? []).map((x) => x.name),
      importers: incoming
        .slice(0, 500)
        .map((e) => ({ path: pathOf.get(e.from)!, line: e.evidence[0]?.line ?? 1, names: e.names ?? [] }))
        .sort((a, b) => compareStrings(a.path, b.path) || a.line - b.line),
    });
  }
  return out;
}
