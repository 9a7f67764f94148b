/**
 * Assembles the map artifact. Everything is sorted by content (keys, paths, ids), numbers are
 * rounded, and nothing depends on time or listing order: the same tree gives the same bytes.
 */

import type { DocFinding } from '../extract/markdown.js';
import { GENERATOR, MAP_SCHEMA_ID } from '../model/constants.js';
import type { SourceFile } from '../model/facts.js';
import { sha1 } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage, Entity, Evidence, ExportedName, Relation } from '../model/types.js';
import { nextIncrements } from './increments.js';
import type { Finding, Flow, MapEdge, MapNode, ProofMap } from './schema.js';
import { VERSION } from './version.js';
import type { ZoneAssignment } from './zones.js';

export interface AssembleInput {
  entities: ReadonlyMap<string, Entity>;
  edges: (Relation & { names?: string[]; firstUse?: readonly (number | undefined)[] })[];
  coverage: Coverage[];
  zones: ZoneAssignment;
  flows: Flow[];
  files: SourceFile[];
  findings: (Finding | DocFinding)[];
  /** Name that identifies the repository (root package name), for a stable map id. */
  identity: string;
  previous?: Pick<ProofMap, 'meta' | 'nodes' | 'increments'> | undefined;
}

export const compareEvidence = (a: Evidence, b: Evidence): number =>
  compareStrings(a.path, b.path) ||
  (a.line ?? 0) - (b.line ?? 0) ||
  (a.column ?? 0) - (b.column ?? 0) ||
  compareStrings(a.source, b.source) ||
  compareStrings(a.via ?? '', b.via ?? '');

export function assembleMap(input: AssembleInput): ProofMap {
  const nodes = [...input.entities.values()].map((e) => toNode(e, input.zones)).sort(compareNodes);
  const edges = sortEdges(input.edges.map(toEdge), nodes);
  const coverage = uniqueCoverage(input.coverage);
  const fingerprint = sourceFingerprint(input.files);
  const { version, increments } = nextIncrements(input.previous, nodes, fingerprint);
  const findings = normalizeFindings(input.findings);
  const counts = mapCounts(input.files.length, nodes, edges, coverage, findings.length);
  return {
    $schema: MAP_SCHEMA_ID,
    meta: {
      map_id: sha1(`map:${input.identity}`).slice(0, 12),
      status: 'proposed',
      source_fingerprint: fingerprint,
      version,
      generator: GENERATOR,
      generator_version: VERSION,
      blockers: [],
      counts,
    },
    zones: input.zones.zones,
    nodes,
    edges,
    flows: [...input.flows].sort((a, b) => compareStrings(a.name, b.name)),
    increments,
    findings,
    coverage,
  };
}

/** meta.counts: totals and per-kind counts, keys sorted; a kind with no entries has no key. */
export function mapCounts(
  files: number,
  nodes: readonly { kind: string }[],
  edges: readonly { relation: string }[],
  coverage: readonly { status: string }[],
  findings: number,
): Record<string, number> {
  const counts: Record<string, number> = {
    files,
    nodes: nodes.length,
    edges: edges.length,
    coverage: coverage.length,
    findings,
  };
  // Tallied by the kind itself: a key string built per edge would be 80,000 strings for ~15 keys.
  const tally = <T>(prefix: string, list: readonly T[], kind: (t: T) => string) => {
    const byKind = new Map<string, number>();
    for (const t of list) byKind.set(kind(t), (byKind.get(kind(t)) ?? 0) + 1);
    for (const [k, n] of byKind) counts[`${prefix}.${k}`] = n;
  };
  tally('nodes', nodes, (n) => n.kind);
  tally('edges', edges, (e) => e.relation);
  tally('coverage', coverage, (c) => c.status);
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => compareStrings(a, b)));
}

export function normalizeFindings(list: (Finding | DocFinding)[]): Finding[] {
  const findings = list.map(
    (f): Finding =>
      'evidence' in f
        ? f
        : {
            code: f.code,
            message: f.message,
            evidence: [{ source: 'doc', path: f.path, line: f.line, column: f.column }],
            target: f.target,
          },
  );
  const key = (f: Finding) =>
    `${f.evidence[0]!.path}\0${String(f.evidence[0]!.line ?? 0).padStart(8, '0')}\0${String(f.evidence[0]!.column ?? 0).padStart(8, '0')}\0${f.code}\0${f.message}`;
  return uniqueBy(
    findings.sort((a, b) => compareStrings(key(a), key(b))),
    key,
  );
}

export function toNode(e: Entity, zones: Pick<ZoneAssignment, 'zoneOf'>): MapNode {
  const evidence = [...e.evidence].sort(compareEvidence);
  const { hash, exports, external, role: _role, ...rest } = (e.metadata ?? {}) as Record<string, unknown>;
  const node: MapNode = {
    id: e.id,
    kind: e.kind,
    label: e.name,
    key: e.key,
    zone: zones.zoneOf(e),
    found_at: evidence[0]!,
  };
  if (e.path !== undefined) node.path = e.path;
  if (external === true) node.external = true;
  if (typeof hash === 'string') node.hash = hash;
  if (Array.isArray(exports)) node.exports = exports as ExportedName[];
  if (Object.keys(rest).length > 0) node.metadata = sortKeys(rest);
  return node;
}

