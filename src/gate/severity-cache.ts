/**
 * The gate's severity cache, computed once at scan time so the hook's hot path reads one row:
 * per file who uses it (directly and through barrels), in which areas, its centrality, and its
 * exported names and importers (for rename completeness after an edit). The severity itself is
 * graded again at decision time from these numbers, so a changed threshold needs no rescan.
 */

import { reachCounts } from '../graph/reach.js';
import { DEFAULT_SEVERITY_THRESHOLDS, severityOf } from '../graph/severity.js';
import type { MapEdge, ProofMap } from '../map/schema.js';
import { compareStrings } from '../model/paths.js';
import type { GateSummary } from './decide.js';
import type { Importer } from './rename.js';
import { indexedFileUsers, type UseEdge } from './users.js';

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
  // Everything below works on file indexes: sets and lists of small integers, not node ids.
  const indexOfFile = new Map(files.map((n, i) => [n.id, i]));
  const zoneLabel = new Map(map.zones.map((z) => [z.id, z.kind === 'root' ? '(root)' : z.label]));
  const packageZones = new Set(map.zones.filter((z) => z.kind === 'package').map((z) => z.id));
  const uses: UseEdge<number>[] = [];
  const importersOf: MapEdge[][] = files.map(() => []);
  const dependents: number[][] = files.map(() => []);
  for (const e of map.edges) {
    if (!DEPENDENCY_RELATIONS.has(e.relation)) continue;
    const from = indexOfFile.get(e.from);
    const to = indexOfFile.get(e.to);
    if (from === undefined || to === undefined) continue;
    uses.push({ from, to, reexport: e.relation === 're-exports', names: e.names });
    importersOf[to]!.push(e);
    if (from !== to) dependents[to]!.push(from);
  }
  const transitive = reachCounts(files.length, (i) => dependents[i]!);
  const users = indexedFileUsers(
    files.length,
    files.length,
    (i) => (files[i]!.exports ?? []).map((x) => x.name),
    uses,
  );
  const out = new Map<string, FileGateEntry>();
  // Files by path as ranks (equal paths, equal ranks): a hub's thousands of users are weighed
  // against the sample's last with one subtraction each instead of a string comparison.
  const rank = pathRanks(files.map((n) => n.path!));
  const byPath = (a: number, b: number) => rank[a]! - rank[b]!;
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
    const incoming = importersOf[i]!;
    const u = users[i]!;
    // Only the first SAMPLE of direct-then-through users are named: a hub's thousands of users
    // are not sorted whole for ten names.
    const direct = leastOf(u.direct, SAMPLE, byPath);
    const through =
      direct.length < SAMPLE
        ? leastOf(
            // The users after the direct ones (indexedFileUsers lists those first).
            u.users.slice(u.direct.size),
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
    const dependents = transitive[i]!;
    const c = centrality.get(node.id) ?? 0;
    const severity = severityOf({ fanIn: u.busiest, dependents, centrality: c }, t);
    out.set(node.path!, {
      severity,
      fanIn: u.direct.size,
      users: u.users.length,
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
        .map((e) => ({
          path: files[indexOfFile.get(e.from)!]!.path!,
          line: e.evidence[0]?.line ?? 1,
          names: e.names ?? [],
        }))
        .sort((a, b) => compareStrings(a.path, b.path) || a.line - b.line),
    });
  }
  return out;
}

/** Each path's place in compareStrings order; equal paths share one. */
function pathRanks(paths: readonly string[]): Int32Array {
  const order = paths.map((_, i) => i).sort((a, b) => compareStrings(paths[a]!, paths[b]!));
  const rank = new Int32Array(paths.length);
  order.forEach((file, at) => {
    const before = order[at - 1];
    rank[file] = before !== undefined && paths[before] === paths[file] ? rank[before]! : at;
  });
  return rank;
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
