/**
 * The embedded form of the view data. A 9,000-file map has ~75,000 edges; as objects with ids
 * and evidence that is ~20 MB of JSON, so edges travel as one flat integer array (from, to,
 * relation, trust, line per edge, nodes by index) and evidence is spelled out only where it is
 * not the usual single line in the importing file. unpackView restores exactly the ViewData
 * packView was given. Pure and DOM-free: the page bundle imports unpackView.
 */
import type { ViewCycle, ViewData, ViewEdge, ViewEvidence, ViewNode } from './data.js';

export interface PackedView {
  format: 'proofmap.view/v2';
  meta: ViewData['meta'];
  sizeBy: ViewData['sizeBy'];
  overview: boolean;
  excerpts: boolean;
  zones: ViewData['zones'];
  kinds: string[];
  relations: [name: string, namespace: string][];
  trusts: string[];
  /**
   * One row per node: id, label (0: the last two segments of its path), kind, zone, path ('' none),
   * x, y, weight, exports, flags.
   */
  nodes: [string, string | 0, number, number, string, number, number, number, string[], number][];
  /** 5 integers per edge: from node, to node, relation, trust, first evidence line (0: none). */
  edges: number[];
  /** Edges whose evidence is not one item in the `from` file: [edge, [path, line, excerpt?][]]. */
  evidence: [number, [string, number, string?][]][];
  /** The first evidence excerpt per edge ('' none), only when `excerpts` is on. */
  excerptText?: string[];
  flows: { name: string; nodes: number[]; edges: number[] }[];
  cycles: { kind: ViewCycle['kind']; nodes: number[]; edges: number[]; component: number }[];
  coverage: ViewData['coverage'];
  increment?: ViewData['increment'];
  areas?: ViewData['areas'];
}

const EXTERNAL = 1;
const ADDED = 2;
const STALE = 4;
const STRIDE = 5;

const table = () => {
  const values: string[] = [];
  const index = new Map<string, number>();
  const of = (v: string) => {
    let i = index.get(v);
    if (i === undefined) {
      i = values.length;
      values.push(v);
      index.set(v, i);
    }
    return i;
  };
  return { values, of };
};

const edgeIndex = (id: string) => Number(id.slice(1));

/** The label most files get (see viewLabel in data.ts), which the packed form leaves out. */
const folderLabel = (path: string) => path.split('/').slice(-2).join('/');

export function packView(data: ViewData): PackedView {
  const kinds = table();
  const zones = new Map(data.zones.map((z, i) => [z.id, i]));
  const nodeIndex = new Map(data.nodes.map((n, i) => [n.id, i]));
  const relations = new Map<string, number>();
  const relationRows: [string, string][] = [];
  const trusts = table();
  const edges: number[] = [];
  const evidence: PackedView['evidence'] = [];
  const excerptText: string[] = [];
  data.edges.forEach((e, i) => {
    if (e.id !== `e${i}`) throw new Error(`view edge ${i} has id ${e.id}; ids must be e<index>`);
    const key = `${e.relation}\u0000${e.namespace}`;
    if (!relations.has(key)) {
      relations.set(key, relationRows.length);
      relationRows.push([e.relation, e.namespace]);
    }
    const from = nodeIndex.get(e.from)!;
    const first = e.evidence[0];
    // Line 0 and an empty excerpt are the packed form's "none", so evidence with them is spelled out.
    const usual =
      e.evidence.length === 1 &&
      first!.path === data.nodes[from]!.path &&
      first!.line !== 0 &&
      first!.excerpt !== '';
    edges.push(
      from,
      nodeIndex.get(e.to)!,
      relations.get(key)!,
      trusts.of(e.trust),
      usual ? (first!.line ?? 0) : 0,
    );
    if (!usual)
      evidence.push([
        i,
        e.evidence.map(
          (ev) =>
            [ev.path, ev.line ?? 0, ...(ev.excerpt !== undefined ? [ev.excerpt] : [])] as [
              string,
              number,
              string?,
            ],
        ),
      ]);
    excerptText.push(usual ? (first!.excerpt ?? '') : '');
  });
  return {
    format: 'proofmap.view/v2',
    meta: data.meta,
    sizeBy: data.sizeBy,
    overview: data.overview,
    excerpts: data.excerpts,
    zones: data.zones,
    kinds: kinds.values,
    relations: relationRows,
    trusts: trusts.values,
    nodes: data.nodes.map((n) => {
      const row: PackedView['nodes'][number] = [
        n.id,
        n.path && n.label === folderLabel(n.path) ? 0 : n.label,
        kinds.of(n.kind),
        zones.get(n.zone) ?? -1,
        n.path ?? '',
        n.x,
        n.y,
        n.weight,
        n.exports,
        (n.external ? EXTERNAL : 0) | (n.change === 'added' ? ADDED : 0) | (n.change === 'stale' ? STALE : 0),
      ];
      return row;
    }),
    edges,
    evidence,
    ...(data.excerpts ? { excerptText } : {}),
    flows: data.flows.map((f) => ({
      name: f.name,
      nodes: f.node_ids.flatMap((id) => (nodeIndex.has(id) ? [nodeIndex.get(id)!] : [])),
      edges: f.edge_ids.map(edgeIndex),
    })),
    cycles: data.cycles.map((c) => ({
      kind: c.kind,
      nodes: c.nodes.map((id) => nodeIndex.get(id)!),
      edges: c.edges.map(edgeIndex),
      component: c.component,
    })),
    coverage: data.coverage,
    ...(data.increment ? { increment: data.increment } : {}),
    ...(data.areas ? { areas: data.areas } : {}),
  };
}

