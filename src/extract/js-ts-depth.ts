/**
 * A linear pre-scan for sources that could overflow the parser's stack. oxc parses by recursive
 * descent on an 8 MB native stack and dies with SIGSEGV (not an exception: the whole process ends)
 * at ~4,400 nested generics, ~6,000 parentheses or template literals, ~6,700 chained `if`/labels,
 * ~8,600 chained `=`/`?:`/`=>` (issue 22, measured with oxc-parser 0.159 on Node 20). Real code
 * stays under a few hundred levels, so the bounds below leave a wide margin either way.
 *
 * The estimate only has to be an over-estimate: a file it flags is parsed in a separate process
 * with a larger stack (parse-isolation/parse-isolated.ts), which costs a process start, never a fact.
 */

/** Brackets, template literals and generic `<` open at once beyond this: parse in isolation. */
export const ISOLATE_DEPTH = 400;
/** Operators and keywords in one run without a `;` or line break (`a=a=a…`, `!!!…`, `x=>x=>…`). */
export const ISOLATE_CHAIN = 2000;
/** `if`/`else` in one file (an `else if` chain recurses once per link, even across lines). */
export const ISOLATE_BRANCHES = 3000;
/** Larger sources always go to the isolated parser: too much room for a shape the scan misses. */
export const ISOLATE_CHARS = 512 * 1024;
/** Past this estimate not even the isolated parser is run (its stack would need > 300 MB). */
export const REFUSE_DEPTH = 50_000;

export interface Nesting {
  /** Most brackets, template literals and `${` open at once, plus the `<` open in that statement. */
  depth: number;
  /** Longest run of operator characters and keywords without a `;` or a line break. */
  chain: number;
  /** `if` and `else` keywords in the file. */
  branches: number;
}

const NL = 10;

/**
 * Strings and comments are skipped so that a `(` in a string is not counted; regular expressions
 * are not recognised (telling `/` apart needs a tokenizer), so a `(` in one counts: over-estimates
 * only. `<` is counted as an opener until the statement or bracket ends, which bounds the drift
 * that comparisons (`i<n`) would otherwise add.
 */
export function nestingOf(text: string): Nesting {
  // Stack of open constructs: 1 = bracket, 2 = template literal, 3 = `${` inside a template.
  const stack: number[] = [];
  let angles = 0;
  let depth = 0;
  let chain = 0;
  let longest = 0;
  let branches = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? CLASS[c]! : WORD;
    if (kind === OTHER || kind === SPACE) {
      i++;
      continue;
    }
    if (stack.length > 0 && stack[stack.length - 1] === 2) {
      // Inside template text: only `\`, `${` and the closing backtick matter.
      if (c === 0x5c) i += 2;
      else if (c === 0x60) {
        stack.pop();
        i++;
      } else if (c === 0x24 && text.charCodeAt(i + 1) === 0x7b) {
        stack.push(3);
        depth = Math.max(depth, stack.length + angles);
        i += 2;
      } else i++;
      continue;
    }
    switch (kind) {
      case WORD: {
        const from = i;
        i++;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d < 128 && CLASS[d] !== WORD && CLASS[d] !== DIGIT) break;
          i++;
        }
        const length = i - from;
        if (length >= 2 && length <= 7 && c >= 0x61 && c <= 0x79) {
          const keyword = keywordAt(text, from, c, length);
          if (keyword === BRANCH) branches++;
          if (keyword !== NOT_KEYWORD) longest = Math.max(longest, ++chain);
        }
        continue;
      }
      case BREAK:
        if (c === 0x3b) angles = 0;
        chain = 0;
        break;
      case QUOTE:
        i = skipQuoted(text, i, c);
        continue;
      case SLASH: {
        const next = text.charCodeAt(i + 1);
        if (next === 0x2f) {
          i = lineEnd(text, i);
          continue;
        }
        if (next === 0x2a) {
          const close = text.indexOf('*/', i + 2);
          i = close < 0 ? n : close + 2;
          continue;
        }
        longest = Math.max(longest, ++chain);
        break;
      }
      case OPEN:
        stack.push(c === 0x60 ? 2 : 1);
        depth = Math.max(depth, stack.length + angles);
        break;
      case CLOSE:
        stack.pop();
        angles = 0;
        break;
      case ANGLE:
        angles++;
        depth = Math.max(depth, stack.length + angles);
        longest = Math.max(longest, ++chain);
        break;
      case OPERATOR:
        longest = Math.max(longest, ++chain);
        break;
      case ESCAPE:
        i++;
        break;
    }
    i++;
  }
  return { depth, chain: longest, branches };
}

