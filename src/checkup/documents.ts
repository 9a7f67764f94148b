/**
 * orphan-document: a Markdown document or record with no edge at all, in or out — nothing links
 * to or mentions it, and it links to, mentions or covers nothing. Files read by convention
 * (README, CHANGELOG, LICENSE, CONTRIBUTING, SECURITY, CODE_OF_CONDUCT, AGENTS.md, CLAUDE.md) and
 * declared entries are never orphans: people and tools find them by name.
 */
import picomatch from 'picomatch';
import { type CheckGraph, nameOf, nodeEvidence } from './graph.js';
import type { Problem } from './types.js';

const CONVENTIONAL =
  /^(?:readme|changelog|changes|history|license|licence|contributing|security|code_of_conduct|agents|claude|copying|notice|support|funding)(?:\.[\w-]+)*$/i;

export function orphanDocuments(graph: CheckGraph, entryGlobs: string[]): Problem[] {
  const isEntry = picomatch(entryGlobs.length > 0 ? entryGlobs : ['\0'], { dot: true });
  const problems: Problem[] = [];
  for (const id of graph.sortedIds) {
    const node = graph.nodes.get(id)!;
    if ((node.kind !== 'document' && node.kind !== 'artifact') || !node.path) continue;
    const base = node.path.slice(node.path.lastIndexOf('/') + 1);
    if (CONVENTIONAL.test(base) || isEntry(node.path)) continue;
    if ((graph.in.get(id)?.length ?? 0) > 0 || (graph.out.get(id)?.length ?? 0) > 0) continue;
    problems.push({
      kind: 'warning',
      code: 'orphan-document',
      node: nameOf(node),
      message:
        `${nameOf(node)} is an orphan: no document, record or file in the map links to or mentions it, and it links to nothing. ` +
        'A reader can only find it by browsing; link it from a README or an index page, or delete it if it is obsolete.',
      evidence: [nodeEvidence(node)],
    });
  }
  return problems;
}
