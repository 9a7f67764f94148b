/**
 * The gate's severity cache, computed once at scan time so the hook's hot path reads one row:
 * per file who uses it (directly and through barrels), in which areas, its centrality, and its
 * exported names and importers (for rename completeness after an edit). The severity itself is
 * graded again at decision time from these numbers, so a changed threshold needs no rescan.
 */

import { DEFAULT_SEVERITY_THRESHOLDS, severityOf } from '../graph/severity.js';
import type { MapEdge, ProofMap } from '../map/schema.js';
import { compareStrings } from '../model/paths.js';
import type { GateSummary } from './decide.js';
import { transitiveDependents } from './dependents.js';
import type { Importer } from './rename.js';
import { fileUsers } from './users.js';

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
export const DEFAULT_THRESHOLDS: GateThresholds = DEFAULT_SEVERITY_THRESHOLDS;

export interface FileGateEntry extends GateSummary {
  exports: string[];
  importers: Importer[];
}

/** Users named in an entry, for the hook's message; the count is always whole. */
const SAMPLE = 10;

export function gateEntries(
  map: ProofMap,
  centrality: ReadonlyMap<string, number>,
  t: GateThresholds = DEFAULT_THRESHOLDS,
): Map<string, FileGateEntry> {
  const files = map.nodes.filter(
    (n) => n.path !== undefined && (n.kind === 'file' || n.kind === 'document' || n.kind === 'artifact'),
  );
  const pathOf = new Map(files.map((n) => [n.id, n.path!]));
  const zoneLabel = new Map(map.zones.map((z) => [z.id, z.kind === 'root' ? '(root)' : z.label]));
  const packageZones = new Set(map.zones.filter((z) => z.kind === 'package').map((z) => z.id));
  const deps = map.edges.filter(
    (e) => DEPENDENCY_RELATIONS.has(e.relation) && pathOf.has(e.from) && pathOf.has(e.to),
  );
  const ids = files.map((n) => n.id);
  const transitive = transitiveDependents(
    ids,
    deps.map((e) => [e.from, e.to]),
  );
  // By file index: the users' sets compare small integers instead of node ids.
  const indexOfFile = new Map(ids.map((id, i) => [id, i]));
  const users = fileUsers(
    ids.map((_, i) => i),
    (i) => (files[i]!.exports ?? []).map((x) => x.name),
    deps.map((e) => ({
      from: indexOfFile.get(e.from)!,
      to: indexOfFile.get(e.to)!,
      reexport: e.relation === 're-exports',
      ...(e.names ? { names: e.names } : {}),
    })),
  );
  const importersOf = new Map<string, MapEdge[]>();
  for (const e of deps) {
    const list = importersOf.get(e.to);
    if (list) list.push(e);
    else importersOf.set(e.to, [e]);
  }
  const out = new Map<string, FileGateEntry>();
  const byPath = (a: number, b: number) => compareStrings(files[a]!.path!, files[b]!.path!);
  // Per file, once: the area label (as an index into `labels`) and whether it lies in a package.
  // A hub's thousands of users are then counted with array reads instead of two map lookups each.
  const labels: string[] = [];
  const labelIndex = new Map<string, number>();
  const labelOf = Int32Array.from(files, ({ zone }) => {
    const label = zoneLabel.get(zone) ?? zone;
    let at = labelIndex.get(label);
    if (at === undefined) {
      at = labels.push(label) - 1;
      labelIndex.set(label, at);
    }
    return at;
  });
  const inPackage = Uint8Array.from(files, ({ zone }) => (packageZones.has(zone) ? 1 : 0));
  const perLabel = new Int32Array(labels.length);
  for (const [i, node] of files.entries()) {
    const incoming = importersOf.get(node.id) ?? [];
    const u = users.get(i)!;
    // Only the first SAMPLE of direct-then-through users are named: a hub's thousands of users
    // are not sorted whole for ten names.
    const direct = leastOf(u.direct, SAMPLE, byPath);
    const through =
      direct.length < SAMPLE
        ? leastOf(
            [...u.users].filter((id) => !u.direct.has(id)),
            SAMPLE - direct.length,
            byPath,
          )
        : [];
    // Counted per label, then listed by count (label order breaks ties): the same list whatever
    // the order users were counted in.
    const counted: number[] = [];
    let everyInPackage = true;
    for (const user of u.users) {
      const label = labelOf[user]!;
      const before = perLabel[label]!;
      perLabel[label] = before + 1;
      if (before === 0) counted.push(label);
      if (inPackage[user] === 0) everyInPackage = false;
    }
    const areas = counted.map((label): [string, number] => {
      const files = perLabel[label]!;
      perLabel[label] = 0;
      return [labels[label]!, files];
    });
    const dependents = transitive.get(node.id) ?? 0;
    const c = centrality.get(node.id) ?? 0;
    const severity = severityOf({ fanIn: u.busiest, dependents, centrality: c }, t);
    out.set(node.path!, {
      severity,
      fanIn: u.direct.size,
      users: u.users.size,
      busiest: u.busiest,
      ...(u.busiestName ? { busiestName: u.busiestName } : {}),
      ...(u.byExport.length > 1 ? { exportUsers: u.byExport } : {}),
      namespaceUsers: u.namespace,
      dependents,
      centrality: c,
      guarded: severity === 'high' || severity === 'chokepoint',
      sample: [...direct, ...through].map((f) => files[f]!.path!),
      areas: areas
        .sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))
        .slice(0, SAMPLE)
        .map(([name, files]) => ({ name, files })),
      areaCount: areas.length,
      inPackages: everyInPackage,
      exports: (node.exports ?? []).map((x) => x.name),
      importers: incoming
        .slice(0, 500)
        .map((e) => ({ path: pathOf.get(e.from)!, line: e.evidence[0]?.line ?? 1, names: e.names ?? [] }))
        .sort((a, b) => compareStrings(a.path, b.path) || a.line - b.line),
    });
  }
  return out;
}

/** The `k` least items in `compare`'s order, sorted: the head of the full sort, without it. */
export function leastOf<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const least: T[] = [];
  if (k <= 0) return least;
  for (const item of items) {
    if (least.length === k && compare(item, least[k - 1]!) >= 0) continue;
    let at = least.length === k ? k - 1 : least.length;
    while (at > 0 && compare(item, least[at - 1]!) < 0) {
      least[at] = least[at - 1]!;
      at--;
    }
    least[at] = item;
    if (least.length > k) least.length = k;
  }
  return least;
}
