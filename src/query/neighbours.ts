/**
 * A node's neighbours in a view, each named by path with the map edge behind it, sorted by path
 * then edge: what the view's graph would give (graph/views.ts viewTable: the view's relations, no
 * self-loops, no endpoint missing from the map or external, one entry per neighbour through the
 * pair's least edge id), taken from the node's own edges. Building the whole 7k-file import view
 * for this cost a CLI `context` 0.46 s. Kept per session, view and node: a resident server asked
 * about a hub with 3,000 importers then filters a list it already has instead of sorting again.
 */
import { relationsOf, type ViewKind, type ViewOptions } from '../graph/views.js';
import type { MapNode } from '../map/schema.js';
import { compareStrings } from '../model/paths.js';
import type { Session } from './session.js';

export interface Neighbour {
  path: string;
  relation: string;
  edge: string;
}

/** A neighbour and the node id it stands for (callers leave out their own target's nodes). */
export interface NeighbourOf {
  id: string;
  item: Neighbour;
}

const cache = new WeakMap<Session, Map<string, NeighbourOf[]>>();

export function neighboursOf(
  session: Session,
  view: { kind: ViewKind; opts?: ViewOptions },
  id: string,
  dir: 'out' | 'in',
): readonly NeighbourOf[] {
  const opts = view.opts ?? {};
  let lists = cache.get(session);
  if (!lists) {
    lists = new Map();
    cache.set(session, lists);
  }
  const key = `${view.kind}:${opts.typeImports === true}:${opts.external === true}:${dir}:${id}`;
  const known = lists.get(key);
  if (known) return known;
  const relations = relationsOf(view.kind, opts);
  const kept = (n: MapNode | undefined): n is MapNode =>
    n !== undefined && (opts.external === true || n.external !== true);
  // The least edge id per neighbour, as the view's sorted runs put it first.
  const least = new Map<string, { id: string; relation: string }>();
  if (kept(session.node(id)))
    for (const e of dir === 'out' ? session.edgesFrom(id) : session.edgesTo(id)) {
      const other = dir === 'out' ? e.to : e.from;
      if (!relations.has(e.relation) || other === id || !kept(session.node(other))) continue;
      const best = least.get(other);
      if (!best || compareStrings(e.id, best.id) < 0) least.set(other, { id: e.id, relation: e.relation });
    }
  const list: NeighbourOf[] = [];
  for (const [other, edge] of least) {
    const node = session.node(other)!;
    list.push({ id: other, item: { path: node.path ?? node.key, relation: edge.relation, edge: edge.id } });
  }
  list.sort((a, b) => compareNeighbours(a.item, b.item));
  lists.set(key, list);
  return list;
}

export const compareNeighbours = (a: Neighbour, b: Neighbour): number =>
  compareStrings(a.path, b.path) || compareStrings(a.edge, b.edge);
