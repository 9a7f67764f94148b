/** The view of the repository that linkDoc needs: files, line counts, headings, exported names. */
import type { ExtractedFacts } from '../extract/index.js';
import type { RepoView } from '../extract/markdown.js';
import type { TextSource } from '../model/facts.js';

export function repoView(texts: TextSource, files: ReadonlySet<string>, facts: ExtractedFacts): RepoView {
  const exportedNames = new Map<string, string[]>();
  for (const [path, module] of facts.modules)
    for (const { name } of module.exports) {
      if (name === 'default' || name === '*') continue;
      const list = exportedNames.get(name);
      if (!list) exportedNames.set(name, [path]);
      else if (list.at(-1) !== path) list.push(path);
    }
  const slugs = new Map<string, Set<string>>();
  return {
    files,
    lineCount: (path) => lineCountOf(texts.get(path)),
    headings: (path) => {
      const doc = facts.docs.get(path);
      if (!doc) return undefined;
      const cached = slugs.get(path);
      if (cached) return cached;
      const set = new Set(doc.headings.map((h) => h.slug));
      slugs.set(path, set);
      return set;
    },
    exportedNames,
  };
}

/** Lines of a text as an editor numbers them (a final newline opens no line). */
export function lineCountOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}
