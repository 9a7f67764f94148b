/**
 * The files behind a context answer: everything it lists by path, so that `freshness` covers the
 * dependency that was edited and the dependent that was deleted, not only the target itself.
 */
import type { Session } from './session.js';

const FILE_KINDS: ReadonlySet<string> = new Set(['file', 'document', 'artifact']);

export function listedPaths(
  session: Session,
  lists: { paths: readonly string[]; edges: readonly string[]; documents: readonly string[] },
): string[] {
  const out = new Set<string>([...lists.paths, ...lists.documents]);
  // Neighbours are named by path or, for a package, by its key: only real file paths count.
  for (const id of lists.edges) {
    const edge = session.edge(id);
    if (!edge) continue;
    for (const end of [edge.from, edge.to]) {
      const node = session.node(end);
      if (node?.path !== undefined && FILE_KINDS.has(node.kind)) out.add(node.path);
    }
  }
  return [...out];
}
