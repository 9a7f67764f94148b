/**
 * `context <path|package>`: the handoff an agent needs before editing — where the target sits
 * (zone, owners), what to read first (covering and linking documents by canonicality), which
 * checks prove a change, what it uses and what uses it, and the import cycles it is part of.
 */

import type { Severity } from '../graph/severity.js';
import type { ImportCycle } from '../graph/signals.js';
import { type Envelope, paginate } from '../model/envelope.js';
import { compareStrings } from '../model/paths.js';
import { type Check, checksFor } from './checks.js';
import { consultedPaths } from './consulted.js';
import { listedPaths } from './context-freshness.js';
import { type RelatedList, relatedDocuments } from './context-related.js';
import { type Mention, mentionsOf } from './impact.js';
import { type Kept, keptPerSession } from './kept.js';
import { compareNeighbours, type Neighbour, neighboursOf } from './neighbours.js';
import { lowerBoundNotes } from './notes.js';
import { CODEOWNERS_FILES, type Owners, ownersOf } from './owners.js';
import type { Session } from './session.js';
import { findSymbols, hasSymbols, type SymbolSummary, type SymbolUser, symbols, usersOf } from './symbols.js';
import { resolveTarget } from './target.js';

export interface Context {
  /** The target's files, at most `limit` of them; `paths_total` counts them all (a folder). */
  target: { kind: 'path' | 'package' | 'symbol'; paths: string[]; paths_total: number };
  zone?: { id: string; label: string; path: string; kind: string };
  severity: Severity;
  owners?: Owners;
  /** Documents covering, linking or mentioning the target, most canonical first. */
  documents: (Mention & { canonicality: number })[];
  checks: Check[];
  dependencies: { total: number; items: Neighbour[] };
  dependents: { total: number; items: Neighbour[] };
  /** Import cycles through the target, at most `limit`; `cycles_total` counts them all. */
  cycles: ImportCycle[];
  /** A single file's exports, each with its number of users (when the map has the symbol stage). */
  exports?: SymbolSummary[];
  exports_total?: number;
  /** For a `path#export` target: that export and the files using it (through barrels), at most `limit`. */
  symbol?: { symbol: string; line: number; declaration?: string; users: SymbolUser[]; users_total: number };
  /** Documents and decision records within `related.hops` relations, with the path to each. */
  related: RelatedList;
  cycles_total: number;
  /** The checks that prove a change, at most `limit`; `checks_total` counts them all. */
  checks_total: number;
}

