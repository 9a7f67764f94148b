/**
 * `rank --by centrality|canonicality|fan-in`: the load-bearing files (centrality, fan-in) or the
 * documents to start reading (canonicality), highest first, ties by path.
 */
import { type Envelope, paginate } from '../model/envelope.js';
import { InputError } from '../model/errors.js';
import { compareStrings } from '../model/paths.js';
import type { Session } from './session.js';

export const RANK_BY = ['centrality', 'canonicality', 'fan-in'] as const;
export type RankBy = (typeof RANK_BY)[number];

export interface RankItem {
  path: string;
  kind: string;
  value: number;
}

export function rank(
  session: Session,
  by: string,
  opts: { limit?: number; cursor?: string } = {},
): Envelope<RankItem> {
  if (!(RANK_BY as readonly string[]).includes(by)) {
    throw new InputError(`cannot rank by "${by}"`, { hint: `use one of ${RANK_BY.join(', ')}` });
  }
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
