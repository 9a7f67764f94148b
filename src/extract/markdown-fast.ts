/**
 * The fast pass of the Markdown extractor: the same DocFacts as the full (micromark + mdast)
 * pass, read from markdown-it tokens at 20-50× its speed. test/extract/markdown-fast.test.ts
 * proves the two agree on every fixture, on proofmap's own docs and on every README of the
 * installed packages.
 *
 * One paragraph, heading or table cell goes to micromark (all of a document's in one batch)
 * when its text holds what markdown-it does not decide as GFM does:
 * - a GFM autolink literal other than a plain `http(s)://` URL after a blank (`www.`, emails,
 *   a URL after a stray `[` or running into markup): mdast splits text around them by its own
 *   rules, and text nodes its transform splits lose their positions (hence their mentions);
 * - `~` (GFM strikes `~one~`; markdown-it only `~~two~~`), `[^` (footnote calls), tabs.
 * The whole document goes to the full parser (bounded by markdown-limits.ts) on:
 * - NUL bytes; reference definitions with a title, over several lines, or footnote definitions;
 * - nesting deeper than markdown-it descends (it drops the rest; mdast does not);
 * - inline content whose lines are not found verbatim at the end of their source lines
 *   (Unicode blanks markdown-it trims, partial tabs), table cells not found between pipes;
 * - a batched paragraph that micromark does not read as one paragraph on its own.
 */

import type Token from 'markdown-it/lib/token.mjs';
import { type Deferred, readDeferred } from './markdown-fast-batch.js';
import { atxContent, frontMatter, hasOddBlank, type LineTable, lineTable } from './markdown-fast-lines.js';
import {
  createFastParser,
  type FastEnv,
  MAX_NESTING,
  PLAIN,
  type PlacedToken,
  placePending,
} from './markdown-fast-parser.js';
import { type Run, splitAtUrls } from './markdown-fast-urls.js';
import { type FrontMatterRead, readFrontMatterValue } from './markdown-front-matter.js';
import { simpleFrontMatter } from './markdown-front-matter-simple.js';
import { fullParseRefusal } from './markdown-limits.js';
import { afterMarker, isExternalUrl, linkFact } from './markdown-links.js';
import { inlineCodeMention, type MentionFacts, proseMentions } from './markdown-mentions.js';
import { createSlugger } from './markdown-slugs.js';
import { lastAtOrBefore, type SourceText, sourceText } from './markdown-source.js';
import type { DocFacts, DocLinkFact } from './markdown-types.js';

/** The facts, with how many characters of inline content the full parser re-read; or why not. */
export type FastResult = { facts: DocFacts; reparsed: number } | { undecided: string };

let parser: ReturnType<typeof createFastParser> | undefined;

const EMAIL = /[\w+.-]@[\w-]+\./;
const WWW = /www\./i;
const HTTP = /https?:\/\//i;

/**
 * Text where GFM may find an autolink literal (an email, `www.`, `http://`, `https://`; mailto:
 * and xmpp: need an email too), or a footnote call. A superset: such text goes to the full parser.
 * It is `/[\w+.-]@[\w-]+\.|www\.|https?:\/\/|\[\^/i.test(text)` with each branch tried only when
 * `includes` finds the character it needs: one expression of four branches ran over every
 * paragraph of prose, and most hold no `@` or `//`.
 */
export function mayHoldAutolinkOrFootnote(text: string): boolean {
  return (
    (text.includes('@') && EMAIL.test(text)) ||
    text.includes('[^') ||
    (text.includes('//') && HTTP.test(text)) ||
    (text.includes('.') && WWW.test(text))
  );
}

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
  const source = sourceText(body, lines.starts);
  const walk = new Walk(source, lines, fed.starts);
  const facts = walk.run(tokens);
  if (walk.undecided) return { undecided: walk.undecided };
  const simple = matter && simpleFrontMatter(matter.value);
  if (matter && simple) facts.frontMatter = { data: simple, line: matter.line, endLine: matter.endLine };
  else if (matter) {
    const read: FrontMatterRead = readFrontMatterValue(path, matter.value, matter.line, matter.endLine);
    facts.coverage.push(...read.coverage);
    if (read.frontMatter) facts.frontMatter = read.frontMatter;
  }
  return { facts, reparsed: walk.reparsed };
}

