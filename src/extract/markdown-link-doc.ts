/**
 * linkDoc: the second phase of the Markdown extractor, run once every file (and every document's
 * headings) is known. Pure over the facts and the repository view; no file is read.
 */
import { compareStrings } from '../model/index.js';
import { linkEdges } from './markdown-link-edges.js';
import { mentionEdges } from './markdown-mention-edges.js';
import type { DocEdge, DocFacts, DocLinks, RepoView } from './markdown-types.js';

/**
 * Every occurrence is returned, in document order; verify dedupes edges by id. Findings and
 * coverage name the document as `path:line`.
 */
export function linkDoc(path: string, facts: DocFacts, repo: RepoView): DocLinks {
  const out: DocLinks = { edges: [], findings: [], coverage: [] };
  linkEdges(path, facts, repo, out);
  mentionEdges(path, facts, repo, out);
  out.edges.sort(byPlace);
  out.findings.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

function byPlace(a: DocEdge, b: DocEdge): number {
  return (
    a.line - b.line ||
    a.column - b.column ||
    compareStrings(a.relation, b.relation) ||
    compareStrings(a.target, b.target)
  );
}
