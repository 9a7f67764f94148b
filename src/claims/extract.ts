/**
 * Claim extraction for one document: links and mentions from the Markdown extractor, wording
 * rules per prose line, commands from inline code and shell blocks, and import lines of code
 * blocks that name the repository's own package. Pure: text in, claims out.
 */

import type { InlineCode } from 'mdast';
import { isMarkdownPath } from '../extract/markdown.js';
import { visit } from '../extract/markdown-parse.js';
import { joinRepoPath } from '../model/paths.js';
import { hasConfusable } from './confusables.js';
import type { ExtractContext } from './context.js';
import { decodeOnce } from './detectors/repo-path.js';
import { commandClaims } from './extract-commands.js';
import { fencedClaims } from './extract-fenced.js';
import { codeNodes, linkSpans } from './extract-nodes.js';
import { plausiblePath, plausibleSymbol } from './extract-plausible.js';
import { proseClaims } from './extract-prose.js';
import { historyIntent, pathIntent } from './intent.js';
import { docFacts, docRoot } from './parsed.js';
import type { Claim, ClaimKind, ClaimReading, Subject } from './schema.js';

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
    reading: ClaimReading | undefined = undefined,
  ) => {
    const why = reading ?? history;
    out.push({
      kind,
      subject,
      text: said,
      in_code_block: inCode,
      stated_at: { path, line, column, excerpt: (lines[line - 1] ?? '').trim().slice(0, 200) },
      ...(why ? { reading: why } : {}),
    });
  };
  const history = historyIntent(path);
  const intentAt = (line: number, column: number, p: string) => pathIntent(lines[line - 1] ?? '', column, p);

  const facts = docFacts(path, text);
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
        false,
        intentAt(link.line, link.column, file),
      );
    if (anchor === undefined || anchor === '') continue;
    const decoded = file === '' ? path : decodeOnce(file);
    const doc = decoded === undefined ? undefined : file === '' ? path : joinRepoPath(path, decoded);
    // An extension-less target may be a docs-site page (`../guide/overview#roles`).
    if (doc && (isMarkdownPath(doc) || !/\.[A-Za-z0-9]+$/.test(doc.slice(doc.lastIndexOf('/') + 1))))
      add('existence', { check: 'heading', doc, anchor }, link.raw, link.line, link.column);
  }
  const root = docRoot(text);
  const inLink = linkSpans(root);
  for (const m of facts.mentions)
    if (plausiblePath(m.path, m.via, ctx) && !inLink(m.line, m.column))
      add(
        'existence',
        { check: 'path', path: m.path, from: path, encoded: false },
        m.path,
        m.line,
        m.column,
        false,
        intentAt(m.line, m.column, m.path),
      );

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
      add(c.kind, withDocument(c.subject, path), c.text, i + 1, c.column, false, c.reading);
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
      add(c.kind, withDocument(c.subject, path), c.text, line, column);
    // The shared extractor reads ASCII identifiers only; a look-alike must still be claimed, to be refused.
    const value = (node as InlineCode).value.trim();
    const look = /^([\p{L}_$][\p{L}\d_$]*)(\(.*\))?$/u.exec(value);
    if (look && hasConfusable(look[1]!))
      add('structure', { check: 'symbol', name: look[1]! }, value, line, column + 1);
    return true;
  });
  for (const code of codeNodes(root))
    for (const c of fencedClaims(code, ctx)) {
      const subject = withDocument(c.subject, path);
      add(c.kind, subject, c.text, c.line, c.column, true);
    }
  return out;
}

/** Paths and scripts are read relative to the stating document (its folder, its package). */
function withDocument(subject: Subject, doc: string): Subject {
  if (subject.check === 'export' && !subject.package) return { ...subject, from: doc };
  return subject.check === 'path' || subject.check === 'script' ? { ...subject, from: doc } : subject;
}