/** A paragraph is re-read by the full parser only up to this length (it is slow on some input). */
const INLINE_FULL_PARSE_MAX = 20_000;

interface InlineFacts extends MentionFacts {
  links: DocLinkFact[];
}

/**
 * `target.push(...items)` without the spread: a paragraph of 100,000 links would pass each as an
 * argument and overflow the stack.
 */
function append<T>(target: T[], items: T[]): void {
  for (const item of items) target.push(item);
}

/** The link_close of the link_open at `i` (links do not nest, so it is the next one). */
function closeOf(children: PlacedToken[], i: number): PlacedToken | undefined {
  for (let j = i + 1; j < children.length; j++) if (children[j]!.type === 'link_close') return children[j];
  return undefined;
}

class Walk {
  undecided: string | undefined;
  /** Characters of inline content handed to the full parser. */
  reparsed = 0;
  private readonly deferred: Deferred[] = [];
  private readonly facts: DocFacts = { headings: [], links: [], mentions: [], symbols: [], coverage: [] };
  private readonly slug = createSlugger();

  private readonly internalDefinitions = new Set<string>();
  /** Every definition's label as written → whether one of that label is internal. */
  private readonly definitionLabels = new Map<string, boolean>();
  private inTable = false;
  /** Where the next cell of the current table row is searched, and how many empty cells precede it. */
  private rowCursor = 0;
  private emptyCells = 0;
  /** markdown-it maps table rows to lines, not their cells. */
  private rowLine = -1;
  private rowText: string | undefined;
  private rowEscapedBackslash = false;

  constructor(
    private readonly source: SourceText,
    private readonly lines: LineTable,
    private readonly fedStarts: number[],
  ) {}

  run(tokens: Token[]): DocFacts {
    // mdast skips the text of links to internal definitions; definitions may follow their use.
    for (const token of tokens) {
      if (token.type !== 'definition') continue;
      const { url, label } = token.meta as { url: string; label: string };
      if (!isExternalUrl(url)) this.internalDefinitions.add(normalizeIdentifier(label));
      if (!this.definitionLabels.has(label)) this.definitionLabels.set(label, false);
      if (!isExternalUrl(url)) this.definitionLabels.set(label, true);
    }
    for (let i = 0; i < tokens.length && !this.undecided; i++) {
      const token = tokens[i]!;
      if (token.level >= MAX_NESTING - 1) this.undecided = 'nesting deeper than the fast pass descends';
      else if (token.type === 'table_open') this.inTable = true;
      else if (token.type === 'table_close') this.inTable = false;
      else if (token.type === 'tr_open') {
        this.rowLine = token.map?.[0] ?? -1;
        this.rowText = undefined;
        this.rowCursor = 0;
        this.emptyCells = 0;
      } else if (token.type === 'definition') this.definition(token);
      else if (token.type === 'heading_open') {
        const read = this.inline(tokens[i + 1]!, token.markup);
        const line = (token.map?.[0] ?? 0) + 1;
        const heading = {
          text: typeof read === 'string' ? read : '',
          slug: '',
          depth: Number(token.tag.slice(1)),
          line,
        };
        if (typeof read !== 'string') read.heading = heading;
        this.facts.headings.push(heading);
        i++;
      } else if (token.type === 'inline') this.inline(token, undefined);
    }
    if (!this.undecided) {
      const problem = readDeferred(this.deferred, this.definitionLabels, this.source, this.facts);
      if (problem) this.decline(problem);
    }
    // Slugs last: a deferred heading's text is known only now, and duplicates count in order.
    for (const heading of this.facts.headings) heading.slug = this.slug(heading.text);
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
    const lo = lastAtOrBefore(starts, offset);
    return this.lines.starts[lo]! + (offset - starts[lo]!);
  }

