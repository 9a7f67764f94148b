/**
 * One parse per document per run. Extraction, heading slugs and anchors all need a document's
 * facts or tree; parsing Markdown is most of what a claims run costs, so each text is parsed
 * once and shared. Keyed by the text itself, so a changed document is parsed anew; cleared at
 * the start of every investigation so memory stays bounded by one run.
 */
import type { Root } from 'mdast';
import { type DocFacts, extractDoc } from '../extract/markdown.js';
import { parseMarkdown } from '../extract/markdown-parse.js';

const facts = new Map<string, DocFacts>();
const roots = new Map<string, Root>();

/** The Markdown extractor's facts; the path only names coverage scopes, which claims never read. */
export function docFacts(path: string, text: string): DocFacts {
  const known = facts.get(text);
  if (known) return known;
  const fresh = extractDoc(path, text);
  facts.set(text, fresh);
  return fresh;
}

/** The parsed tree of a document, without its byte-order mark (as the extractor sees it). */
export function docRoot(text: string): Root {
  const known = roots.get(text);
  if (known) return known;
  const fresh = parseMarkdown(text.replace(/^\uFEFF/, ''));
  roots.set(text, fresh);
  return fresh;
}

export function resetParsed(): void {
  facts.clear();
  roots.clear();
}
