/**
 * Lookups the page needs on every click: nodes by id, edges by endpoint. Built once from the
 * embedded data; the page never re-derives anything the map did not record.
 */
import type { ViewData, ViewEdge, ViewNode, ViewZone } from '../data.js';

export interface MapIndex {
  data: ViewData;
  node: Map<string, ViewNode>;
  edge: Map<string, ViewEdge>;
  out: Map<string, ViewEdge[]>;
  in: Map<string, ViewEdge[]>;
  zone: Map<string, ViewZone>;
  zoneLabel: Map<string, string>;
}

export function indexData(data: ViewData): MapIndex {
  const out = new Map<string, ViewEdge[]>();
  const inn = new Map<string, ViewEdge[]>();
  const push = (m: Map<string, ViewEdge[]>, k: string, e: ViewEdge) => {
    const list = m.get(k);
    if (list) list.push(e);
    else m.set(k, [e]);
  };
  for (const e of data.edges) {
    push(out, e.from, e);
    push(inn, e.to, e);
  }
  return {
    data,
    node: new Map(data.nodes.map((n) => [n.id, n])),
    edge: new Map(data.edges.map((e) => [e.id, e])),
    out,
    in: inn,
    zone: new Map(data.zones.map((z) => [z.id, z])),
    zoneLabel: new Map(data.zones.map((z) => [z.id, z.label])),
  };
}