  /** Facts of one inline token; returns its plain text (what a heading's anchor is made of). */
  private inline(token: Token, headingMarkup: string | undefined): string | Deferred {
    const content = token.content;
    const plain = token.meta === PLAIN;
    const children = (token.children ?? []) as PlacedToken[];
    if (content.length === 0 || (children.length === 0 && !plain)) {
      if (this.inTable) this.emptyCells++;
      return '';
    }
    const map = this.contentMap(token, headingMarkup);
    if (!map) {
      const line = (this.inTable ? this.rowLine : (token.map?.[0] ?? -1)) + 1;
      return this.decline(`inline content not found verbatim in its source lines (line ${line})`);
    }
    // Tabs (markdown-it and micromark trim them differently at line ends) and `~` (GFM strikes
    // `~one~`, markdown-it only `~~two~~`): this content alone goes to the full parser.
    if (content.includes('\t') || content.includes('~')) return this.inlineByFullParser(content, map);
    if (plain) {
      if (!mayHoldAutolinkOrFootnote(content)) {
        // One text node, as mdast has it: soft breaks are `\n`, blanks around them dropped.
        const value = content.includes('\n') ? content.replace(/ *\n */g, '\n') : content;
        proseMentions(value, map(0), map(content.length), this.source, this.facts);
        return value;
      }
      parser!.inline.parse(content, parser!, {}, children);
    }
    const out: InlineFacts = { links: [], mentions: [], symbols: [] };
    // Only a heading's text is used (its anchor): a paragraph's is not built.
    const text = this.readInline(children, content, map, out, headingMarkup !== undefined);
    if (text === undefined) return this.inlineByFullParser(content, map);
    append(this.facts.links, out.links);
    append(this.facts.mentions, out.mentions);
    append(this.facts.symbols, out.symbols);
    return text;
  }

  /**
   * The facts of markdown-it's inline tokens, and their plain text when `wantText` (else ''); or
   * undefined when a text run needs the full parser.
   */
  private readInline(
    children: PlacedToken[],
    content: string,
    map: (offset: number) => number,
    out: InlineFacts,
    wantText: boolean,
  ): string | undefined {
    placePending(children, content.length);
    let text = '';
    let run: Run | undefined;
    // Inside a link to a repository file, text is not read for mentions: the link already says it.
    let skipping = 0;
    let undecided = false;
    // A `[` in text that opened no link: GFM then finds autolink literals by another route.
    let strayBracket = false;
    const skips: boolean[] = [];
    const flush = () => {
      if (!run) return;
      // Text inside a link never holds an autolink literal (GFM does not nest links).
      let nodes: Run[] | undefined = [run];
      if (skips.length === 0 && mayHoldAutolinkOrFootnote(run.value)) {
        nodes = strayBracket ? undefined : splitAtUrls(run, children, content, map, this.source.text);
      }
      if (!nodes) undecided = true;
      else if (skipping === 0)
        for (const node of nodes) proseMentions(node.value, node.start, node.end, this.source, out);
      if (run.value.includes('[')) strayBracket = true;
      run = undefined;
    };
    for (let i = 0; i < children.length && !undecided; i++) {
      const child = children[i]!;
      const type = child.type;
      if (child.level >= MAX_NESTING - 1) return this.decline('nesting deeper than the fast pass descends');
      if (type === 'text' || type === 'text_special' || type === 'softbreak') {
        const piece = type === 'softbreak' ? '\n' : child.content;
        if (piece.length === 0) continue;
        if (wantText) text += piece;
        if (run) {
          run.value += piece;
          run.end = map(child.end!);
          run.to = i;
        } else run = { value: piece, start: map(child.start!), end: map(child.end!), from: i, to: i };
        continue;
      }
      flush();
      if (child.start === undefined || child.end === undefined) return this.decline(`an unplaced ${type}`);
      if (type === 'code_inline') {
        if (wantText) text += child.content;
        if (skipping === 0)
          inlineCodeMention(child.content, map(child.start), map(child.end), this.source, out);
      } else if (type === 'link_open') {
        const skip = this.link(child, closeOf(children, i), content, map, out);
        skips.push(skip);
        if (skip) skipping++;
      } else if (type === 'link_close') {
        if (skips.pop()) skipping--;
      } else if (type === 'image') this.image(child, content, map, out);
    }
    flush();
    return undecided ? undefined : text;
  }

  /**
   * Content the fast pass leaves to micromark is parsed later, all of a document's in one call
   * (setting up micromark costs more than a paragraph): `at` is where its facts go.
   */
  private inlineByFullParser(content: string, map: (offset: number) => number): Deferred | string {
    if (content.length > INLINE_FULL_PARSE_MAX || fullParseRefusal(content))
      return this.decline('a paragraph too long or too nested to parse in full');
    this.reparsed += content.length;
    const { links, mentions, symbols } = this.facts;
    const deferred: Deferred = {
      content,
      map,
      at: { links: links.length, mentions: mentions.length, symbols: symbols.length },
    };
    this.deferred.push(deferred);
    return deferred;
  }