/**
 * Edges by (from key, to key, relation). Each key is replaced by its rank among the sorted keys
 * (equal keys, equal rank), and each relation by its rank among the relations, so an edge's place
 * is one number; with the edge's index below it (ties keep their order, as a stable sort does)
 * the ~80k numbers of a 7k-file map sort natively, with no comparator and no row object per edge.
 * A map too large for that number to be exact takes the comparator (`exactUpTo` lets a test
 * send a small map there).
 */
export function sortEdges(
  edges: MapEdge[],
  nodes: readonly MapNode[],
  exactUpTo = Number.MAX_SAFE_INTEGER,
): MapEdge[] {
  const keys = [...new Set(nodes.map((n) => n.key))].sort(compareStrings);
  const rankOfKey = new Map(keys.map((k, i) => [k, i]));
  const rankOf = new Map(nodes.map((n) => [n.id, rankOfKey.get(n.key)!]));
  const relations = [...new Set(edges.map((e) => e.relation))].sort(compareStrings);
  const rankOfRelation = new Map(relations.map((r, i) => [r, i]));
  const count = edges.length;
  if (keys.length * keys.length * relations.length * count > exactUpTo) {
    const rows = edges.map((edge) => ({
      edge,
      pair: rankOf.get(edge.from)! * keys.length + rankOf.get(edge.to)!,
    }));
    rows.sort((a, b) => a.pair - b.pair || compareStrings(a.edge.relation, b.edge.relation));
    return rows.map((r) => r.edge);
  }
  const order = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const edge = edges[i]!;
    const pair = rankOf.get(edge.from)! * keys.length + rankOf.get(edge.to)!;
    order[i] = (pair * relations.length + rankOfRelation.get(edge.relation)!) * count + i;
  }
  order.sort();
  return Array.from(order, (n) => edges[n % count]!);
}

export function toEdge(
  e: Relation & { names?: string[]; firstUse?: readonly (number | undefined)[] },
): MapEdge {
  // One import reaching a target along two barrel chains is two entries (their `via` differ).
  // Most edges have one entry: nothing to sort or merge (a copy still, the map owns its arrays).
  const evidence =
    e.evidence.length === 1
      ? [e.evidence[0]!]
      : uniqueBy(
          [...e.evidence].sort(compareEvidence),
          (x) => `${x.path}:${x.line}:${x.column}:${x.symbols ? x.via : ''}`,
        );
  const edge: MapEdge = {
    id: e.id,
    from: e.from,
    to: e.to,
    relation: e.kind,
    namespace: e.namespace,
    trust: e.trust,
    evidence,
  };
  if (e.verified_by !== undefined) edge.verified_by = e.verified_by;
  if (e.names?.length === 1) {
    // Most edges take one name: nothing to merge or sort (what the general case gives for one).
    edge.names = [e.names[0]!];
    const line = e.firstUse?.[0];
    if (line !== undefined) edge.first_use = [line];
  } else if (e.names && e.names.length > 0) {
    edge.names = [...new Set(e.names)].sort(compareStrings);
    const first = e.firstUse && leastLines(e.names, e.firstUse);
    if (first && edge.names.every((n) => first.has(n))) edge.first_use = edge.names.map((n) => first.get(n)!);
  }
  return edge;
}

export const kindOrder = ['package', 'area', 'artifact', 'document', 'file', 'script', 'symbol'];
const compareNodes = (a: MapNode, b: MapNode) =>
  kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || compareStrings(a.key, b.key);

export function uniqueCoverage(list: Coverage[]): Coverage[] {
  const key = (c: Coverage) => `${c.analyzer}\0${c.scope}\0${c.status}\0${c.reason}\0${c.detail ?? ''}`;
  return uniqueBy(
    [...list].sort((a, b) => compareStrings(key(a), key(b))),
    key,
  );
}

function uniqueBy<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => compareStrings(a, b)));
}

/** sha1 over the sorted (path, hash) list of every file: meta.source_fingerprint. */
export function sourceFingerprint(files: readonly SourceFile[]): string {
  const lines = files.map(fingerprintLine);
  // Discovery lists files sorted by path, and then the lines are sorted too (NUL sorts before any
  // path character): the sort of 9,000 strings is only paid for a listing in another order.
  let sorted = true;
  for (let i = 1; i < lines.length && sorted; i++) sorted = compareStrings(lines[i - 1]!, lines[i]!) <= 0;
  return sha1((sorted ? lines : lines.sort(compareStrings)).join('\n'));
}

/** A file's line in sourceFingerprint's list. */
export const fingerprintLine = (f: SourceFile): string => `${f.path}\0${f.hash}`;

/** Each name's least known line, from lines aligned with names (a name may repeat, a line be unknown). */
function leastLines(names: readonly string[], lines: readonly (number | undefined)[]): Map<string, number> {
  const least = new Map<string, number>();
  names.forEach((name, i) => {
    const line = lines[i];
    if (line !== undefined) least.set(name, Math.min(least.get(name) ?? line, line));
  });
  return least;
}
