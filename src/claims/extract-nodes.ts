/** The two views of a parsed document that extraction needs and the shared visitor does not give. */
import type { Code, Nodes } from 'mdast';
import { visit } from '../extract/markdown-parse.js';

/**
 * Text inside any link, external ones included: `[`contributing.md`][contributing]` names a file
 * of the link's target, often another repository, not of this one.
 */
export function linkSpans(root: Nodes): (line: number, column: number) => boolean {
  const spans: [number, number, number, number][] = [];
  visit(root, (node) => {
    if ((node.type === 'link' || node.type === 'linkReference') && node.position) {
      const { start, end } = node.position;
      spans.push([start.line, start.column, end.line, end.column]);
    }
    return true;
  });
  return (line, column) =>
    spans.some(
      ([l1, c1, l2, c2]) =>
        (line > l1 || (line === l1 && column >= c1)) && (line < l2 || (line === l2 && column < c2)),
    );
}

/** Fenced code blocks, which the shared visitor deliberately never enters. */
export function codeNodes(root: Nodes): Code[] {
  const out: Code[] = [];
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'code' && node.position) out.push(node);
    else if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}
