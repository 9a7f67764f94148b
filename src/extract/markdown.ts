/**
 * extractDoc: the per-document phase of the Markdown extractor. Pure: text in, facts out; links
 * stay as written and are resolved by linkDoc (markdown-link-doc.ts) once every file is known.
 */
import type { Root } from 'mdast';
import { fastDocFacts } from './markdown-fast.js';
import { readFrontMatter } from './markdown-front-matter.js';
import { fullParseRefusal } from './markdown-limits.js';
import { collectLinks } from './markdown-links.js';
import { collectMentions } from './markdown-mentions.js';
import { parseMarkdown, plainText, visit } from './markdown-parse.js';
import { createSlugger } from './markdown-slugs.js';
import { type SourceText, sourceText } from './markdown-source.js';
import type { DocFacts, DocHeading } from './markdown-types.js';

export { linkDoc } from './markdown-link-doc.js';
export { isMarkdownPath } from './markdown-parse.js';
export { createSlugger, githubSlug } from './markdown-slugs.js';
export type * from './markdown-types.js';

export function extractDoc(path: string, text: string): DocFacts {
  // micromark drops a leading byte-order mark; dropping it here too keeps offsets aligned.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const fast = fastDocFacts(path, body);
  if ('facts' in fast) return fast.facts;
  const refusal = fullParseRefusal(body);
  if (refusal) {
    const reason = `The Markdown fast pass could not decide this document (${fast.undecided}) and the full parser was not run: ${refusal}; no links were read.`;
    return empty([{ analyzer: 'markdown', scope: path, status: 'too-complex', reason }]);
  }
  return fullDocFacts(path, body);
}

/** The reference pass: micromark + mdast. Slow, but it decides everything the fast pass leaves. */
export function fullDocFacts(path: string, body: string): DocFacts {
  let root: Root;
  try {
    root = parseMarkdown(body);
  } catch (cause) {
    const reason = `The Markdown parser failed (${(cause as Error).message}), so no links were read.`;
    return empty([{ analyzer: 'markdown', scope: path, status: 'failed', reason }]);
  }
  const source = sourceText(body);
  const { frontMatter, coverage } = readFrontMatter(path, root);
  const { mentions, symbols } = collectMentions(root, source);
  const facts: DocFacts = {
    headings: headings(root, source),
    links: collectLinks(root, source),
    mentions,
    symbols,
    coverage,
  };
  if (frontMatter) facts.frontMatter = frontMatter;
  return facts;
}

function headings(root: Root, source: SourceText): DocHeading[] {
  const slug = createSlugger();
  const out: DocHeading[] = [];
  visit(root, (node) => {
    if (node.type !== 'heading' || !node.position) return true;
    const text = plainText(node);
    out.push({
      text,
      slug: slug(text),
      depth: node.depth,
      line: source.placeAt(node.position.start.offset!).line,
    });
    return false;
  });
  return out;
}

function empty(coverage: DocFacts['coverage']): DocFacts {
  return { headings: [], links: [], mentions: [], symbols: [], coverage };
}
