/**
 * Anchors a document offers besides GitHub heading slugs: HTML anchors (`<a name="x">`,
 * `id="x"`), which GitHub keeps and links to, and `{#custom-id}` heading ids, which only docs
 * sites honour. HTML is read from the parsed document's HTML nodes, never from code blocks or
 * inline code, so an anchor shown as an example is not one the document has.
 */

import type { Nodes } from 'mdast';
import { customHeadingId } from '../extract/markdown-link-site.js';
import { docFacts, docRoot } from './parsed.js';

export interface DocAnchors {
  /** Ids from HTML `name`/`id` attributes, with the line that declares each. */
  html: ReadonlyMap<string, number>;
  /** `{#custom-id}` heading ids, with the heading's line. */
  custom: ReadonlyMap<string, number>;
  /** GitHub heading slugs, with the heading's line (the evidence of a verified anchor). */
  slugs: ReadonlyMap<string, number>;
}

const ATTRIBUTE = /<[A-Za-z][\w-]*\s[^>]*?\b(?:name|id)\s*=\s*["']([^"']+)["']/g;

export function docAnchors(doc: string, text: string): DocAnchors {
  const body = text.replace(/^\uFEFF/, '');
  const html = new Map<string, number>();
  const stack: Nodes[] = [docRoot(body)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'code' || node.type === 'inlineCode') continue;
    if (node.type === 'html' && node.position)
      for (const m of node.value.matchAll(ATTRIBUTE)) {
        const line = node.position.start.line + node.value.slice(0, m.index).split('\n').length - 1;
        if (!html.has(m[1]!)) html.set(m[1]!, line);
      }
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
  const custom = new Map<string, number>();
  const slugs = new Map<string, number>();
  for (const h of docFacts(doc, text).headings) {
    const id = customHeadingId(h.text);
    if (id && !custom.has(id)) custom.set(id, h.line);
    slugs.set(h.slug, h.line);
  }
  return { html, custom, slugs };
}
