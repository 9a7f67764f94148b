/**
 * Upstream walk: who depends on a set of files, breadth-first over the import view reversed
 * (type imports included — a changed type breaks its importers too). For a symbol, the first hop
 * keeps only importers whose edge names it (or imports `*`); beyond that a file depends on the
 * whole importer.
 *
 * The walk reads each file's importers from its own edges' ends (session.endsTo), in the view's
 * terms: the import relations, no self-loops, no external packages, one step per importing file
 * (through the least edge id of that pair, as the view's edge lists them first), importers and
 * frontiers in id order. A CLI query then reads the few thousand files a hub's walk reaches, not
 * all 80,000 edges of a 7,000-file map to build the view first (~0.25 s of `changes`). The lists
 * are kept per session, so a resident server's next walk over them costs milliseconds.
 */
import { relationsOf } from '../graph/views.js';
import { compareStrings } from '../model/paths.js';
import { type Kept, keptPerSession } from './kept.js';
import type { Session } from './session.js';

export interface Dependent {
  id: string;
  depth: number;
  /** The map edge from this node towards the target (one hop nearer); resolved on demand. */
  via(): string;
}

export interface UpstreamWalk {
  dependents: Dependent[];
  /** True when visitLimit stopped the walk. */
  cut: boolean;
}

const LOADS = relationsOf('import', { typeImports: true });

export function upstream(
  session: Session,
  from: readonly string[],
  opts: { depth: number; visitLimit: number; symbol?: string },
): UpstreamWalk {
  const inView = (id: string) => {
    const node = session.node(id);
    return node !== undefined && node.external !== true;
  };
  const seen = new Set(from.filter(inView));
  const dependents: Dependent[] = [];
  // The starts in the order given: the first to reach a file is the one its `via` leads to.
  let frontier = [...seen];
  let cut = false;
  for (let depth = 1; depth <= opts.depth && frontier.length > 0 && !cut; depth++) {
    const next: string[] = [];
    for (const v of frontier) {
      for (const [w, edgeIds] of importersOf(session, v, inView)) {
        if (seen.has(w)) continue;
        let named: string | undefined;
        if (depth === 1 && opts.symbol !== undefined) {
          named = edgeIds.find((id) => names(session, id, opts.symbol!));
          if (named === undefined) continue;
        }
        if (dependents.length >= opts.visitLimit) {
          cut = true;
          break;
        }
        seen.add(w);
        next.push(w);
        const via = named ?? edgeIds[0]!;
        dependents.push({ id: w, depth, via: () => via });
      }
      if (cut) break;
    }
    frontier = next.sort(compareStrings);
  }
  return { dependents, cut };
}

// Per session (one snapshot): a resident server walks the same hubs again and again. Bounded far
// above any walk (one list per file it passes).
const importerLists: Kept<[string, string[]][]> = keptPerSession(200_000);

/** The files loading `v`, in id order, each with its loading edges' ids in id order. */
function importersOf(session: Session, v: string, inView: (id: string) => boolean): [string, string[]][] {
  return importerLists(session, v, () => readImporters(session, v, inView));
}

function readImporters(session: Session, v: string, inView: (id: string) => boolean): [string, string[]][] {
  const byFile = new Map<string, string[]>();
  for (const e of session.endsTo(v)) {
    if (!LOADS.has(e.relation) || e.from === v || !inView(e.from)) continue;
    const ids = byFile.get(e.from);
    if (ids) ids.push(e.id);
    else byFile.set(e.from, [e.id]);
  }
  for (const ids of byFile.values()) ids.sort(compareStrings);
  return [...byFile].sort(([a], [b]) => compareStrings(a, b));
}

function names(session: Session, edgeId: string, symbol: string): boolean {
  const named = session.edge(edgeId)?.names ?? [];
  return named.includes(symbol) || named.includes('*');
}
