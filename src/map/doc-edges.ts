/**
 * Document edges: links, path and symbol mentions (linkDoc), and the typed links that decision
 * records declare. Typed links keep their endpoints as written; verify remaps them through
 * `typedEndpoint` and drops the ones that name nothing.
 */
import picomatch from 'picomatch';
import { type ArtifactFacts, artifactKey, parseArtifactId } from '../extract/artifact.js';
import { type DocFacts, type DocFinding, linkDoc, type RepoView } from '../extract/markdown.js';
import { customHeadingId } from '../extract/markdown-link-site.js';
import { nodeId } from '../model/ids.js';
import { joinRepoPath, normalizeRepoPath } from '../model/paths.js';
import { aliasOf, type RecordAliases } from './record-aliases.js';
import type { Snapshot } from './snapshot.js';

export function addDocEdges(
  snapshot: Snapshot,
  docs: ReadonlyMap<string, DocFacts>,
  artifacts: ReadonlyMap<string, ArtifactFacts>,
  nodeOfPath: ReadonlyMap<string, string>,
  repo: RepoView,
): DocFinding[] {
  const findings: DocFinding[] = [];
  repo = withCustomIds(repo, docs);
  for (const [path, facts] of docs) {
    const from = nodeOfPath.get(path)!;
    for (const c of facts.coverage) snapshot.cover(c);
    const linked = linkDoc(path, facts, repo);
    findings.push(...linked.findings);
    for (const c of linked.coverage) snapshot.cover(c);
    for (const edge of linked.edges) {
      const to = nodeOfPath.get(edge.target);
      if (!to) continue;
      snapshot.relate({
        kind: edge.relation,
        from,
        to,
        evidence: [{ source: 'doc', path, line: edge.line, column: edge.column, excerpt: edge.excerpt }],
        verified_by: edge.verifiedBy,
        trust: edge.relation === 'links-to' ? 'medium' : 'low',
      });
    }
    const artifact = artifacts.get(path);
    if (!artifact) continue;
    for (const c of artifact.coverage) snapshot.cover(c);
    for (const link of artifact.links) {
      snapshot.relate({
        kind: link.relation,
        from,
        ...(link.from !== undefined ? { fromRaw: { raw: link.from, declaredIn: path } } : {}),
        to: { raw: link.value, declaredIn: path },
        declared: 'typed-link',
        evidence: [{ source: 'doc', path, line: link.line, column: link.column, excerpt: link.excerpt }],
      });
    }
  }
  return findings;
}

/**
 * Heading anchors plus the `{#custom-id}` ids docs sites give headings: a link to `#custom-id`
 * reaches the heading there, so it is no broken anchor.
 */
function withCustomIds(repo: RepoView, docs: ReadonlyMap<string, DocFacts>): RepoView {
  const cache = new Map<string, ReadonlySet<string> | undefined>();
  const headings = (path: string) => {
    if (cache.has(path)) return cache.get(path);
    const slugs = repo.headings(path);
    const ids = (docs.get(path)?.headings ?? []).map((h) => customHeadingId(h.text)).filter((id) => id);
    const all = slugs && ids.length > 0 ? new Set([...slugs, ...(ids as string[])]) : slugs;
    cache.set(path, all);
    return all;
  };
  return { ...repo, headings };
}

/**
 * Resolves a typed-link endpoint as written: an artifact id (`ADR-3`, `ADR-003`), another name of
 * a record (its slug or title, record-aliases.ts), a path relative to the declaring document or
 * to the root, or a glob (for `covers:`) matching discovered files.
 */
export function typedEndpoint(nodeOfPath: ReadonlyMap<string, string>, aliases: RecordAliases) {
  const paths = [...nodeOfPath.keys()];
  return (raw: string, declaredIn: string): string[] => {
    const id = parseArtifactId(raw);
    if (id !== undefined) {
      const key = aliases.get(aliasOf(artifactKey(id)));
      return key !== undefined ? [nodeId('artifact', key)] : [];
    }
    const named = aliases.get(aliasOf(raw));
    if (named !== undefined) return [nodeId('artifact', named)];
    if (/[*?[\]{}]/.test(raw)) {
      const rootGlob = normalizeRepoPath(raw.replace(/^\//, ''));
      if (rootGlob === undefined) return [];
      const match = picomatch(rootGlob, { dot: false });
      return paths.filter((p) => match(p)).map((p) => nodeOfPath.get(p)!);
    }
    for (const candidate of [joinRepoPath(declaredIn, raw), normalizeRepoPath(raw.replace(/^\//, ''))]) {
      if (candidate === undefined) continue;
      const hit = nodeOfPath.get(candidate);
      if (hit) return [hit];
      const inFolder = paths.filter((p) => p.startsWith(`${candidate}/`));
      if (inFolder.length > 0) return inFolder.map((p) => nodeOfPath.get(p)!);
    }
    return [];
  };
}
