/**
 * A record's status: front matter `status:` (MADR) wins, being explicit; else the first paragraph
 * of a `## Status` section (adr-tools, Nygard). MADR's `status: superseded by [ADR-5](0005-x.md)`
 * also declares a link, read here with the same phrases as the body.
 */
import type { Root } from 'mdast';
import { isScalar } from '../model/yaml.js';
import { type DeclaredLinks, targetValue, toLink } from './artifact-body.js';
import { type FrontMatterYaml, placeOf } from './artifact-front-matter.js';
import { declarations } from './artifact-phrases.js';
import { parseMarkdown, plainText } from './markdown-parse.js';

/** Status words reported in lower case; "superceded" is read as the word it misspells. */
const KNOWN_STATUS: ReadonlyMap<string, string> = new Map(
  ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded', 'draft', 'withdrawn', 'amended']
    .map((word) => [word, word] as [string, string])
    .concat([['superceded', 'superseded']]),
);

export function statusWord(text: string): string | undefined {
  const line = text
    .trim()
    .split(/\r\n|\n|\r/)[0]!
    .trim();
  if (line.length === 0) return undefined;
  const first = /^[\p{L}]+/u.exec(line)?.[0].toLowerCase();
  return (first && KNOWN_STATUS.get(first)) ?? line.slice(0, 80);
}

/**
 * The status a record's body gives: a `- Status: accepted` bullet or a `Status: accepted` line
 * (MADR 2, log4brains), else the first paragraph under a heading reading "Status" (adr-tools,
 * Nygard), up to the next heading.
 */
export function statusFromBody(root: Root): string | undefined {
  const line = fieldLine(root, 'status');
  return line === undefined ? statusSection(root) : statusWord(line);
}

/**
 * The value of a `Name: value` line at the top level of the body, as MADR 2 writes its metadata
 * (`- Status: accepted`, `* Deciders: Alice, Bob`), in a list item or a paragraph of its own.
 */
export function fieldLine(root: Root, name: string): string | undefined {
  const field = new RegExp(`^\\s*${name}\\s*:\\s*(.+)$`, 'i');
  const firstLines = (node: Root['children'][number]): string[] => {
    if (node.type === 'paragraph') return plainText(node).split(/\r\n|\n|\r/);
    if (node.type !== 'list') return [];
    return node.children.flatMap((item) => {
      const first = item.children[0];
      return first?.type === 'paragraph' ? [plainText(first).split(/\r\n|\n|\r/)[0]!] : [];
    });
  };
  for (const node of root.children) {
    for (const text of firstLines(node)) {
      const match = field.exec(text);
      if (match) return match[1]!.trim();
    }
  }
  return undefined;
}

function statusSection(root: Root): string | undefined {
  const children = root.children;
  const at = children.findIndex(
    (node) => node.type === 'heading' && plainText(node).trim().replace(/:$/, '').toLowerCase() === 'status',
  );
  for (let i = at + 1; at >= 0 && i < children.length; i++) {
    const node = children[i]!;
    if (node.type === 'heading') return undefined;
    if (node.type === 'paragraph') return statusWord(plainText(node));
  }
  return undefined;
}

/** Links declared inside the front matter `status:` value, cited on its line. */
export function statusLinks(path: string, selfId: string, fm: FrontMatterYaml): DeclaredLinks {
  const out: DeclaredLinks = { links: [], coverage: [] };
  const node = fm.entries.find((entry) => entry.key.toLowerCase() === 'status')?.value;
  if (!node || !isScalar(node) || typeof node.value !== 'string') return out;
  const value = node.value;
  const paragraph = parseMarkdown(value).children.find((child) => child.type === 'paragraph');
  if (paragraph?.type !== 'paragraph') return out;
  const place = placeOf(fm, node);
  for (const declaration of declarations(paragraph, new Map())) {
    for (const target of declaration.targets) {
      const literal = target.kind === 'id' ? target.id : target.url;
      const inner = value.indexOf(literal);
      const cited =
        inner >= 0
          ? { literal, column: place.column + inner }
          : { literal: place.literal, column: place.column };
      const resolved = targetValue(path, target);
      const at = { line: place.line, excerpt: place.excerpt, ...cited, source: 'front-matter' as const };
      if (typeof resolved === 'string') out.links.push(toLink(declaration, resolved, selfId, at));
      else out.coverage.push({ ...resolved, scope: `${path}:${place.line}` });
    }
  }
  return out;
}