export function context(
  session: Session,
  text: string,
  opts: { limit?: number; hops?: number } = {},
): Envelope<Context> {
  const limit = opts.limit ?? 25;
  const hops = opts.hops ?? 3;
  const core = keptCore(session, JSON.stringify([text, limit, hops]), () =>
    contextCore(session, text, limit, hops),
  );
  // What depends on more than the snapshot is read on every call: the consult marker (the
  // gate's), CODEOWNERS (a file an edit may change without a rescan) and freshness.
  const unrecorded = session.deps.consulted?.(core.consulted, `context ${text}`);
  const { target, zone, severity, ...rest } = core.record;
  const record: Context = {
    target,
    ...(zone ? { zone } : {}),
    severity,
    ...ownersField(session, core.paths[0]),
    ...rest,
  };
  const notes = [...core.notes, ...(unrecorded ? [unrecorded] : []), ...core.laterNotes];
  return {
    query: `context ${text}`,
    ...paginate([record], 1),
    freshness: session.deps.freshness(core.behind),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** A context answer's part read off the snapshot alone: the same on every call of one session. */
interface ContextCore {
  record: Omit<Context, 'owners'>;
  paths: string[];
  /** The files a marker is recorded for. */
  consulted: string[];
  /** Notes before the consult's own, then after it (the order answers always had). */
  notes: string[];
  laterNotes: string[];
  /** The files whose freshness the answer reports. */
  behind: string[];
}

/** A folder's context merges 1,300 files' neighbours and mentions: most of the call's cost. */
const keptCore: Kept<ContextCore> = keptPerSession(16);

function contextCore(session: Session, text: string, limit: number, hops: number): ContextCore {
  // `path#export`: the declaring file's context, with that export's users beside it.
  const [symbol] = text.includes('#') && hasSymbols(session) ? findSymbols(session, text) : [];
  const target = resolveTarget(session, symbol ? symbol.path! : text, { packages: true });
  const ids = new Set(target.nodes.map((n) => n.id));
  const paths = target.nodes.flatMap((n) => (n.path ? [n.path] : []));
  const consulted = consultedPaths(target);
  const signals = session.signals();
  const zone = session.map.zones.find((z) => z.id === target.nodes[0]!.zone);
  const byCanonicality = (id: string) => signals.canonicality[id] ?? 0;
  const documents = mentionsOf(session, [...ids])
    .map((m) => ({ ...m, canonicality: byCanonicality(session.edge(m.edge)!.from) }))
    .sort((a, b) => b.canonicality - a.canonicality || compareStrings(a.path, b.path));
  const view = {
    kind: target.kind === 'package' ? 'proximity' : 'import',
    opts: { typeImports: true },
  } as const;
  const neighbours = (dir: 'out' | 'in') => {
    const all: Neighbour[] = [];
    for (const id of ids)
      for (const n of neighboursOf(session, view, id, dir)) if (!ids.has(n.id)) all.push(n.item);
    // One target's list is sorted already; a folder's lists are merged.
    if (ids.size > 1) all.sort(compareNeighbours);
    return { total: all.length, items: all.slice(0, limit) };
  };
  const notes = lowerBoundNotes(session, paths);
  const { capped, ...related } = relatedDocuments(session, ids, { limit, hops });
  // A folder target holds every file below it (1,300 in a large package): each list is cut to
  // `limit` with its exact total beside it, so the answer's size follows `limit`, not the folder.
  const checks = checksFor(session, paths);
  const cycles = signals.cycles.items.filter((c) => c.nodes.some((id) => ids.has(id)));
  const record: Omit<Context, 'owners'> = {
    target: { kind: target.kind, paths: paths.slice(0, limit), paths_total: paths.length },
    ...(zone ? { zone } : {}),
    severity: severityOf(signals.severity, paths),
    documents: documents.slice(0, limit),
    checks: checks.slice(0, limit),
    checks_total: checks.length,
    dependencies: neighbours('out'),
    dependents: neighbours('in'),
    cycles: cycles.slice(0, limit),
    cycles_total: cycles.length,
    related,
  };
  if (paths.length === 1 && hasSymbols(session)) {
    const exported = symbols(session, paths[0]!);
    // Cut like every list here: the answer must fit an agent's budget; the total says what was cut.
    if (exported.length > 0) {
      record.exports = exported.slice(0, limit);
      record.exports_total = exported.length;
    }
  }
  if (symbol) {
    const users = usersOf(session, symbol);
    record.symbol = {
      symbol: symbol.key,
      line: symbol.found_at.line ?? 1,
      ...(typeof symbol.metadata?.declaration === 'string'
        ? { declaration: symbol.metadata.declaration }
        : {}),
      users: users.slice(0, limit),
      users_total: users.length,
    };
    if (users.some((u) => u.names.includes('*')))
      notes.push(
        'symbol: users marked * take a namespace whole, a lower bound (their members are not tracked)',
      );
  }
  if (capped) notes.push('related: the walk stopped at its visit cap; nearer documents are listed first');
  if (consulted.note) notes.push(consulted.note);
  const laterNotes: string[] = [];
  if (signals.cycles.total > signals.cycles.items.length)
    laterNotes.push(
      `cycles: only the first ${signals.cycles.items.length} of ${signals.cycles.total} are checked`,
    );
  const behind = listedPaths(session, {
    paths,
    documents: [...record.documents, ...record.related.items].map((d) => d.path),
    edges: [...record.dependencies.items, ...record.dependents.items].map((n) => n.edge),
  });
  if (paths.length > limit)
    laterNotes.push(`target: ${limit} of ${paths.length} files shown; every one was consulted`);
  return { record, paths, consulted: consulted.paths, notes, laterNotes, behind };
}

function ownersField(session: Session, path: string | undefined): { owners?: Owners } {
  if (path === undefined) return {};
  for (const file of CODEOWNERS_FILES) {
    const text = session.deps.readText(file);
    if (text === undefined) continue;
    const owners = ownersOf(file, text, path);
    return owners ? { owners } : {};
  }
  return {};
}

const ORDER: readonly Severity[] = ['leaf', 'low', 'medium', 'high', 'chokepoint'];
function severityOf(map: Record<string, Severity>, paths: readonly string[]): Severity {
  return paths
    .map((p) => map[p] ?? 'leaf')
    .reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'leaf');
}
