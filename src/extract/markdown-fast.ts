/**
 * The fast pass of the Markdown extractor: the same DocFacts as the full (micromark + mdast)
 * pass, read from markdown-it tokens at ~30× the speed, or `undecided` with the reason when the
 * document holds something whose facts it would not reproduce exactly. Then extractDoc runs the
 * full parser on that document. test/extract/markdown-fast.test.ts proves the two agree on every
 * fixture, on proofmap's own docs and on READMEs of installed packages.
 *
 * Falls back (the document as a whole) on:
 * - GFM autolink literals (`www.`, `://`, `@` in text): micromark and mdast split text around
 *   them by rules markdown-it does not have (and nodes mdast splits lose their positions);
 * - `~` strikethrough (GFM strikes `~one~`; markdown-it only `~~two~~`) and `[^` footnotes;
 * - reference definitions with a title or over several lines;
 * - tabs in inline content, NUL bytes, tables whose rows do not split like their header;
 * - nesting deeper than markdown-it descends (it drops the rest; mdast does not);
 * - any inline content whose lines cannot be found verbatim at the end of their source lines.
 */
import type Token from 'markdown-it/lib/token.mjs';
import {
  createFastParser,
  type FastEnv,
  MAX_NESTING,
  type PlacedToken,
  placePending,
} from './markdown-fast-parser.js';
import { type FrontMatterRead, readFrontMatterValue } from './markdown-front-matter.js';
import { afterMarker, isExternalUrl, linkFact } from './markdown-links.js';
import { inlineCodeMention, type MentionFacts, proseMentions } from './markdown-mentions.js';
import { createSlugger } from './markdown-slugs.js';
import { type SourceText, sourceText } from './markdown-source.js';
import type { DocFacts, DocLinkFact } from './markdown-types.js';

export type FastResult = { facts: DocFacts } | { undecided: string };

let parser: ReturnType<typeof createFastParser> | undefined;