/** Why `text` must not be parsed in this process, and whether any parser may read it at all. */
export function isolationNeed(text: string): { reason: string; refuse: boolean } | undefined {
  if (text.length > ISOLATE_CHARS)
    return { reason: `it is ${Math.round(text.length / 1024)} KB`, refuse: false };
  const { depth, chain, branches } = nestingOf(text);
  if (depth > REFUSE_DEPTH || chain > REFUSE_DEPTH)
    return { reason: `it nests or chains ${Math.max(depth, chain)} levels deep`, refuse: true };
  if (depth > ISOLATE_DEPTH) return { reason: `it nests ${depth} levels deep`, refuse: false };
  if (chain > ISOLATE_CHAIN)
    return { reason: `it chains ${chain} operators in one expression`, refuse: false };
  if (branches > ISOLATE_BRANCHES) return { reason: `it has ${branches} if/else branches`, refuse: false };
  return undefined;
}

const is = (text: string, from: number, length: number, word: string) =>
  length === word.length && text.startsWith(word, from);

const NOT_KEYWORD = 0;
const CHAINING = 1;
/** `if` and `else`, which chain and also count as branches. */
const BRANCH = 2;

/**
 * Whether the word at `from` is one that adds a level of recursion when chained (`typeof typeof
 * …`, `new new …`, `else if …`): `if else typeof new await void delete keyof extends yield`.
 * Compared in place, by first letter and length, because slicing every word of every file into a
 * string cost more than the rest of the scan.
 */
function keywordAt(text: string, from: number, first: number, length: number): number {
  switch (first) {
    case 0x69: // i
      return is(text, from, length, 'if') ? BRANCH : NOT_KEYWORD;
    case 0x65: // e
      return is(text, from, length, 'else')
        ? BRANCH
        : is(text, from, length, 'extends')
          ? CHAINING
          : NOT_KEYWORD;
    case 0x74: // t
      return is(text, from, length, 'typeof') ? CHAINING : NOT_KEYWORD;
    case 0x6e: // n
      return is(text, from, length, 'new') ? CHAINING : NOT_KEYWORD;
    case 0x61: // a
      return is(text, from, length, 'await') ? CHAINING : NOT_KEYWORD;
    case 0x76: // v
      return is(text, from, length, 'void') ? CHAINING : NOT_KEYWORD;
    case 0x64: // d
      return is(text, from, length, 'delete') ? CHAINING : NOT_KEYWORD;
    case 0x6b: // k
      return is(text, from, length, 'keyof') ? CHAINING : NOT_KEYWORD;
    case 0x79: // y
      return is(text, from, length, 'yield') ? CHAINING : NOT_KEYWORD;
    default:
      return NOT_KEYWORD;
  }
}

/** Character classes for the scan: one table lookup per character on the common path. */
const OTHER = 0;
const SPACE = 1;
const BREAK = 2;
const QUOTE = 3;
const SLASH = 4;
const OPEN = 5;
const CLOSE = 6;
const ANGLE = 7;
const WORD = 8;
const DIGIT = 9;
const OPERATOR = 10;
const ESCAPE = 11;
const CLASS = new Uint8Array(128);
for (let c = 0x61; c <= 0x7a; c++) CLASS[c] = WORD;
for (let c = 0x41; c <= 0x5a; c++) CLASS[c] = WORD;
for (let c = 0x30; c <= 0x39; c++) CLASS[c] = DIGIT;
CLASS[0x5f] = WORD;
CLASS[0x24] = WORD;
CLASS[0x20] = SPACE;
CLASS[9] = SPACE;
for (const ch of '\n\r;') CLASS[ch.charCodeAt(0)] = BREAK;
for (const ch of '"\'') CLASS[ch.charCodeAt(0)] = QUOTE;
CLASS[0x2f] = SLASH;
for (const ch of '([{`') CLASS[ch.charCodeAt(0)] = OPEN;
for (const ch of ')]}') CLASS[ch.charCodeAt(0)] = CLOSE;
CLASS[0x3c] = ANGLE;
// Each `=`, `?`, `:`, `!`, `-`, `+`, `~`, `*`, `|`, `&`, `>`, `.` may nest once when chained.
for (const ch of '=?:!-+~*|&>%^.') CLASS[ch.charCodeAt(0)] = OPERATOR;
// Not skipped as "other": inside template text `\`` must not close the literal.
CLASS[0x5c] = ESCAPE;

function skipQuoted(text: string, start: number, quote: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 2;
    else if (c === quote || c === NL) return i + 1;
    else i++;
  }
  return i;
}

function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end < 0 ? text.length : end;
}
