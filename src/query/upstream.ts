/**
 * Upstream walk: who depends on a set of files, breadth-first over the import view reversed
 * (type imports included — a changed type breaks its importers too). For a symbol, the first hop
 * keeps only importers whose edge names it (or imports `*`); beyond that a file depends on the
 * whole importer. The walk runs on integer adjacency: on a 7,000-file graph a hub has thousands
 * of dependents, and string-keyed lookups per hop cost most of the latency budget.
 */
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

export function upstream(
  session: Session,
  from: readonly string[],
  opts: { depth: number; visitLimit: number; symbol?: string },
): UpstreamWalk {
  const view = session.view('import', { typeImports: true });
  const graph = session.indexed('import', { typeImports: true });
  const seen = new Uint8Array(graph.ids.length);
  const starts = from.flatMap((id) => (graph.index.has(id) ? [graph.index.get(id)!] : []));
  for (const s of starts) seen[s] = 1;
  const dependents: Dependent[] = [];
  const edgeIds = (w: number, v: number) => view.getEdgeAttribute(graph.ids[w]!, graph.ids[v]!, 'ids');
  let frontier = starts;
  let cut = false;
  for (let depth = 1; depth <= opts.depth && frontier.length > 0 && !cut; depth++) {
    const next: number[] = [];
    for (const v of frontier) {
      for (const w of graph.in[v]!) {
        if (seen[w]) continue;
        let named: string | undefined;
        if (depth === 1 && opts.symbol !== undefined) {
          named = edgeIds(w, v).find((id) => names(session, id, opts.symbol!));
          if (named === undefined) continue;
        }
        if (dependents.length >= opts.visitLimit) {
          cut = true;
          break;
        }
        seen[w] = 1;
        next.push(w);
        const via = named === undefined ? () => edgeIds(w, v)[0]! : () => named;
        dependents.push({ id: graph.ids[w]!, depth, via });
      }
      if (cut) break;
    }
    frontier = next.sort((a, b) => a - b);
  }
  return { dependents, cut };
}

function names(session: Session, edgeId: string, symbol: string): boolean {
  const named = session.edge(edgeId)?.names ?? [];
  return named.includes(symbol) || named.includes('*');
}
