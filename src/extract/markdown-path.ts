/**
 * File names proofmap reads as Markdown documents. Apart from markdown-parse.ts, so code that only
 * classifies paths does not load the Markdown parser with it.
 */
export function isMarkdownPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.endsWith('.md') || lower.endsWith('.mdx') || lower.endsWith('.markdown');
}
