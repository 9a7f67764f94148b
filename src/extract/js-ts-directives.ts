/**
 * Triple-slash `/// <reference path|types>` directives. TypeScript honours them only in the
 * file's header (before any code), so a directive after the first statement is just a comment.
 */
import type { Comment } from 'oxc-parser';
import type { FactSink } from './js-ts-sink.js';

/** Matched against a line comment's value, which starts after the `//`. */
const REFERENCE = /^\/\s*<reference\s+(path|types)\s*=\s*(['"])(.*?)\2/;
const NON_SPACE = /\S/;

export function recordDirectives(comments: Comment[], sink: FactSink): void {
  // oxc lists a hashbang among the comments of JS files but not of TS files.
  let headerEnd = sink.text.startsWith('#!') ? sink.text.indexOf('\n') + 1 || sink.text.length : 0;
  for (const comment of comments) {
    if (NON_SPACE.test(sink.text.slice(headerEnd, comment.start))) return;
    headerEnd = Math.max(headerEnd, comment.end);
    if (comment.type !== 'Line') continue;
    const match = REFERENCE.exec(comment.value);
    const target = match?.[3];
    if (match === null || !target) continue;
    // The value sits 2 characters into the comment; the match ends with the closing quote.
    const quote = comment.start + 2 + match[0].length - target.length - 2;
    if (match[1] === 'path') sink.addImport('references-file', target, quote, [], false, true);
    else sink.addImport('type-imports', target, quote, [], true);
  }
}
