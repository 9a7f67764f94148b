/**
 * Bounds on the full Markdown parser. micromark's work grows faster than linearly on some shapes:
 * 100 KB of `>` took 74 s and 200 KB of nested `[` 93 s (issue 22); 512 KB of unclosed autolinks
 * (`<http://a `) 13 s and 128 KB of footnote calls (`[^a] `) 8 s, because its text resolver splices
 * its event list once per inline token of a paragraph (tokens × events). The fast pass is linear
 * and reads such documents when it can; when it cannot, a document past these bounds is recorded
 * as coverage `too-complex` instead of being parsed.
 *
 * The bounds are on the bytes, never on the clock, so the same tree gives the same map on a loaded
 * machine. They were measured against the shapes in test/extract/markdown-budget.test.ts: each
 * bound admits only what micromark parses in well under a second here (~5 µs a character on the
 * worst linear shapes, ~40 µs an inline mark when each is a link), while the largest undecided
 * real README among the installed packages (35 KB, ~1,000 marks, 0.1 M marks² in its largest
 * paragraph) stays twenty times inside them.
 */

/** Larger documents are not handed to the full parser (~0.7 s of micromark on dense input). */
export const FULL_PARSE_MAX_CHARS = 128 * 1024;
/** Block quotes nested deeper than this on one line (`> > > …`). */
export const MAX_QUOTE_DEPTH = 32;
/** Brackets open at once (`[[[…`), counted outside of nothing: a cheap over-estimate. */
export const MAX_BRACKET_DEPTH = 32;
/**
 * Inline marks in the document: the characters micromark may start an inline construct at
 * (`< [ ] * _ \` ~ ! & \ @ :`, `www.`), table pipes, list markers and line ends inside paragraphs.
 * Each can become tokens and nodes.
 */
export const MAX_INLINE_MARKS = 8_000;
/** Σ over paragraphs of marks²: the resolver's splice cost. 16 M is one paragraph of 4,000 marks. */
export const MAX_PARAGRAPH_WORK = 16_000_000;
/**
 * Leading blanks and container markers summed over lines: each line re-enters every open list
 * and quote, so 128 KB of deeply indented list items took 1.5 s.
 */
export const MAX_PREFIX_CHARS = 32 * 1024;

/** Why the full parser must not read `text`, or undefined when it may. */
export function fullParseRefusal(text: string): string | undefined {
  if (text.length > FULL_PARSE_MAX_CHARS)
    return `it is ${Math.round(text.length / 1024)} KB, over the ${FULL_PARSE_MAX_CHARS / 1024} KB the full parser reads`;
  const shape = new ShapeCount();
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      shape.lineEnd();
      continue;
    }
    const refusal = shape.char(c);
    if (refusal) return refusal;
    if (shape.fenced) continue;
    if (c === 0x5c) {
      i++;
      shape.mark();
    } else if ((c | 0x20) === 0x77 && WWW.test(text.slice(i, i + 4))) shape.mark();
    else if (c === 0x5b) {
      if (++brackets > MAX_BRACKET_DEPTH) return `it nests brackets more than ${MAX_BRACKET_DEPTH} deep`;
    } else if (c === 0x5d && brackets > 0) brackets--;
  }
  return shape.end();
}

const WWW = /^www\./i;

/** Characters micromark's text constructs (CommonMark + GFM) may start at; see MAX_INLINE_MARKS. */
const MARKS = new Set([0x3c, 0x5b, 0x5d, 0x2a, 0x5f, 0x60, 0x7e, 0x21, 0x26, 0x40, 0x3a, 0x7c]);

/**
 * The per-line state of the pre-scan: quote depth and prefix at the start of a line, the current
 * paragraph's marks, fenced code (whose content is not inline text). Paragraphs are approximated
 * as runs of non-blank lines, which over-counts (a list is one run), never under-counts.
 */
class ShapeCount {
  fenced = false;
  private atLineStart = true;
  private quotes = 0;
  private prefix = 0;
  private lineHead = '';
  private blank = true;
  private marks = 0;
  private paragraph = 0;
  private work = 0;

  char(c: number): string | undefined {
    if (this.atLineStart) {
      if (c === 0x3e) {
        if (++this.quotes > MAX_QUOTE_DEPTH) return `it nests block quotes more than ${MAX_QUOTE_DEPTH} deep`;
        return this.prefixed();
      }
      if (c === 0x20 || c === 9) return this.prefixed();
      // A list item (`-`, `+`; `*` is a mark anyway) costs a container as well as its line:
      // measured at three marks' worth.
      if (c === 0x2d || c === 0x2b) {
        if (!this.fenced) this.mark(2);
        return undefined;
      }
      this.atLineStart = false;
    }
    this.blank = false;
    if (this.lineHead.length < 3) this.lineHead += String.fromCharCode(c);
    if (!this.fenced && MARKS.has(c)) this.mark();
    return undefined;
  }

  mark(weight = 1): void {
    this.marks += weight;
    this.paragraph += weight;
  }

  lineEnd(): void {
    const fence = this.lineHead === '```' || this.lineHead === '~~~';
    if (fence) this.fenced = !this.fenced;
    if (this.blank || fence) this.closeParagraph();
    else if (!this.fenced) this.mark();
    this.atLineStart = true;
    this.blank = true;
    this.quotes = 0;
    this.lineHead = '';
  }

  end(): string | undefined {
    this.closeParagraph();
    if (this.prefix > MAX_PREFIX_CHARS)
      return `its lines are indented or nested ${this.prefix} characters in all, over the ${MAX_PREFIX_CHARS} the full parser reads`;
    if (this.marks > MAX_INLINE_MARKS)
      return `it holds ${this.marks} inline marks, over the ${MAX_INLINE_MARKS} the full parser reads`;
    if (this.work > MAX_PARAGRAPH_WORK)
      return `its paragraphs are too dense with inline marks (${Math.round(this.work / 1e6)} M marks², over ${MAX_PARAGRAPH_WORK / 1e6} M)`;
    return undefined;
  }

  private prefixed(): undefined {
    // Code in a fence is not nested content: its indentation costs micromark nothing extra.
    if (!this.fenced) this.prefix++;
    return undefined;
  }

  private closeParagraph(): void {
    this.work += this.paragraph * this.paragraph;
    this.paragraph = 0;
  }
}
