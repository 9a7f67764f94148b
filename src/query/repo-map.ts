/**
 * `repo map`: the most central source files and their key exports, for the start of a task.
 * Centrality is PageRank over the import graph (rank flows from importer to imported, so a file
 * many files lean on scores high), personalised on the files the agent works on: the random
 * surfer restarts at those files, so their neighbourhood ranks first. Without focus files the
 * restart is uniform and the ranking is plain PageRank.
 */
import { type Envelope, paginate } from '../model/envelope.js';
import { compareStrings } from '../model/paths.js';
import type { Session } from './session.js';
import { resolveTarget } from './target.js';

export interface RepoMapItem {
  path: string;
  /** Personalised PageRank, summing to 1 over all files (rounded to 1e-6). */
  score: number;
  /** One of the files the task named. */
  focus: boolean;
  /** Its exported names, at most EXPORTS_SHOWN, in source order. */
  exports: string[];
  exports_total: number;
}

const DAMPING = 0.85;
const ROUNDS = 40;
const EXPORTS_SHOWN = 8;

/**
 * Rankings already computed, per session (one snapshot) and focus set: the pages of one ranking
 * and a repeated call cost a slice, not a PageRank. A new snapshot is a new session.
 */
const computed = new WeakMap<Session, Map<string, { items: RepoMapItem[]; focus: string[] }>>();

export function repoMap(
  session: Session,
  opts: { focus?: readonly string[]; limit?: number; cursor?: string } = {},
): Envelope<RepoMapItem> & { focus: string[] } {
  const key = JSON.stringify([...(opts.focus ?? [])].sort());
  let bySession = computed.get(session);
  if (!bySession) {
    bySession = new Map();
    computed.set(session, bySession);
  }
  let ranking = bySession.get(key);
  if (!ranking) {
    ranking = rankFiles(session, opts.focus ?? []);
    if (bySession.size >= 16) bySession.clear(); // a bound: agents ask about a few focus sets
    bySession.set(key, ranking);
  }
  const { items: all, focus } = ranking;
  return {
    query: focus.length > 0 ? `repo map around ${focus.join(', ')}` : 'repo map',
    ...paginate(all, opts.limit ?? 30, opts.cursor),
    freshness: session.deps.freshness(focus),
    focus,
  };
}

function rankFiles(
  session: Session,
  focusTexts: readonly string[],
): { items: RepoMapItem[]; focus: string[] } {
  // Sorted ids: iteration order, and so the floating-point sums, depend on content only.
  const { ids, index, out } = session.indexed('import', { typeImports: true });
  const focusIds = new Set<string>();
  for (const text of focusTexts)
    for (const n of resolveTarget(session, text, { packages: true }).nodes)
      if (index.has(n.id)) focusIds.add(n.id);
  const n = ids.length;
  const restart = new Float64Array(n);
  if (focusIds.size > 0) for (const id of focusIds) restart[index.get(id)!] = 1 / focusIds.size;
  else restart.fill(n > 0 ? 1 / n : 0);
  let rank = Float64Array.from(restart);
  for (let round = 0; round < ROUNDS; round++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const targets = out[i]!;
      if (targets.length === 0) dangling += rank[i]!;
      else for (const t of targets) next[t]! += (DAMPING * rank[i]!) / targets.length;
    }
    // Files that import nothing hand their mass back to the restart set, keeping the sum at 1.
    for (let i = 0; i < n; i++) next[i]! += (1 - DAMPING + DAMPING * dangling) * restart[i]!;
    rank = next;
  }
  const all: RepoMapItem[] = ids
    .map((id, i) => {
      const node = session.node(id)!;
      const names = (node.exports ?? []).map((e) => e.name).filter((name) => name !== '*');
      return {
        path: node.path ?? node.key,
        score: Math.round(rank[i]! * 1e6) / 1e6,
        focus: focusIds.has(id),
        exports: names.slice(0, EXPORTS_SHOWN),
        exports_total: names.length,
      };
    })
    .sort((a, b) => b.score - a.score || compareStrings(a.path, b.path));
  const focus = [...focusIds].map((id) => session.node(id)?.path ?? id).sort(compareStrings);
  return { items: all, focus };
}
