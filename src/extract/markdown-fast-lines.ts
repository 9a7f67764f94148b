/**
 * Lines of a Markdown body for the fast pass: where each starts and ends (\r\n, \r and \n, as
 * micromark counts them), the text markdown-it is fed, the front matter block, and the column
 * checks that map markdown-it's inline content back onto its source lines.
 */

export interface LineTable {
  body: string;
  /** Offset of each line's first character in the body; \r\n, \r and \n end lines. */
  starts: number[];
  /** Offset just after each line's last character (where its line ending starts). */
  ends: number[];
  /** The line's text without its ending. */
  text(line: number): string;
  /** The text markdown-it parses: \n endings, the first `blank` lines emptied. */
  fed(blank: number): { text: string; starts: number[] };
}

export function lineTable(body: string): LineTable {
  const starts = [0];
  const ends: number[] = [];
  if (!body.includes('\r')) {
    for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) {
      ends.push(i);
      starts.push(i + 1);
    }
  } else {
    for (let i = 0; i < body.length; i++) {
      const c = body.charCodeAt(i);
      if (c === 10 || c === 13) {
        ends.push(i);
        if (c === 13 && body.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
  }
  ends.push(body.length);
  const text = (line: number) => body.slice(starts[line]!, ends[line]!);
  return {
    body,
    starts,
    ends,
    text,
    fed(blank) {
      const crlf = body.includes('\r');
      if (blank === 0 && !crlf) return { text: body, starts };
      if (!crlf && blank < starts.length) {
        // The same text as the join below, without a string per line (most documents with front matter).
        const cut = starts[blank]!;
        const fedStarts = starts.map((start, line) => (line < blank ? line : start - cut + blank));
        return { text: '\n'.repeat(blank) + body.slice(cut), starts: fedStarts };
      }
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

export interface FrontMatterBlock {
  value: string;
  line: number;
  endLine: number;
  lineCount: number;
}

/** YAML front matter as micromark-extension-frontmatter reads it: `---` lines, from line 1. */
export function frontMatter(body: string, lines: LineTable): FrontMatterBlock | undefined {
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

/** Whether body[from, to) holds whitespace that markdown-it trims and micromark keeps. */
export function hasOddBlank(body: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = body.charCodeAt(i);
    if ((c === 0x0b || c === 0x0c || c >= 0x80) && ODD_BLANK.test(body[i]!)) return true;
  }
  return false;
}

/** Column of an ATX heading's content: after its opening `#`s and the blanks that follow them. */
export function atxContent(line: string, markup: string, part: string): number {
  const hashes = line.indexOf(markup);
  if (hashes < 0) return -1;
  let col = hashes + markup.length;
  while (line.charCodeAt(col) === 0x20) col++;
  return line.startsWith(part, col) ? col : -1;
}
