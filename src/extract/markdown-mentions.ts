/**
 * Candidate mentions: inline code and prose tokens that look like repo paths, and inline code that
 * looks like an identifier. Candidates only; linkDoc keeps those that name a discovered file or an
 * exported symbol. Text inside relative links is skipped: the link already says it, better.
 */
import type { Nodes, Root } from 'mdast';
import { isExternalUrl } from './markdown-links.js';
import { visit } from './markdown-parse.js';
import type { SourceText } from './markdown-source.js';
import type { DocMentionFact, DocSymbolFact } from './markdown-types.js';

/** Extensions that make a slash-less token (`README.md`, `tsconfig.json`) look like a file. */
const KNOWN_EXTENSIONS = new Set(
  (
    'ts tsx mts cts js jsx mjs cjs json jsonc md mdx markdown yml yaml toml ini cfg conf env lock txt ' +
    'html css scss sass less vue svelte astro py rb go rs java kt kts scala swift c h cc cpp hpp cs ' +
    'php sh bash zsh ps1 sql graphql gql proto xml csv tsv wasm'
  ).split(' '),
);

/** Identifier, optionally called: `createServer`, `foo()`, `parse(text, options)`. */
const IDENTIFIER = /^([A-Za-z_$][\w$]*)(\(.*\))?$/;
/** Characters that never occur in a path a doc means literally (globs, markup, shell). */
const NOT_A_PATH = /[\s*?[\]{}<>|"'`$\\]|:\/\//;
const OPENERS = '(["\'‘“<';
const CLOSERS = '.,;:!?)]}"\'’”>';

export interface MentionFacts {
  mentions: DocMentionFact[];
  symbols: DocSymbolFact[];
}

export function collectMentions(root: Root, source: SourceText): MentionFacts {
  const out: MentionFacts = { mentions: [], symbols: [] };
  const internalDefinitions = new Set<string>();
  visit(root, (node) => {
    if (node.type === 'definition' && !isExternalUrl(node.url)) internalDefinitions.add(node.identifier);
    return true;
  });
  visit(root, (node) => {
    if (node.type === 'link') return isExternalUrl(node.url);
    if (node.type === 'linkReference') return !internalDefinitions.has(node.identifier);
    if (node.type === 'inlineCode') inlineCode(node, source, out);
    else if (node.type === 'text') prose(node, source, out);
    return true;
  });
  return out;
}

function inlineCode(node: Nodes & { value: string }, source: SourceText, out: MentionFacts): void {
  inlineCodeMention(node.value, node.position?.start.offset, node.position?.end.offset, source, out);
}

function prose(node: Nodes & { value: string }, source: SourceText, out: MentionFacts): void {
  proseMentions(node.value, node.position?.start.offset, node.position?.end.offset, source, out);
}

/**
 * Facts of one inline code span whose source is [start, end): shared by the full and the fast
 * pass, so that both cite the same place for the same span.
 */
export function inlineCodeMention(
  raw: string,
  start: number | undefined,
  end: number | undefined,
  source: SourceText,
  out: MentionFacts,
): void {
  const value = raw.trim();
  const at = locate(start, end, value, source.text, 0);
  if (value.length === 0 || at === undefined) return;
  const identifier = IDENTIFIER.exec(value);
  if (identifier) {
    out.symbols.push({ name: identifier[1]!, literal: value, ...source.placeAt(at) });
    return;
  }
  const path = pathLike(value);
  if (path) out.mentions.push({ path, via: 'inline-code', ...source.placeAt(at) });
}

/** Mentions in one text node (value as mdast gives it) whose source is [start, end). */
export function proseMentions(
  value: string,
  start: number | undefined,
  end: number | undefined,
  source: SourceText,
  out: MentionFacts,
): void {
  let cursor = 0;
  // The words (what split(/\s+/) gives) that hold a `.` or a `/`, found from each dot or slash
  // outwards: pathLike needs one, and most words have neither, so they cost nothing.
  let dot = value.indexOf('.');
  let slash = value.indexOf('/');
  let from = 0;
  while (dot >= 0 || slash >= 0) {
    const at = dot < 0 ? slash : slash < 0 ? dot : Math.min(dot, slash);
    let first = at;
    while (first > from && !isJsSpace(value.charCodeAt(first - 1))) first--;
    let last = at + 1;
    while (last < value.length && !isJsSpace(value.charCodeAt(last))) last++;
    from = last;
    if (dot >= 0 && dot < last) dot = value.indexOf('.', last);
    if (slash >= 0 && slash < last) slash = value.indexOf('/', last);
    while (first < last && OPENERS.includes(value[first]!)) first++;
    while (last > first && CLOSERS.includes(value[last - 1]!)) last--;
    const token = value.slice(first, last);
    // Most words with a dot end a sentence: without their closers they hold none, and pathLike
    // needs one (or a slash).
    if (!token.includes('.') && !token.includes('/')) continue;
    const path = pathLike(token);
    if (!path) continue;
    const found = locate(start, end, path, source.text, cursor);
    if (found === undefined) continue;
    cursor = found - start! + path.length;
    out.mentions.push({ path, via: 'prose', ...source.placeAt(found) });
  }
}

/** The characters JavaScript's `\s` matches. */
function isJsSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The path a token names, without a `:12` / `:12:5` location suffix, or undefined: it needs a
 * slash or a known extension, and none of the characters of globs, markup or shell.
 */
export function pathLike(token: string): string | undefined {
  const path = token.replace(/(:\d+){1,2}$/, '');
  if (path.length < 3 || path.length > 300 || NOT_A_PATH.test(path)) return undefined;
  if (path.startsWith('@') || path.startsWith('-') || path.startsWith('~') || path.endsWith('/'))
    return undefined;
  if (path.includes('/')) return path;
  const dot = path.lastIndexOf('.');
  return dot >= 0 && KNOWN_EXTENSIONS.has(path.slice(dot + 1).toLowerCase()) ? path : undefined;
}

/** Offset of `literal` inside the node's own source at or after `cursor`, if written verbatim. */
function locate(
  start: number | undefined,
  end: number | undefined,
  literal: string,
  text: string,
  cursor: number,
): number | undefined {
  if (start === undefined || end === undefined || literal.length === 0) return undefined;
  const at = text.indexOf(literal, start + cursor);
  return at < 0 || at + literal.length > end ? undefined : at;
}
