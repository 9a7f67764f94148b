/**
 * Bounds on the full Markdown parser. micromark's work grows faster than linearly with nesting:
 * 100 KB of `>` took 74 s and 200 KB of nested `[` 93 s (issue 22). The fast pass is linear and
 * reads such documents when it can; when it cannot, a document past these bounds is recorded as
 * coverage `too-complex` instead of being parsed. A linear pre-scan, so checking costs nothing.
 */

/** Larger documents are not handed to the full parser (~1 s of micromark at 0.5 MB/s). */
export const FULL_PARSE_MAX_CHARS = 512 * 1024;
/** Block quotes nested deeper than this on one line (`> > > …`). */
export const MAX_QUOTE_DEPTH = 32;
/** Brackets open at once (`[[[…`), counted outside of nothing: a cheap over-estimate. */
export const MAX_BRACKET_DEPTH = 32;

/** Why the full parser must not read `text`, or undefined when it may. */
export function fullParseRefusal(text: string): string | undefined {
  if (text.length > FULL_PARSE_MAX_CHARS)
    return `it is ${Math.round(text.length / 1024)} KB, over the ${FULL_PARSE_MAX_CHARS / 1024} KB the full parser reads`;
  let quotes = 0;
  let lineStart = true;
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      lineStart = true;
      quotes = 0;
      continue;
    }
    if (lineStart) {
      if (c === 0x3e) {
        if (++quotes > MAX_QUOTE_DEPTH) return `it nests block quotes more than ${MAX_QUOTE_DEPTH} deep`;
        continue;
      }
      if (c !== 0x20 && c !== 9) lineStart = false;
    }
    if (c === 0x5c) i++;
    else if (c === 0x5b) {
      if (++brackets > MAX_BRACKET_DEPTH) return `it nests brackets more than ${MAX_BRACKET_DEPTH} deep`;
    } else if (c === 0x5d && brackets > 0) brackets--;
  }
  return undefined;
}