export function unpackView(p: PackedView): ViewData {
  const nodes: ViewNode[] = p.nodes.map(([id, label, kind, zone, path, x, y, weight, exports, flags]) => ({
    id,
    label: label === 0 ? folderLabel(path) : label,
    kind: p.kinds[kind]!,
    zone: p.zones[zone]?.id ?? '',
    ...(path ? { path } : {}),
    x,
    y,
    weight,
    exports,
    ...(flags & EXTERNAL ? { external: true } : {}),
    ...(flags & ADDED ? { change: 'added' as const } : flags & STALE ? { change: 'stale' as const } : {}),
  }));
  const spelled = new Map(p.evidence);
  const edges: ViewEdge[] = [];
  for (let i = 0; i * STRIDE < p.edges.length; i++) {
    const o = i * STRIDE;
    const from = nodes[p.edges[o]!]!;
    const [relation, namespace] = p.relations[p.edges[o + 2]!]!;
    const line = p.edges[o + 4]!;
    const excerpt = p.excerptText?.[i];
    const listed = spelled.get(i);
    const evidence: ViewEvidence[] = listed
      ? listed.map(([path, l, ex]) => ({
          path,
          ...(l ? { line: l } : {}),
          ...(ex !== undefined ? { excerpt: ex } : {}),
        }))
      : [{ path: from.path ?? '', ...(line ? { line } : {}), ...(excerpt ? { excerpt } : {}) }];
    edges.push({
      id: `e${i}`,
      from: from.id,
      to: nodes[p.edges[o + 1]!]!.id,
      relation,
      namespace,
      trust: p.trusts[p.edges[o + 3]!]!,
      evidence,
    });
  }
  return {
    meta: p.meta,
    sizeBy: p.sizeBy,
    overview: p.overview,
    excerpts: p.excerpts,
    zones: p.zones,
    nodes,
    edges,
    flows: p.flows.map((f) => ({
      name: f.name,
      node_ids: f.nodes.map((i) => nodes[i]!.id),
      edge_ids: f.edges.map((i) => `e${i}`),
    })),
    cycles: p.cycles.map((c) => ({
      kind: c.kind,
      nodes: c.nodes.map((i) => nodes[i]!.id),
      edges: c.edges.map((i) => `e${i}`),
      component: c.component,
    })),
    coverage: p.coverage,
    ...(p.increment ? { increment: p.increment } : {}),
    ...(p.areas ? { areas: p.areas } : {}),
  };
}
