/**
 * `refs <symbol|path>`: every importer of a file, or of an exported name, with the file and line
 * of each import. `total` counts every reference, whatever page is returned.
 */
import { IMPORT_RELATIONS } from '../graph/views.js';
import type { MapNode } from '../map/schema.js';
import { type Envelope, paginate } from '../model/envelope.js';
import { compareStrings } from '../model/paths.js';
import { consultedPaths } from './consulted.js';
import { type Kept, keptPerSession } from './kept.js';
import type { Session } from './session.js';
import { findSymbols, hasSymbols, usersOf } from './symbols.js';
import { resolveTarget, type Target } from './target.js';

function symbolRefs(
  session: Session,
  text: string,
  symbols: readonly MapNode[],
  opts: { limit?: number; cursor?: string },
): Envelope<RefItem> {
  const all: RefItem[] = symbols.flatMap((s) =>
    usersOf(session, s).map((u) => {
      const excerpt = u.excerpt;
      return {
        path: u.path,
        line: u.line,
        target: s.path!,
        relation: 'uses',
        names: u.names,
        ...(excerpt ? { excerpt } : {}),
        edge: u.edge,
        first_use: u.first_use,
        ...(u.via ? { via: u.via } : {}),
        symbol: s.key,
      };
    }),
  );
  all.sort(
    (a, b) =>
      compareStrings(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0) || compareStrings(a.edge, b.edge),
  );
  const page = paginate(all, opts.limit ?? 100, opts.cursor);
  const paths = [...new Set(symbols.map((s) => s.path!))];
  session.deps.consulted?.(paths, `refs ${text}`);
  return {
    query: `refs ${text}`,
    ...page,
    freshness: session.deps.freshness([...paths, ...page.items.map((i) => i.path)]),
  };
}

export interface RefItem {
  /** The importing file. */
  path: string;
  line?: number;
  /** The imported file. */
  target: string;
  relation: string;
  names: string[];
  excerpt?: string;
  edge: string;
  /** For a use of an exported symbol: the line of its first use after the import. */
  first_use?: number;
  /** For a use of an exported symbol: the barrels it came through (`path:line`, nearest first). */
  via?: string[];
  /** For a use of an exported symbol: `path#name` of its declaration. */
  symbol?: string;
}

const REF_RELATIONS = new Set([...IMPORT_RELATIONS, 'type-imports']);

export function refs(
  session: Session,
  text: string,
  opts: { limit?: number; cursor?: string } = {},
): Envelope<RefItem> {
  // Exported symbols the map has: the exact users of each, with first use and barrel chain.
  const declared =
    hasSymbols(session) && !session.nodeAt(text.replace(/^\.\//, '')) ? findSymbols(session, text) : [];
  if (declared.length > 0) return symbolRefs(session, text, declared, opts);
  const { target, symbol, all } = keptRefs(session, text, () => fileRefs(session, text));
  const page = paginate(all, opts.limit ?? 100, opts.cursor);
  const unrecorded = session.deps.consulted?.(consultedPaths(target).paths, `refs ${text}`);
  const notes = [
    ...(symbol
      ? [`by symbol "${symbol}": imports naming it, and namespace or * imports of a file exporting it`]
      : []),
    ...(unrecorded ? [unrecorded] : []),
  ];
  return {
    query: `refs ${text}`,
    ...page,
    freshness: session.deps.freshness([
      ...new Set([
        ...target.nodes.flatMap((n) => (n.path ? [n.path] : [])),
        ...page.items.map((i) => i.path),
      ]),
    ]),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** A hub's importers (thousands of edges, each with its evidence) are read and sorted once per snapshot. */
const keptRefs: Kept<FileRefs> = keptPerSession(16);

interface FileRefs {
  target: Target;
  symbol: string | undefined;
  /** Every reference, by path, line and edge: the order pages are cut from. */
  all: RefItem[];
}

function fileRefs(session: Session, text: string): FileRefs {
  const target = resolveTarget(session, text, { symbols: true });
  const symbol = target.kind === 'symbol' ? target.name : undefined;
  const all: RefItem[] = [];
  for (const e of target.nodes.flatMap((n) => session.edgesTo(n.id))) {
    if (!REF_RELATIONS.has(e.relation)) continue;
    const names = e.names ?? [];
    if (symbol && !names.includes(symbol) && !names.includes('*')) continue;
    const from = session.node(e.from)!;
    const to = session.node(e.to)!;
    for (const ev of e.evidence) {
      all.push({
        path: from.path ?? from.key,
        ...(ev.line ? { line: ev.line } : {}),
        target: to.path ?? to.key,
        relation: e.relation,
        names,
        ...(ev.excerpt ? { excerpt: ev.excerpt } : {}),
        edge: e.id,
      });
    }
  }
  all.sort(
    (a, b) =>
      compareStrings(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0) || compareStrings(a.edge, b.edge),
  );
  return { target, symbol, all };
}
