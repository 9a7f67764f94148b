/**
 * A node's neighbours in a view, each named by path with the map edge behind it, sorted by path
 * then edge. Kept per view and node: a resident server asked about a hub with 3,000 importers
 * then filters a list it already has instead of walking graphology and sorting again each call.
 */
import type { View } from '../graph/views.js';
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

type Lists = { out: Map<string, NeighbourOf[]>; in: Map<string, NeighbourOf[]> };
const cache = new WeakMap<View, Lists>();

export function neighboursOf(
  session: Session,
  view: View,
  id: string,
  dir: 'out' | 'in',
): readonly NeighbourOf[] {
  let lists = cache.get(view);
  if (!lists) {
    lists = { out: new Map(), in: new Map() };
    cache.set(view, lists);
  }
  const known = lists[dir].get(id);
  if (known) return known;
  const list: NeighbourOf[] = [];
  if (view.hasNode(id)) {
    const others = dir === 'out' ? view.outNeighbors(id) : view.inNeighbors(id);
    for (const other of others) {
      const [from, to] = dir === 'out' ? [id, other] : [other, id];
      const edge = session.edge(view.getEdgeAttribute(from, to, 'ids')[0]!)!;
      const node = session.node(other);
      list.push({
        id: other,
        item: { path: node?.path ?? node!.key, relation: edge.relation, edge: edge.id },
      });
    }
    list.sort((a, b) => compareNeighbours(a.item, b.item));
  }
  lists[dir].set(id, list);
  return list;
}

export const compareNeighbours = (a: Neighbour, b: Neighbour): number =>
  compareStrings(a.path, b.path) || compareStrings(a.edge, b.edge);
