/**
 * Claim extraction for one document: links and mentions from the Markdown extractor, wording
 * rules per prose line, commands from inline code and shell blocks, and import lines of code
 * blocks that name the repository's own package. Pure: text in, claims out.
 */
import type { Code, InlineCode, Nodes } from 'mdast';
import { extractDoc, isMarkdownPath } from '../extract/markdown.js';
import { parseMarkdown, visit } from '../extract/markdown-parse.js';
import { joinRepoPath } from '../model/paths.js';
import { hasConfusable } from './confusables.js';
import { decodeOnce } from './detectors/repo-path.js';
import { type CommandContext, commandClaims } from './extract-commands.js';
import { fencedClaims } from './extract-fenced.js';
import { type ProseContext, proseClaims } from './extract-prose.js';
import type { Claim, ClaimKind, Subject } from './schema.js';

export interface ExtractContext extends CommandContext, ProseContext {
  /** Names of the repository's own packages (import lines from them are export claims). */
  ownPackages: ReadonlySet<string>;
  /** First path segments of the repository's files: a slash-token is a path only under one. */
  topLevel: ReadonlySet<string>;
  /** Names that are something other than exports: scripts, bins, dependencies. */
  otherNames: ReadonlySet<string>;
}

const KEYWORDS = new Set(
  'true false null undefined this new class function return import export const let var async await typeof void'.split(
    ' ',
  ),
);

export function extractClaims(path: string, text: string, ctx: ExtractContext): Claim[] {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const out: Claim[] = [];
  const add = (
    kind: ClaimKind,
    subject: Subject,
    said: string,
    line: number,
    column: number,
    inCode = false,
  ) =>
    out.push({
      kind,
      subject,
      text: said,
      in_code_block: inCode,
      stated_at: { path, line, column, excerpt: (lines[line - 1] ?? '').trim().slice(0, 200) },
    });

  const facts = extractDoc(path, text);
  for (const link of facts.links) {
    const [target = '', anchor] = link.raw.split('#', 2) as [string, string?];
    const file = target.split('?')[0]!;
    if (file !== '')
      add(
        'existence',
        { check: 'path', path: file, from: path, encoded: true },
        link.raw,
        link.line,
        link.column,
      );
    if (anchor === undefined || anchor === '') continue;
    const decoded = file === '' ? path : decodeOnce(file);
    const doc = decoded === undefined ? undefined : file === '' ? path : joinRepoPath(path, decoded);
    if (doc && isMarkdownPath(doc))
      add('existence', { check: 'heading', doc, anchor }, link.raw, link.line, link.column);
  }
  const root = parseMarkdown(text.replace(/^\uFEFF/, ''));
  const inLink = linkSpans(root);
  for (const m of facts.mentions)
    if (plausiblePath(m.path, m.via, ctx) && !inLink(m.line, m.column))
      add('existence', { check: 'path', path: m.path, from: path, encoded: false }, m.path, m.line, m.column);

  const used = new Set<object>();
  const byLine = new Map<number, { mentions: typeof facts.mentions; symbols: typeof facts.symbols }>();
  const row = (n: number) => byLine.get(n) ?? byLine.set(n, { mentions: [], symbols: [] }).get(n)!;
  for (const m of facts.mentions) row(m.line).mentions.push(m);
  for (const s of facts.symbols) row(s.line).symbols.push(s);
  const codeLines = new Set<number>();
  for (const c of codeNodes(root))
    for (let l = c.position!.start.line; l <= c.position!.end.line; l++) codeLines.add(l);
  lines.forEach((line, i) => {
    if (codeLines.has(i + 1)) return;
    const r = byLine.get(i + 1) ?? { mentions: [], symbols: [] };
    for (const c of proseClaims(line, r.mentions, r.symbols, ctx)) {
      add(c.kind, c.subject, c.text, i + 1, c.column);
      for (const s of c.uses ?? []) used.add(s);
    }
  });
  for (const s of facts.symbols)
    if (!used.has(s) && plausibleSymbol(s.name, s.literal, ctx))
      add('structure', { check: 'symbol', name: s.name }, s.literal, s.line, s.column);

  visit(root, (node) => {
    if (node.type !== 'inlineCode' || !node.position) return true;
    const { line, column } = node.position.start;
    for (const c of commandClaims((node as InlineCode).value, ctx))
      add(
        c.kind,
        c.subject.check === 'path' ? { ...c.subject, from: path } : c.subject,
        c.text,
        line,
        column,
      );
    // The shared extractor reads ASCII identifiers only; a look-alike must still be claimed, to be refused.
    const value = (node as InlineCode).value.trim();
    const look = /^([\p{L}_$][\p{L}\d_$]*)(\(.*\))?$/u.exec(value);
    if (look && hasConfusable(look[1]!))
      add('structure', { check: 'symbol', name: look[1]! }, value, line, column + 1);
    return true;
  });
  for (const code of codeNodes(root))
    for (const c of fencedClaims(code, ctx)) {
      const subject = c.subject.check === 'path' ? { ...c.subject, from: path } : c.subject;
      add(c.kind, subject, c.text, c.line, c.column, true);
    }
  return out;
}

/**
 * Text inside any link, external ones included: `[`contributing.md`][contributing]` names a file
 * of the link's target, often another repository, not of this one.
 */
function linkSpans(root: Nodes): (line: number, column: number) => boolean {
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
function codeNodes(root: Nodes): Code[] {
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

/** Slash-tokens such as `and/or`, `owner/repo` or `zod/mini` are not repo paths. */
function plausiblePath(path: string, via: 'inline-code' | 'prose', ctx: ExtractContext): boolean {
  const clean = path.replace(/^\.\//, '');
  const first = clean.split('/')[0]!;
  const last = clean.slice(clean.lastIndexOf('/') + 1);
  const hasExtension = /\.[A-Za-z0-9]+$/.test(last);
  if (/^[\w-]+\.(?:com|org|io|dev|net|app|sh)$/.test(first) && clean.includes('/')) return false;
  if (ctx.dependencies.has(first) || ctx.ownPackages.has(first)) return false;
  // `Node.js`, `Vue.js`: product names, not files.
  if (/^[A-Z][a-z]+\.js$/.test(clean)) return false;
  if (via === 'prose') return hasExtension;
  return hasExtension || ctx.topLevel.has(first) || path.startsWith('./') || path.startsWith('../');
}

/** An identifier is claimed as a symbol only when it looks like code: called, camelCase, PascalCase. */
function plausibleSymbol(name: string, literal: string, ctx: ExtractContext): boolean {
  if (name.length < 3 || KEYWORDS.has(name) || ctx.otherNames.has(name) || /^[A-Z0-9_]+$/.test(name))
    return false;
  return literal.endsWith(')') || /[a-z][A-Z]/.test(name) || /^[A-Z][a-z]+[A-Z]/.test(name);
}
