/**
 * Inline content the fast pass leaves to micromark: all of a document's, parsed in one call
 * (setting micromark up costs more than a paragraph), each as one paragraph of a small document
 * followed by the document's definitions, with offsets mapped back to the body.
 */
import type { Paragraph, Root } from 'mdast';
import { fullParseRefusal } from './markdown-limits.js';
import { collectLinks } from './markdown-links.js';
import { collectMentions } from './markdown-mentions.js';
import { parseMarkdown, plainText } from './markdown-parse.js';
import type { SourceText } from './markdown-source.js';
import type { DocFacts, DocLinkFact, DocMentionFact, DocSymbolFact } from './markdown-types.js';

/** Inline content left to the full parser, and where its facts go in the document's lists. */
export interface Deferred {
  content: string;
  map: (offset: number) => number;
  at: { links: number; mentions: number; symbols: number };
  heading?: { text: string };
}

interface Insert<T> {
  at: number;
  items: T[];
}

/** `list` with each insert's items placed before the element that was at its index. */
function insertAll<T>(list: T[], inserts: Insert<T>[]): T[] {
  const out: T[] = [];
  let next = 0;
  for (const { at, items } of inserts) {
    while (next < at) out.push(list[next++]!);
    for (const item of items) out.push(item);
  }
  while (next < list.length) out.push(list[next++]!);
  return out;
}

/**
 * Each deferred content becomes one paragraph of a small document, followed by the document's
 * definitions (so references resolve as they do in the document); offsets in it map back to the
 * body. If micromark does not read each content as exactly one paragraph, the whole document
 * falls back.
 */
export function readDeferred(
  deferred: Deferred[],
  definitionLabels: ReadonlyMap<string, boolean>,
  source: SourceText,
  facts: DocFacts,
): string | undefined {
  if (deferred.length === 0) return undefined;
  const starts: number[] = [];
  let text = '';
  for (const { content } of deferred) {
    starts.push(text.length);
    text += `${content}\n\n`;
  }
  for (const [label, internal] of definitionLabels) text += `[${label}]: ${internal ? 'x' : 'x:'}\n`;
  // Each content passed fullParseRefusal alone; together they may not (many dense paragraphs).
  const refusal = fullParseRefusal(text);
  if (refusal) return `its paragraphs left to the full parser are too much for it together (${refusal})`;
  let root: Root;
  try {
    root = parseMarkdown(text);
  } catch {
    return 'the Markdown parser failed on a paragraph';
  }
  const definitions = root.children.slice(deferred.length);
  const whole =
    definitions.every((node) => node.type === 'definition') &&
    deferred.every((entry, i) => {
      const node = root.children[i];
      return (
        node?.type === 'paragraph' &&
        node.position?.start.offset === starts[i] &&
        node.position?.end.offset === starts[i]! + entry.content.length
      );
    });
  if (!whole) return 'a paragraph that does not parse as one on its own';
  const inserts = {
    links: [] as Insert<DocLinkFact>[],
    mentions: [] as Insert<DocMentionFact>[],
    symbols: [] as Insert<DocSymbolFact>[],
  };
  deferred.forEach((entry, i) => {
    const paragraph = root.children[i] as Paragraph;
    const base = starts[i]!;
    const view: SourceText = {
      text,
      placeAt: (offset) => source.placeAt(entry.map(offset - base)),
      lineOf: (offset) => source.lineOf(entry.map(offset - base)),
    };
    const links = collectLinks({ type: 'root', children: [paragraph] }, view);
    const { mentions, symbols } = collectMentions(
      { type: 'root', children: [paragraph, ...definitions] },
      view,
    );
    inserts.links.push({ at: entry.at.links, items: links });
    inserts.mentions.push({ at: entry.at.mentions, items: mentions });
    inserts.symbols.push({ at: entry.at.symbols, items: symbols });
    if (entry.heading) entry.heading.text = plainText(paragraph);
  });
  facts.links = insertAll(facts.links, inserts.links);
  facts.mentions = insertAll(facts.mentions, inserts.mentions);
  facts.symbols = insertAll(facts.symbols, inserts.symbols);
  return undefined;
}
