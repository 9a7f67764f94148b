/**
 * Relative links of a document, read from the mdast tree: inline links, images and reference
 * definitions. A reference `[a][ref]` is recorded once, at its definition, because that is the
 * line where the destination is written (and where a grep finds it).
 */
import type { Definition, Image, Link, Nodes, Root } from 'mdast';
import { visit } from './markdown-parse.js';
import type { SourceText } from './markdown-source.js';
import type { DocLinkFact } from './markdown-types.js';

/** `https:`, `mailto:`, `data:` … and protocol-relative `//host` leave the repository. */
export function isExternalUrl(url: string): boolean {
  return url.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(url);
}

export function collectLinks(root: Root, source: SourceText): DocLinkFact[] {
  const links: DocLinkFact[] = [];
  visit(root, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return true;
    const url = node.url;
    if (url.length === 0 || isExternalUrl(url) || !node.position) return true;
    const { literal, offset } = locateUrl(node, source.text);
    const via = node.type === 'image' ? 'image' : node.type === 'link' ? 'link' : 'definition';
    links.push({ raw: url, literal, ...source.placeAt(offset), via });
    return true;
  });
  return links;
}

/**
 * Finds the destination as written, searching after the link text so that `[./a.md](./a.md)`
 * cites the destination. When unescaping changed it (`./a\_b.md`), the destination is not in the
 * source verbatim; the link's own source (first line) is cited instead, which is.
 */
function locateUrl(node: Link | Image | Definition, text: string): { literal: string; offset: number } {
  const start = node.position!.start.offset!;
  const end = node.position!.end.offset!;
  const from = searchStart(node, text, start, end);
  const at = text.indexOf(node.url, from);
  if (at >= 0 && at + node.url.length <= end) return { literal: node.url, offset: at };
  const source = text.slice(start, end);
  const lineEnd = source.search(/\r|\n/);
  return { literal: lineEnd < 0 ? source : source.slice(0, lineEnd), offset: start };
}

function searchStart(node: Link | Image | Definition, text: string, start: number, end: number): number {
  if (node.type === 'link') {
    const last: Nodes | undefined = node.children[node.children.length - 1];
    return last?.position?.end.offset ?? start;
  }
  const marker = text.indexOf(node.type === 'image' ? '](' : ']:', start);
  return marker >= 0 && marker < end ? marker + 2 : start;
}
