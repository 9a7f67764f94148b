/**
 * Mention candidates → `mentions` and `mentions-symbol` edges. Heuristic by nature (trust low,
 * decided by the caller), so they are kept only when they name exactly something that exists.
 */
import { compareStrings, joinRepoPath, normalizeRepoPath } from '../model/index.js';
import type { DocEdge, DocFacts, DocLinks, RepoView } from './markdown-types.js';

/** A name exported by more files than this says nothing about which one the doc means. */
export const MAX_SYMBOL_EXPORTERS = 5;
/** Shorter names (`id`, `x`) are words more often than references. */
export const MIN_SYMBOL_LENGTH = 3;
/** Names every codebase exports or every doc writes in backticks; never evidence of a reference. */
const COMMON_NAMES = new Set(
  (
    'default true false null undefined this new void any unknown never string number boolean object ' +
    'async await const let var function class import export return type interface enum yes npm node main index'
  ).split(' '),
).add('*');

export function mentionEdges(path: string, facts: DocFacts, repo: RepoView, out: DocLinks): void {
  for (const mention of facts.mentions) {
    const target = mentionTarget(path, mention.path, repo.files);
    if (target === undefined || target === path) continue;
    const { line, column, excerpt } = mention;
    out.edges.push({
      relation: 'mentions',
      target,
      line,
      column,
      excerpt,
      verifiedBy: `grep:${mention.path}`,
    });
  }
  for (const symbol of facts.symbols) {
    const exporters = symbolExporters(symbol.name, repo);
    for (const target of exporters) {
      if (target === path) continue;
      const { line, column, excerpt } = symbol;
      const edge: DocEdge = {
        relation: 'mentions-symbol',
        target,
        line,
        column,
        excerpt,
        verifiedBy: `grep:${symbol.literal}`,
      };
      out.edges.push(edge);
    }
  }
}

/**
 * A mentioned path names a file when it matches a discovered file from the repository root
 * (after dropping `./` or a leading `/`), or else from the document's own folder.
 */
export function mentionTarget(
  docPath: string,
  written: string,
  files: ReadonlySet<string>,
): string | undefined {
  const fromRoot = normalizeRepoPath(written.replace(/^\/+/, ''));
  if (fromRoot !== undefined && files.has(fromRoot)) return fromRoot;
  if (written.startsWith('/')) return undefined;
  const fromDoc = joinRepoPath(docPath, written);
  return fromDoc !== undefined && files.has(fromDoc) ? fromDoc : undefined;
}

function symbolExporters(name: string, repo: RepoView): string[] {
  if (name.length < MIN_SYMBOL_LENGTH || COMMON_NAMES.has(name)) return [];
  const files = [...new Set(repo.exportedNames.get(name) ?? [])];
  return files.length > MAX_SYMBOL_EXPORTERS ? [] : files.sort(compareStrings);
}