/** Text GFM would turn into an autolink literal, or a footnote call. */
const AUTOLINK_OR_FOOTNOTE = /@|www\.|:\/\/|\[\^/i;

export function fastDocFacts(path: string, body: string): FastResult {
  if (body.includes('\0')) return { undecided: 'a NUL character' };
  parser ??= createFastParser();
  const lines = lineTable(body);
  const matter = frontMatter(body, lines);
  // markdown-it sees the front matter as blank lines, so every later line keeps its number.
  const fed = lines.fed(matter?.lineCount ?? 0);
  const env: FastEnv = {};
  const tokens = parser.parse(fed.text, env);
  if (env.undecided) return { undecided: env.undecided };
  const source = sourceText(body);
  const walk = new Walk(source, lines, fed.starts);
  const facts = walk.run(tokens);
  if (walk.undecided) return { undecided: walk.undecided };
  if (matter) {
    const read: FrontMatterRead = readFrontMatterValue(path, matter.value, matter.line, matter.endLine);
    facts.coverage.push(...read.coverage);
    if (read.frontMatter) facts.frontMatter = read.frontMatter;
  }
  return { facts };
}

interface LineTable {
  /** Offset of each line's first character in the body; \r\n, \r and \n end lines. */
  starts: number[];
  /** The line's text without its ending. */
  text(line: number): string;
  /** The text markdown-it parses: \n endings, the first `blank` lines emptied. */
  fed(blank: number): { text: string; starts: number[] };
}

function lineTable(body: string): LineTable {
  const starts = [0];
  const ends: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 10) {
      ends.push(i);
      starts.push(i + 1);
    } else if (c === 13) {
      ends.push(i);
      if (body.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  ends.push(body.length);
  const text = (line: number) => body.slice(starts[line]!, ends[line]!);
  return {
    starts,
    text,
    fed(blank) {
      const plain = !body.includes('\r');
      if (plain && blank === 0) return { text: body, starts };
      const parts: string[] = [];
      for (let line = 0; line < starts.length; line++) parts.push(line < blank ? '' : text(line));
      const fedStarts: number[] = [];
      let at = 0;
      for (const part of parts) {
        fedStarts.push(at);
        at += part.length + 1;
      }
      return { text: parts.join('\n'), starts: fedStarts };
    },
  };
}

interface FrontMatterBlock {
  value: string;
  line: number;
  endLine: number;
  lineCount: number;
}

/** YAML front matter as micromark-extension-frontmatter reads it: `---` lines, from line 1. */
function frontMatter(body: string, lines: LineTable): FrontMatterBlock | undefined {
  if (!body.startsWith('---')) return undefined;
  const fence = /^---[ \t]*$/;
  if (!fence.test(lines.text(0)) || lines.starts.length < 2) return undefined;
  for (let line = 1; line < lines.starts.length; line++) {
    if (!fence.test(lines.text(line))) continue;
    // The value runs from the line after the opening fence to the line ending before the closing one.
    const from = lines.starts[1]!;
    const to = line === 1 ? from : endOfLine(body, lines.starts[line]!);
    return { value: body.slice(from, to), line: 1, endLine: line + 1, lineCount: line + 1 };
  }
  return undefined;
}

/** The offset where the line before `nextStart` ends (before its \n, \r\n or \r). */
function endOfLine(body: string, nextStart: number): number {
  let end = nextStart - 1;
  if (body.charCodeAt(end) === 10 && body.charCodeAt(end - 1) === 13) end--;
  return end;
}

/** Whitespace other than space, tab and line endings. */
const ODD_BLANK = /[^\S \t\n\r]/;

/** A text run: what mdast makes one `text` node (text, escapes, entities and soft line breaks). */
interface Run {
  value: string;
  start: number;
  end: number;
}

class Walk {
  undecided: string | undefined;
  private readonly facts: DocFacts = { headings: [], links: [], mentions: [], symbols: [], coverage: [] };
  private readonly mentions: MentionFacts;
  private readonly slug = createSlugger();
  private readonly internalDefinitions = new Set<string>();
  private inTable = false;
  /** Where the next cell of the current table row is searched, and how many empty cells precede it. */
  private rowCursor = 0;
  private emptyCells = 0;
  /** markdown-it maps table rows to lines, not their cells. */
  private rowLine = -1;

  constructor(
    private readonly source: SourceText,
    private readonly lines: LineTable,
    private readonly fedStarts: number[],
  ) {
    this.mentions = { mentions: this.facts.mentions, symbols: this.facts.symbols };
  }

  run(tokens: Token[]): DocFacts {
    // mdast skips the text of links to internal definitions; definitions may follow their use.
    for (const token of tokens) {
      if (token.type !== 'definition') continue;
      const { url, label } = token.meta as { url: string; label: string };
      if (!isExternalUrl(url)) this.internalDefinitions.add(normalizeIdentifier(label));
    }
    for (let i = 0; i < tokens.length && !this.undecided; i++) {
      const token = tokens[i]!;
      if (token.level >= MAX_NESTING - 1) this.undecided = 'nesting deeper than the fast pass descends';
      else if (token.type === 'table_open') this.inTable = true;
      else if (token.type === 'table_close') this.inTable = false;
      else if (token.type === 'tr_open') {
        this.rowLine = token.map?.[0] ?? -1;
        this.rowCursor = 0;
        this.emptyCells = 0;
      } else if (token.type === 'definition') this.definition(token);
      else if (token.type === 'heading_open') {
        const inline = tokens[i + 1]!;
        const text = this.inline(inline, token.markup);
        const line = (token.map?.[0] ?? 0) + 1;
        this.facts.headings.push({ text, slug: this.slug(text), depth: Number(token.tag.slice(1)), line });
        i++;
      } else if (token.type === 'inline') this.inline(token, undefined);
    }
    return this.facts;
  }

  private definition(token: Token): void {
    const { start, end, url } = token.meta as { start: number; end: number; url: string };
    if (url.length === 0 || isExternalUrl(url)) return;
    const from = this.fedToBody(start);
    const to = this.fedToBody(end);
    const search = afterMarker('definition', this.source.text, from, to);
    this.facts.links.push(linkFact('definition', url, from, to, search, this.source));
  }

  private fedToBody(offset: number): number {
    const starts = this.fedStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return this.lines.starts[lo]! + (offset - starts[lo]!);
  }

  /** Facts of one inline token; returns its plain text (what a heading's anchor is made of). */
  private inline(token: Token, headingMarkup: string | undefined): string {
    const content = token.content;
    const children = (token.children ?? []) as PlacedToken[];
    if (content.length === 0 || children.length === 0) {
      if (this.inTable) this.emptyCells++;
      return '';
    }
    if (content.includes('\t')) return this.decline('a tab in inline content');
    const map = this.contentMap(token, headingMarkup);
    if (!map) {
      const line = (this.inTable ? this.rowLine : (token.map?.[0] ?? -1)) + 1;
      return this.decline(`inline content not found verbatim in its source lines (line ${line})`);
    }
    placePending(children, content.length);
    let text = '';
    let run: Run | undefined;
    // Each open link says whether mentions inside it are skipped (the link already says it).
    const links: boolean[] = [];
    const flush = () => {
      if (!run) return;
      if (AUTOLINK_OR_FOOTNOTE.test(run.value)) this.decline('a GFM autolink literal or footnote');
      else if (!links.includes(true))
        proseMentions(run.value, run.start, run.end, this.source, this.mentions);
      run = undefined;
    };
    for (const child of children) {
      const type = child.type;
      if (child.level >= MAX_NESTING - 1) return this.decline('nesting deeper than the fast pass descends');
      if (type === 'text' || type === 'text_special' || type === 'softbreak') {
        const piece = type === 'softbreak' ? '\n' : child.content;
        if (piece.length === 0) continue;
        text += piece;
        if (run) {
          run.value += piece;
          run.end = map(child.end!);
        } else run = { value: piece, start: map(child.start!), end: map(child.end!) };
        continue;
      }
      flush();
      if (child.start === undefined || child.end === undefined) return this.decline(`an unplaced ${type}`);
      const start = map(child.start);
      const end = map(child.end);
      if (type === 'code_inline') {
        text += child.content;
        if (!links.includes(true)) inlineCodeMention(child.content, start, end, this.source, this.mentions);
      } else if (type === 'link_open') {
        links.push(this.link(child, children, content, map));
      } else if (type === 'link_close') links.pop();
      else if (type === 'image') this.image(child, content, map);
    }
    flush();
    return this.undecided ? '' : text;
  }

  private decline(reason: string): string {
    this.undecided ??= reason;
    return '';
  }

  /** Records an inline link's fact; true when the text inside it is not read for mentions. */
  private link(
    open: PlacedToken,
    children: PlacedToken[],
    content: string,
    map: (n: number) => number,
  ): boolean {
    if (open.markup === 'autolink') return false;
    const close = children.find((c) => c.type === 'link_close' && c.start === open.labelEnd);
    const end = close?.end;
    if (end === undefined) return Boolean(this.decline('a link without its end'));
    const url = open.attrGet('href') ?? '';
    const labelEnd = open.labelEnd!;
    if (content.charCodeAt(end - 1) !== 0x29) {
      // A reference: mdast's linkReference, skipped when its definition is in the repository.
      const label = end === labelEnd + 1 ? '' : content.slice(labelEnd + 2, end - 1);
      const identifier = normalizeIdentifier(label === '' ? content.slice(open.labelStart, labelEnd) : label);
      return this.internalDefinitions.has(identifier);
    }
    if (url.length === 0 || isExternalUrl(url)) return false;
    const start = map(open.start!);
    const from = open.labelEnd === open.labelStart ? start : map(labelEnd);
    this.facts.links.push(linkFact('link', url, start, map(end), from, this.source));
    return true;
  }

  private image(image: PlacedToken, content: string, map: (n: number) => number): void {
    if (content.charCodeAt(image.end! - 1) !== 0x29) return; // imageReference: not a link fact
    const url = image.attrGet('src') ?? '';
    if (url.length === 0 || isExternalUrl(url)) return;
    const start = map(image.start!);
    const end = map(image.end!);
    const fact: DocLinkFact = linkFact(
      'image',
      url,
      start,
      end,
      afterMarker('image', this.source.text, start, end),
      this.source,
    );
    this.facts.links.push(fact);
  }

  /**
   * Content offset → body offset. markdown-it's inline content is its lines with container
   * prefixes and indentation cut off and the whole trimmed, so each content line is found at
   * the end of its source line (the last one before trailing blanks); a table cell is found
   * between its row's pipes, and an ATX heading after its `#`s.
   */
  private contentMap(
    token: Token,
    headingMarkup: string | undefined,
  ): ((offset: number) => number) | undefined {
    const first = this.inTable ? this.rowLine : token.map?.[0];
    if (first === undefined || first < 0) return undefined;
    if (this.inTable) return this.cellMap(first, token.content);
    const parts = token.content.split('\n');
    const bases: number[] = [];
    const contentStarts: number[] = [];
    let at = 0;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!;
      const line = this.lines.text(first + k);
      let col: number;
      if (headingMarkup?.startsWith('#')) col = atxContent(line, headingMarkup, part);
      else {
        const end = k === parts.length - 1 ? line.trimEnd().length : line.length;
        col = end - part.length;
        if (col < 0 || !line.startsWith(part, col)) col = -1;
      }
      if (col < 0) return undefined;
      // markdown-it trims Unicode blanks around the content; micromark only spaces and tabs.
      if (k === 0 && ODD_BLANK.test(line.slice(0, col))) return undefined;
      if (k === parts.length - 1 && ODD_BLANK.test(line.slice(col + part.length))) return undefined;
      bases.push(this.lines.starts[first + k]! + col);
      contentStarts.push(at);
      at += part.length + 1;
    }
    return (offset) => {
      let k = contentStarts.length - 1;
      while (k > 0 && contentStarts[k]! > offset) k--;
      return bases[k]! + (offset - contentStarts[k]!);
    };
  }

  /**
   * A table cell's content is found on its row after blanks and one pipe (more when empty cells
   * came before it). markdown-it drops the backslash of `\\|`, so every `|` in the content was
   * written `\\|`, and offsets after it shift by one.
   */
  private cellMap(line: number, content: string): ((offset: number) => number) | undefined {
    const row = this.lines.text(line);
    if (row.includes('\\\\|')) return undefined;
    const written = content.replaceAll('|', '\\|');
    const col = row.indexOf(written, this.rowCursor);
    if (col < 0) return undefined;
    const between = row.slice(this.rowCursor, col);
    const pipes = between.split('|').length - 1;
    const expected = this.emptyCells + 1;
    const first = this.rowCursor === 0;
    if (/[^ |]/.test(between) || !(pipes === expected || (first && pipes === expected - 1))) return undefined;
    this.rowCursor = col + written.length;
    this.emptyCells = 0;
    const base = this.lines.starts[line]! + col;
    const shifts: number[] = [];
    for (let i = content.indexOf('|'); i >= 0; i = content.indexOf('|', i + 1)) shifts.push(i);
    if (shifts.length === 0) return (offset) => base + offset;
    return (offset) => {
      let shift = 0;
      while (shift < shifts.length && shifts[shift]! < offset) shift++;
      return base + offset + shift;
    };
  }
}

/** Column of an ATX heading's content: after its opening `#`s and the blanks that follow them. */
function atxContent(line: string, markup: string, part: string): number {
  const hashes = line.indexOf(markup);
  if (hashes < 0) return -1;
  let col = hashes + markup.length;
  while (line.charCodeAt(col) === 0x20) col++;
  return line.startsWith(part, col) ? col : -1;
}

/** micromark's label normalization: collapsed whitespace, trimmed, case-folded. */
function normalizeIdentifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase();
}
