/**
 * Upstream walk: who depends on a set of files, breadth-first over the import view reversed
 * (type imports included — a changed type breaks its importers too). For a symbol, the first hop
 * keeps only importers whose edge names it (or imports `*`); beyond that a file depends on the
 * whole importer.
 */
import type { Session } from './session.js';

export interface Dependent {
  id: string;
  depth: number;
  /** The map edge from this node towards the target (one hop nearer). */
  via: string;
  relation: string;
}

export interface UpstreamWalk {
  dependents: Dependent[];
  /** True when visitLimit stopped the walk. */
  cut: boolean;
}

export function upstream(session: Session, from: readonly string[], opts: { depth: number; visitLimit: number; symbol?: string }): UpstreamWalk {
  const view = session.view('import', { typeImports: true });
  const seen = new Set(from);
  const dependents: Dependent[] = [];
  let frontier = from.filter((id) => view.hasNode(id));
  let cut = false;
  for (let depth = 1; depth <= opts.depth && frontier.length > 0 && !cut; depth++) {
    const next: string[] = [];
    for (const v of frontier) {
      for (const w of view.inNeighbors(v)) {
        if (seen.has(w)) continue;
        const ids = view.getEdgeAttribute(w, v, 'ids');
        const edgeId = depth === 1 && opts.symbol !== undefined ? ids.find((id) => names(session, id, opts.symbol!)) : ids[0];
        if (edgeId === undefined) continue;
        if (seen.size - from.length >= opts.visitLimit) {
          cut = true;
          break;
        }
        seen.add(w);
        next.push(w);
        dependents.push({ id: w, depth, via: edgeId, relation: session.edge(edgeId)!.relation });
      }
      if (cut) break;
    }
    frontier = next.sort();
  }
  return { dependents, cut };
}

function names(session: Session, edgeId: string, symbol: string): boolean {
  const named = session.edge(edgeId)?.names ?? [];
  return named.includes(symbol) || named.includes('*');
}
