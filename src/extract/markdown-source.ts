/**
 * Offsets → places in the document text. mdast positions point at syntax (`[` of a link), but
 * evidence must point at the literal a later grep will look for, so facts are re-located here.
 */
import { detached } from '../model/detached.js';
import type { DocPlace } from './markdown-types.js';

const EXCERPT_MAX = 200;

export interface SourceText {
  readonly text: string;
  /** Place of a string offset, with the excerpt of its line. */
  placeAt(offset: number): DocPlace;
  /** The source line holding an offset, without its line ending. */
  lineOf(offset: number): string;
}

/** `lineStarts`, when the caller has them: offsets of line starts, computed as below. */
export function sourceText(text: string, lineStarts?: number[]): SourceText {
  // Offsets of line starts; \r\n, \n and \r all end a line, as they do for micromark.
  const starts = lineStarts ?? [0];
  if (!lineStarts) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
    }
  }
  const lineIndex = (offset: number): number => lastAtOrBefore(starts, offset);
  const lineOf = (offset: number): string => {
    const i = lineIndex(offset);
    let end = i + 1 < starts.length ? starts[i + 1]! : text.length;
    // Without the line ending: \n, \r\n or \r.
    if (end > starts[i]! && text.charCodeAt(end - 1) === 10) end--;
    if (end > starts[i]! && text.charCodeAt(end - 1) === 13) end--;
    return text.slice(starts[i]!, end);
  };
  return {
    text,
    lineOf,
    placeAt(offset) {
      const i = lineIndex(offset);
      return { line: i + 1, column: offset - starts[i]! + 1, excerpt: excerptOf(lineOf(offset)) };
    },
  };
}

/** Trimmed and capped, so one long line cannot bloat every edge that cites it; a copy (see detached). */
export function excerptOf(line: string): string {
  const trimmed = line.trim();
  return detached(trimmed.length <= EXCERPT_MAX ? trimmed : `${trimmed.slice(0, EXCERPT_MAX - 1)}…`);
}

/** Index of the last of the ascending `starts` that is at or before `offset` (0 when none is). */
export function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
