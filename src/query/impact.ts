/**
 * `impact <path|symbol>`: who depends on the target, transitively, nearest first — what an edit
 * could break — with the target's severity, the documents that mention it, and notes when the
 * map cannot see everything (unresolved imports, the visit limit).
 */

import type { Severity } from '../graph/severity.js';
import { DOC_RELATIONS } from '../graph/views.js';
import { type Envelope, paginate } from '../model/envelope.js';
import { compareStrings } from '../model/paths.js';
import { consultedPaths } from './consulted.js';
import { type Kept, keptPerSession } from './kept.js';
import { lowerBoundNotes } from './notes.js';
import type { Session } from './session.js';
import { findSymbols, hasSymbols, symbolUpstream } from './symbols.js';
import { resolveTarget, type Target } from './target.js';
import { type Dependent, upstream } from './upstream.js';

export interface ImpactItem {
  path: string;
  depth: number;
  severity: Severity;
  /** The edge from this file towards the target, and its relation. */
  edge: string;
  relation: string;
}

export interface Mention {
  path: string;
  relation: string;
  line?: number;
  edge: string;
}

export interface ImpactAnswer extends Envelope<ImpactItem> {
  /** The files the target names (the first 20 for a folder) and how many there are in all. */
  target: { kind: 'path' | 'symbol' | 'package'; paths: string[]; paths_total: number; symbol?: string };
  /** The highest severity among the target files. */
  severity: Severity;
  mentions: Mention[];
}

export interface ImpactOptions {
  depth?: number;
  limit?: number;
  visitLimit?: number;
  cursor?: string;
}

const TARGET_PATHS_SHOWN = 20;
const ORDER: readonly Severity[] = ['leaf', 'low', 'medium', 'high', 'chokepoint'];
const MENTION_RELATIONS = new Set(['mentions', 'mentions-symbol', ...DOC_RELATIONS]);

export function impact(session: Session, text: string, opts: ImpactOptions = {}): ImpactAnswer {
  const exact = text.includes('#') && hasSymbols(session) ? findSymbols(session, text) : [];
  const target: Target =
    exact.length > 0
      ? { kind: 'symbol', text, name: exact[0]!.label, nodes: exact.map((s) => session.nodeAt(s.path!)!) }
      : resolveTarget(session, text, { symbols: true });
  const ids = target.nodes.map((n) => n.id);
  const symbol = target.kind === 'symbol' ? target.name : undefined;
  const visitLimit = opts.visitLimit ?? 10_000;
  const depth = opts.depth ?? Number.POSITIVE_INFINITY;
  // With the symbol stage in the map, dependents are the users of the target's exports, through
  // barrels; without it (an older map, a non-code target), importers file by file.
  const symbols =
    exact.length > 0 ? exact : symbol && hasSymbols(session) ? findSymbols(session, symbol) : [];
  const bySymbol = hasSymbols(session) && (symbols.length > 0 || target.kind === 'path');
  const paths = target.nodes.flatMap((n) => (n.path ? [n.path] : []));
  const key = JSON.stringify([ids, symbols.map((s) => s.key), bySymbol, symbol, depth, visitLimit]);
  const walked = walkedOf(session, key, () => {
    const walk = bySymbol
      ? symbolUpstream(session, ids, { depth, visitLimit, ...(symbols.length > 0 ? { symbols } : {}) })
      : upstream(session, ids, { depth, visitLimit, ...(symbol ? { symbol } : {}) });
    const sorted = walk.dependents
      .map((d) => ({ d, path: session.node(d.id)?.path ?? d.id }))
      .sort((a, b) => a.d.depth - b.d.depth || compareStrings(a.path, b.path));
    const notes = lowerBoundNotes(session, [...paths, ...sorted.map((x) => x.path)]);
    if (walk.cut) notes.push(`visit limit ${visitLimit} reached: more dependents exist than were visited`);
    if (bySymbol)
      notes.push(
        symbols.length > 0
          ? `by symbol: the files using ${symbols.map((s) => s.key).join(', ')} (through barrels), then the users of their exports`
          : 'by symbol: the files using the target’s exports (through barrels), then the users of theirs; a barrel that only re-exports is listed, not followed',
      );
    else if (symbol)
      notes.push(
        `by symbol: direct importers naming "${symbol}" or importing *; deeper levels are file-level`,
      );
    return { sorted, notes, mentions: mentionsOf(session, ids) };
  });
  const { severity } = session.signals();
  const { sorted } = walked;
  // The edge behind each item is looked up for the returned page only: a hub has thousands.
  const window = paginate(sorted, opts.limit ?? 50, opts.cursor);
  const page = {
    ...window,
    items: window.items.map(({ d, path }): ImpactItem => {
      const edge = d.via();
      return {
        path,
        depth: d.depth,
        severity: severity[path] ?? 'leaf',
        edge,
        relation: session.edge(edge)!.relation,
      };
    }),
  };
  const notes = [...walked.notes];
  const consulted = consultedPaths(target);
  // A consult must cover what was shown: a page cut to nothing (`--limit 0`) showed no dependent.
  const shownNothing = window.items.length === 0 && sorted.length > 0;
  if (shownNothing && consulted.paths.length > 0)
    notes.push(
      'gate: this page showed none of the dependents, so it counts as no consult; ask with a limit above 0',
    );
  else {
    const unrecorded = session.deps.consulted?.(consulted.paths, `impact ${text}`);
    if (unrecorded) notes.push(unrecorded);
  }
  if (consulted.note) notes.push(consulted.note);
  const lag = session.signalsNote();
  if (lag) notes.push(lag);
  return {
    query: `impact ${text}`,
    ...page,
    freshness: session.deps.freshness([...paths, ...page.items.map((i) => i.path)]),
    ...(notes.length > 0 ? { notes } : {}),
    // A folder target names every file under it; the answer lists the first few and the count, so
    // it stays within what an agent's context can take.
    target: {
      kind: target.kind,
      paths: paths.slice(0, TARGET_PATHS_SHOWN),
      paths_total: paths.length,
      ...(symbol ? { symbol } : {}),
    },
    severity: paths
      .map((p) => severity[p] ?? 'leaf')
      .reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'leaf'),
    mentions: walked.mentions.map((m) => ({ ...m })),
  };
}

interface Walked {
  /** Every dependent, nearest first, then by path: the order pages are cut from. */
  sorted: { d: Dependent; path: string }[];
  /** The notes that depend on the walk alone (coverage gaps on it, the visit limit, the mode). */
  notes: string[];
  mentions: Mention[];
}

/** A hub's walk (6,000 dependents on a 7k-file repository) is most of an impact answer's cost. */
const walkedOf: Kept<Walked> = keptPerSession(16);
export function mentionsOf(session: Session, ids: readonly string[]): Mention[] {
  const out: Mention[] = [];
  for (const e of ids.flatMap((id) => session.edgesTo(id))) {
    if (!MENTION_RELATIONS.has(e.relation)) continue;
    const from = session.node(e.from);
    if (!from || (from.kind !== 'document' && from.kind !== 'artifact')) continue;
    const line = e.evidence[0]?.line;
    out.push({ path: from.path ?? from.key, relation: e.relation, ...(line ? { line } : {}), edge: e.id });
  }
  return out.sort(
    (a, b) =>
      compareStrings(a.path, b.path) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      compareStrings(a.relation, b.relation),
  );
}
