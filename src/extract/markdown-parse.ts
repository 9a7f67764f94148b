/**
 * The one Markdown parser setup: CommonMark + GFM + YAML front matter. MDX is parsed the same way;
 * its JSX and ESM lines come out as paragraphs or HTML, which no extractor reads as links.
 */
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';

const extensions = [gfm(), frontmatter(['yaml'])];
const mdastExtensions = [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])];

export { isMarkdownPath } from './markdown-path.js';

export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions, mdastExtensions });
}

/**
 * Depth-first, in document order, iterative so that deeply nested quotes or lists cannot overflow
 * the stack. `enter` returning false skips the node's children. Code blocks and raw HTML are
 * never entered: nothing inside them is a link or a mention.
 */
export function visit(root: Nodes, enter: (node: Nodes) => boolean): void {
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'code' || node.type === 'html') continue;
    if (!enter(node) || !('children' in node)) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** Plain text as GitHub renders it for anchors: text and inline code, no image alt, no HTML tags. */
export function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'html' || node.type === 'image' || !('children' in node)) return '';
  let out = '';
  for (const child of node.children) out += plainText(child);
  return out;
}
