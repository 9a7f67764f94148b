/**
 * `rank --by centrality|canonicality|fan-in|unused`: the load-bearing files (centrality, fan-in),
 * the documents to start reading (canonicality), highest first, ties by path; or the exports no
 * file uses (unused), the provable ones first.
 */

import { checkGraph } from '../checkup/graph.js';
import type { ProofmapConfig } from '../checkup/types.js';
import { type Envelope, paginate } from '../model/envelope.js';
import { InputError } from '../model/errors.js';
import { compareStrings } from '../model/paths.js';
import type { Session } from './session.js';
import { hasSymbols } from './symbols.js';
import { type UnusedExport, unusedExports } from './unused.js';

export const RANK_BY = ['centrality', 'canonicality', 'fan-in', 'unused'] as const;
export type RankBy = (typeof RANK_BY)[number];

export interface RankItem {
  path: string;
  kind: string;
  value: number;
}

/** `rank --by unused`: value 1 for a provably unused export, 0 for one whose proof fails (see reason). */
export type UnusedRankItem = RankItem & UnusedExport;

export function rank(
  session: Session,
  by: string,
  opts: { limit?: number; cursor?: string } = {},
): Envelope<RankItem> {
  if (!(RANK_BY as readonly string[]).includes(by)) {
    throw new InputError(`cannot rank by "${by}"`, { hint: `use one of ${RANK_BY.join(', ')}` });
  }
  if (by === 'unused') return unusedRank(session, opts);
  const signals = session.signals();
  const values =
    by === 'centrality'
      ? signals.centrality.values
      : by === 'canonicality'
        ? signals.canonicality
        : signals.fan_in;
  const all = Object.entries(values)
    .map(([id, value]) => {
      const node = session.node(id);
      return { path: node?.path ?? node?.key ?? id, kind: node?.kind ?? 'unknown', value };
    })
    .sort((a, b) => b.value - a.value || compareStrings(a.path, b.path));
  const page = paginate(all, opts.limit ?? 20, opts.cursor);
  const { centrality } = signals;
  const notes =
    by === 'centrality' && centrality.approximate
      ? [
          `approximate: betweenness sampled from ${centrality.pivots} of ${centrality.nodes} source nodes (seeded)`,
        ]
      : [];
  const lag = session.signalsNote();
  if (lag) notes.push(lag);
  return {
    query: `rank --by ${by}`,
    ...page,
    freshness: session.deps.freshness(page.items.filter((i) => i.kind !== 'package').map((i) => i.path)),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

function unusedRank(session: Session, opts: { limit?: number; cursor?: string }): Envelope<UnusedRankItem> {
  if (!hasSymbols(session))
    throw new InputError('this map has no symbols (it was written before the symbol stage)', {
      hint: 'run proofmap scan --force',
    });
  // Entry points come from the declared config (entries, defaultEntries), as the checkup has them.
  const { config } = session.deps.config();
  const { items, notes } = unusedExports(checkGraph(session.map), config as ProofmapConfig);
  const all = items.map(
    (u): UnusedRankItem => ({ ...u, kind: 'symbol', value: u.status === 'unused' ? 1 : 0 }),
  );
  const proven = all.filter((i) => i.value === 1).length;
  notes.unshift(
    `${proven} provably unused, ${all.length - proven} without a user here but reachable otherwise (each with its reason)`,
  );
  const page = paginate(all, opts.limit ?? 20, opts.cursor);
  return {
    query: 'rank --by unused',
    ...page,
    freshness: session.deps.freshness(page.items.map((i) => i.path)),
    notes,
  };
}