  private decline(reason: string): string {
    this.deferred.length = 0;
    this.undecided ??= reason;
    return '';
  }

  /** Records an inline link's fact; true when the text inside it is not read for mentions. */
  private link(
    open: PlacedToken,
    close: PlacedToken | undefined,
    content: string,
    map: (n: number) => number,
    out: InlineFacts,
  ): boolean {
    if (open.markup === 'autolink') return false;
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
    out.links.push(linkFact('link', url, start, map(end), from, this.source));
    return true;
  }

  private image(image: PlacedToken, content: string, map: (n: number) => number, out: InlineFacts): void {
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
    out.links.push(fact);
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
    const { body, starts, ends } = this.lines;
    const content = token.content;
    const bases: number[] = [];
    const contentStarts: number[] = [];
    let at = 0;
    for (let k = 0; at <= content.length; k++) {
      const newline = content.indexOf('\n', at);
      const last = newline < 0;
      const length = (last ? content.length : newline) - at;
      const line = first + k;
      if (line >= starts.length) return undefined;
      const lineStart = starts[line]!;
      let col: number;
      if (headingMarkup?.startsWith('#'))
        col = atxContent(this.lines.text(line), headingMarkup, content.slice(at, at + length));
      else {
        // The last line lost its trailing blanks to trim(); only spaces and tabs, or we fall back.
        let end = ends[line]!;
        if (last)
          while (end > lineStart && (body.charCodeAt(end - 1) === 0x20 || body.charCodeAt(end - 1) === 9))
            end--;
        col = end - length - lineStart;
      }
      if (col < 0 || !writtenAt(body, lineStart + col, content, at, length)) return undefined;
      if (k === 0 && hasOddBlank(body, lineStart, lineStart + col)) return undefined;
      if (last && hasOddBlank(body, lineStart + col + length, ends[line]!)) return undefined;
      bases.push(lineStart + col);
      contentStarts.push(at);
      if (last) break;
      at = newline + 1;
    }
    if (bases.length === 1) {
      const base = bases[0]!;
      return (offset) => base + offset;
    }
    // Binary search: a paragraph of many thousand lines is asked once per token (issue 22).
    return (offset) => {
      let lo = 0;
      let hi = contentStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (contentStarts[mid]! > offset) hi = mid - 1;
        else lo = mid;
      }
      return bases[lo]! + (offset - contentStarts[lo]!);
    };
  }

  /**
   * A table cell's content is found on its row after blanks and one pipe (more when empty cells
   * came before it). markdown-it drops the backslash of `\\|`, so every `|` in the content was
   * written `\\|`, and offsets after it shift by one.
   */
  private cellMap(line: number, content: string): ((offset: number) => number) | undefined {
    if (this.rowText === undefined) {
      this.rowText = this.lines.text(line);
      this.rowEscapedBackslash = this.rowText.includes('\\\\|');
    }
    const row = this.rowText;
    if (this.rowEscapedBackslash) return undefined;
    const written = content.includes('|') ? content.replaceAll('|', '\\|') : content;
    const col = row.indexOf(written, this.rowCursor);
    if (col < 0) return undefined;
    const pipes = pipesBetween(row, this.rowCursor, col);
    const expected = this.emptyCells + 1;
    const first = this.rowCursor === 0;
    if (!(pipes === expected || (first && pipes === expected - 1))) return undefined;
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

/**
 * Whether `content.slice(at, at + length)` is written in `body` at `pos`. Compared as strings, not
 * by startsWith: V8 compares equal strings block-wise but startsWith character by character, and
 * every paragraph of a document goes through here (a tenth of the fast pass with startsWith).
 */
function writtenAt(body: string, pos: number, content: string, at: number, length: number): boolean {
  const piece = at === 0 && length === content.length ? content : content.slice(at, at + length);
  return body.slice(pos, pos + length) === piece;
}

/** The pipes in `text` from `from` to `to` when nothing but spaces lies between them, else -1. */
function pipesBetween(text: string, from: number, to: number): number {
  let pipes = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7c) pipes++;
    else if (c !== 0x20) return -1;
  }
  return pipes;
}

/** micromark's label normalization: collapsed whitespace, trimmed, case-folded. */
function normalizeIdentifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase();
}
