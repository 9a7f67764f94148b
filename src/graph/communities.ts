/**
 * Area suggestions: Louvain communities of the import view (undirected, seeded), each labelled by
 * the deepest directory its files share. They are suggestions only, reported as coverage
 * `not-analyzed` so a person decides; the map never turns them into areas on its own.
 */
import graphology from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import { compareStrings } from '../model/paths.js';
import type { Coverage } from '../model/types.js';
import { seededRandom } from './prng.js';
import type { ViewTable } from './views.js';

// A CommonJS module typed as an ES default export: at runtime the default import is the function.
const louvain = louvainModule as unknown as typeof louvainModule.default;

export interface SuggestionOptions {
  seed?: number;
  /** Smallest community worth suggesting (default 5 files). */
  minSize?: number;
  /** Directories already covered by a zone: a community that matches one is not news. */
  knownDirs?: ReadonlySet<string>;
}

/**
 * Seeded Louvain communities of a view taken as undirected: the paths of each community's
 * connected files, communities in order of first member id. Nodes without edges belong to none.
 * The undirected graph gets the view's nodes and pairs in the view's order (a pair and its reverse
 * join once), which is what Louvain's seeded result depends on. Its nodes are keyed by their
 * index in the view, not by id: graphology keeps each node's neighbours in an object keyed by
 * theirs, and integer keys make those element stores instead of dictionaries: ~0.1 s of the
 * ~0.5 s communities took on the 7k-file monorepo, for the same nodes and edges in the same order.
 */
export function communities(view: ViewTable, seed = 1): string[][] {
  const undirected = new graphology.UndirectedGraph();
  const n = view.ids.length;
  for (let i = 0; i < n; i++) undirected.addNode(i);
  const joined = new Set<number>();
  for (let p = 0; p < view.from.length; p++) {
    const [s, t] = [view.from[p]!, view.to[p]!];
    const pair = Math.min(s, t) * n + Math.max(s, t);
    if (joined.has(pair)) continue;
    joined.add(pair);
    undirected.addUndirectedEdgeWithKey(p, s, t);
  }
  if (undirected.size === 0) return [];
  const community = louvain(undirected, { rng: seededRandom(seed) });
  const members = new Map<number, string[]>();
  for (let i = 0; i < n; i++) {
    const path = view.nodes[i]!.path;
    const c = community[i];
    if (path === undefined || c === undefined || undirected.degree(i) === 0) continue;
    const list = members.get(c);
    if (list) list.push(path);
    else members.set(c, [path]);
  }
  return [...members.values()];
}

export function areaSuggestions(view: ViewTable, opts: SuggestionOptions = {}): Coverage[] {
  const out: Coverage[] = [];
  for (const paths of communities(view, opts.seed ?? 1)) {
    if (paths.length < (opts.minSize ?? 5)) continue;
    const dir = sharedDirectory(paths);
    if (opts.knownDirs?.has(dir)) continue;
    out.push({
      analyzer: 'signals',
      scope: dir === '' ? '(root)' : dir,
      status: 'not-analyzed',
      reason: `${paths.length} files under ${dir === '' ? 'the root' : dir} import mostly each other (Louvain community); if they form one part of the architecture, promote it to an area in configuration`,
      detail: paths.sort(compareStrings).slice(0, 5).join(', '),
    });
  }
  return out.sort((a, b) => compareStrings(a.scope, b.scope) || compareStrings(a.reason, b.reason));
}

/** Deepest directory that contains every path ('' when they only share the root). */
export function sharedDirectory(paths: readonly string[]): string {
  const dirs = paths.map((p) => p.split('/').slice(0, -1));
  const first = dirs[0] ?? [];
  let depth = 0;
  while (depth < first.length && dirs.every((d) => d[depth] === first[depth])) depth++;
  return first.slice(0, depth).join('/');
}
