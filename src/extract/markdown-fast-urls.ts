/**
 * GFM autolink literals the fast pass reproduces: plain `http(s)://` URLs in text, which split
 * the text node around them exactly as micromark does. Anything less plain is left to micromark.
 */
import type { PlacedToken } from './markdown-fast-parser.js';

/** A text run: what mdast makes one `text` node (text, escapes, entities and soft line breaks). */
export interface Run {
  value: string;
  start: number;
  end: number;
  /** The children it was made of, children[from..to]. */
  from: number;
  to: number;
}

/**
 * A URL whose extent GFM and this pass agree on (see splitAtUrls): the URL, then its trailing
 * punctuation up to a blank or the end of the text.
 */
const PLAIN_URL =
  /(https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:\/[A-Za-z0-9/_.#%=?+-]*?)?)([.,:;!?)'"*_]*)(?=\s|$)/gi;

/**
 * The text nodes mdast makes of a run holding `http(s)://` URLs outside links: text, the URL
 * (an external link's text), text … Only for URLs whose extent is plain: written verbatim,
 * after a non-letter, domain labels of letters, digits and `-`, a path of URL-safe characters,
 * then only trailing punctuation before a blank or the end. Else undefined (full parser).
 */
export function splitAtUrls(
  run: Run,
  children: PlacedToken[],
  content: string,
  map: (n: number) => number,
  text: string,
): Run[] | undefined {
  const { value } = run;
  if (/@|www\.|\[\^/i.test(value)) return undefined;
  // Value offset → body offset, for characters of text written verbatim (one line each).
  const pieces: { at: number; start: number; length: number }[] = [];
  let at = 0;
  for (let i = run.from; i <= run.to; i++) {
    const child = children[i]!;
    const piece = child.type === 'softbreak' ? '\n' : child.content;
    if (piece.length === 0) continue;
    if (child.type === 'text') pieces.push({ at, start: map(child.start!), length: piece.length });
    at += piece.length;
  }
  // Matches come in increasing order, so the piece holding one is at or after the last's: a
  // moving cursor keeps a run of thousands of lines linear (issue 22).
  let cursor = 0;
  const toBody = (from: number, to: number): number | undefined => {
    while (cursor < pieces.length && pieces[cursor]!.at + pieces[cursor]!.length < to) cursor++;
    const piece = pieces[cursor];
    return piece && piece.at <= from ? piece.start + (from - piece.at) : undefined;
  };
  const firstBracket = value.indexOf('[');
  const inlineEnd = map(content.length);
  const nodes: Run[] = [];
  let last = 0;
  let lastBody = run.start;
  for (const match of value.matchAll(PLAIN_URL)) {
    const from = match.index;
    const url = match[1]!;
    const to = from + url.length;
    const end = to + match[2]!.length;
    if (firstBracket >= 0 && firstBracket <= from) return undefined;
    const start = toBody(from, end);
    if (start === undefined || /[A-Za-z]/.test(text[start - 1] ?? '')) return undefined;
    const after = start + (end - from);
    if (after < inlineEnd && !/\s/.test(text[after]!)) return undefined;
    nodes.push({ value: value.slice(last, from), start: lastBody, end: start, from: 0, to: 0 });
    nodes.push({ value: url, start, end: start + url.length, from: 0, to: 0 });
    last = to;
    lastBody = start + url.length;
  }
  nodes.push({ value: value.slice(last), start: lastBody, end: run.end, from: 0, to: 0 });
  // Every URL must have been one of those; what is left must hold none.
  if (nodes.some((node, i) => i % 2 === 0 && /https?:\/\//i.test(node.value))) return undefined;
  return nodes.filter((node) => node.value.length > 0);
}
