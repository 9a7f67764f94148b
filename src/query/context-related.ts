/**
 * The documents and decision records near a context target: within `hops` relations of it in the
 * proximity view (imports, links, typed links, mentions, manifests; direction ignored, since a
 * record that covers a file is as relevant as a file it imports), most canonical first, each with
 * the chain of relations that reaches it so an agent can judge why it is listed.
 */
import { TYPED_RELATIONS } from '../model/constants.js';
import { compareStrings } from '../model/paths.js';
import type { Session } from './session.js';

export interface RelationStep {
  /** Paths (or keys, for packages) as the map edge runs: from → to. */
  from: string;
  relation: string;
  to: string;
  edge: string;
}

export interface Related {
  path: string;
  kind: 'document' | 'artifact';
  /** The record's id (`ADR-3`) for an artifact. */
  artifact_id?: string;
  hops: number;
  canonicality: number;
  /** From the target to this document, one step per hop. */
  via: RelationStep[];
}

export interface RelatedList {
  hops: number;
  total: number;
  items: Related[];
}

const TYPED: ReadonlySet<string> = new Set(TYPED_RELATIONS);

/** Past this many nodes reached, the walk stops (a README linking everything makes 3 hops the repo). */
const VISIT_CAP = 20_000;

export function relatedDocuments(
  session: Session,
  targets: ReadonlySet<string>,
  opts: { hops?: number; limit?: number } = {},
): RelatedList & { capped: boolean } {
  const hops = opts.hops ?? 3;
  const view = session.view('proximity', { typeImports: true });
  const parent = new Map<string, string | null>();
  const depth = new Map<string, number>();
  let frontier = [...targets].filter((id) => view.hasNode(id)).sort(compareStrings);
  for (const id of frontier) {
    parent.set(id, null);
    depth.set(id, 0);
  }
  let capped = false;
  for (let d = 1; d <= hops && frontier.length > 0 && !capped; d++) {
    const next: string[] = [];
    for (const v of frontier) {
      // Sorted neighbours: the first parent found, and so the path reported, depends only on content.
      for (const w of [...view.neighbors(v)].sort(compareStrings)) {
        if (parent.has(w)) continue;
        parent.set(w, v);
        depth.set(w, d);
        next.push(w);
      }
      if (parent.size >= VISIT_CAP) capped = true;
    }
    frontier = next;
  }
  const canonicality = session.signals().canonicality;
  const out: Related[] = [];
  for (const [id, d] of depth) {
    if (d === 0) continue;
    const node = session.node(id);
    if (!node?.path || (node.kind !== 'document' && node.kind !== 'artifact')) continue;
    const item: Related = {
      path: node.path,
      kind: node.kind,
      hops: d,
      canonicality: canonicality[id] ?? 0,
      via: stepsTo(session, view, parent, id),
    };
    const artifactId = node.metadata?.artifact_id;
    if (typeof artifactId === 'string') item.artifact_id = artifactId;
    out.push(item);
  }
  out.sort((a, b) => b.canonicality - a.canonicality || a.hops - b.hops || compareStrings(a.path, b.path));
  return { hops, total: out.length, items: out.slice(0, opts.limit ?? 25), capped };
}

function stepsTo(
  session: Session,
  view: ReturnType<Session['view']>,
  parent: ReadonlyMap<string, string | null>,
  id: string,
): RelationStep[] {
  const steps: RelationStep[] = [];
  const name = (n: string) => session.node(n)?.path ?? session.node(n)?.key ?? n;
  for (let w = id, v = parent.get(id); v != null; w = v, v = parent.get(v)) {
    const forward = view.hasEdge(v, w);
    const [from, to] = forward ? [v, w] : [w, v];
    // Of several relations between one pair, a declared typed link says most about why.
    const { ids, relations } = view.getEdgeAttributes(from, to);
    const typed = relations.findIndex((r) => TYPED.has(r));
    const edge = session.edge(ids[Math.max(typed, 0)]!)!;
    steps.push({ from: name(from), relation: edge.relation, to: name(to), edge: edge.id });
  }
  return steps.reverse();
}
