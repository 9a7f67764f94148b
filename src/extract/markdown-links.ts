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
    const start = node.position.start.offset!;
    const end = node.position.end.offset!;
    links.push(linkFact(node.type, url, start, end, searchStart(node, source.text, start, end), source));
    return true;
  });
  return links;
}

/**
 * The fact of one relative link whose source is [start, end), its destination searched from
 * `from`. Shared by the full and the fast pass. Finds the destination as written, searching after
 * the link text so that `[./a.md](./a.md)` cites the destination. When unescaping changed it
 * (`./a\_b.md`), the destination is not in the source verbatim; the link's own source (first
 * line) is cited instead, which is.
 */
export function linkFact(
  type: 'link' | 'image' | 'definition',
  url: string,
  start: number,
  end: number,
  from: number,
  source: SourceText,
): DocLinkFact {
  const { text } = source;
  const at = text.indexOf(url, from);
  let literal = url;
  let offset = at;
  if (at < 0 || at + url.length > end) {
    const own = text.slice(start, end);
    const lineEnd = own.search(/\r|\n/);
    literal = lineEnd < 0 ? own : own.slice(0, lineEnd);
    offset = start;
  }
  return { raw: url, literal, ...source.placeAt(offset), via: type };
}

function searchStart(node: Link | Image | Definition, text: string, start: number, end: number): number {
  if (node.type === 'link') {
    const last: Nodes | undefined = node.children[node.children.length - 1];
    return last?.position?.end.offset ?? start;
  }
  return afterMarker(node.type, text, start, end);
}

/** Where an image's or a definition's destination search starts: after `](` or `]:`. */
export function afterMarker(type: 'image' | 'definition', text: string, start: number, end: number): number {
  const marker = text.indexOf(type === 'image' ? '](' : ']:', start);
  return marker >= 0 && marker < end ? marker + 2 : start;
}
