/**
 * Dynamic imports without the AST. On Node 20 (no raw transfer) reading the AST means a JSON.parse
 * of the whole tree, and in a typical code base a third of the files are read only for their
 * `import()` calls: the module record already has each call's span and argument span, and the
 * facts the AST pass records for it (js-ts-ast.ts) depend only on the tokens right around the
 * call — `const m = await import('x')` binds m, `import('x').then` uses `then`, `() =>
 * import('x')` binds nothing. This pass decides those shapes from the text and gives up, so the
 * caller reads the AST as before, on anything else (another AST-only construct anywhere in the
 * file, an `import(` the record does not list, a non-literal argument, an unusual neighbour).
 * Giving up only costs time; test/extract/js-ts-dynamic.test.ts proves equal facts on real code.
 */
import type { DynamicImport } from 'oxc-parser';
import { type AstBindings, bindUse, type LoadUse } from './js-ts-ast.js';
import type { FactSink } from './js-ts-sink.js';

/**
 * What else the AST pass looks for (require, CommonJS exports, `export =`, `export {}` with
 * nothing named, quoted module declarations) and `\u` (an escaped identifier spells a word these
 * cannot see): a file with any of them takes the AST.
 */
const AST_ONLY =
  /\brequire\b|\bexports\b|\bexport\s*=|\bexport\s*(?:type\s*)?\{(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*\}|\bmodule\s*['"`]|\\u/;
const IMPORT_CALL = /\bimport\s*\(/g;
const IDENT = /^[A-Za-z_$][\w$]*$/;
/** `{ a, b: c }` and nothing richer: no defaults, rest, computed or quoted keys, nesting, comments. */
const SIMPLE_PATTERN = /^\{\s*(?:[A-Za-z_$][\w$]*\s*(?::\s*[A-Za-z_$][\w$]*\s*)?(?:,\s*|(?=\})))*\}$/;
/** Words that continue an expression on the next line, so a line break there ends nothing. */
const CONTINUING = new Set(['in', 'instanceof', 'as', 'satisfies']);

/** Words after which `(…)` is a parenthesised expression, possibly a whole statement, not a call. */
const STATEMENT_BEFORE = new Set(['await', 'else', 'do']);

type Decided = { value: string; at: number; use: LoadUse | undefined; skip?: [number, number] };

/**
 * Records every dynamic import of the file as recordAst would, or returns undefined (and records
 * nothing) when one of them, or the file, needs the AST to decide.
 */
export function dynamicImportsFromText(
  text: string,
  imports: readonly DynamicImport[],
  sink: FactSink,
): AstBindings | undefined {
  if (AST_ONLY.test(text)) return undefined;
  const sorted = [...imports].sort((a, b) => a.start - b.start);
  // Every `import(` in the text must be one of the record's calls: any other is a type
  // (`import('x').T`), a method named import, or text inside a string or comment.
  IMPORT_CALL.lastIndex = 0;
  let k = 0;
  for (let m = IMPORT_CALL.exec(text); m !== null; m = IMPORT_CALL.exec(text), k++)
    if (sorted[k]?.start !== m.index) return undefined;
  if (k !== sorted.length) return undefined;
  const decided: Decided[] = [];
  for (const call of sorted) {
    const one = decide(text, call);
    if (!one) return undefined;
    decided.push(one);
  }
  const bound: AstBindings = { bindings: [], skips: [], importEquals: new Map() };
  for (const { value, at, use, skip } of decided) {
    if (skip) bound.skips.push(skip);
    bindUse(sink, bound, sink.addImport('dynamic-imports', value, at, ['*'], false), use);
  }
  return bound;
}

function decide(text: string, call: DynamicImport): Decided | undefined {
  const value = literalValue(text, call.moduleRequest.start, call.moduleRequest.end);
  if (value === undefined) return undefined;
  const at = call.moduleRequest.start;
  const next = nextToken(text, call.end);
  const after = next.index;
  // `import('x').name`: a member of the namespace, whatever surrounds it.
  if (text[after] === '.' && text[after + 1] !== '.') {
    const start = nextToken(text, after + 1).index;
    const name = wordAt(text, start);
    return name ? { value, at, use: { kind: 'member', name, offset: start } } : undefined;
  }
  if (text[after] === '?') return undefined; // `?.name` is a member too; a ternary is rare
  let before = skipBack(text, call.start);
  if (wordBefore(text, before) === 'await') before = skipBack(text, before - 'await'.length);
  const c = text[before - 1];
  if (c === '=' && !'=!<>+-*/%&|^?'.includes(text[before - 2] ?? '')) {
    if (!endsExpression(text, next)) return undefined;
    return declarator(text, before - 1, value, at);
  }
  // An element, an argument after another, an arrow's body, a returned value: nothing is bound,
  // and neither a declarator's value nor a statement of its own.
  if (c === ',' || c === '[' || (c === '>' && text[before - 2] === '=')) return { value, at, use: undefined };
  if (wordBefore(text, before) === 'return') return { value, at, use: undefined };
  if (c === '(') {
    // A call's first argument (`f(import('x'))`), not a parenthesised expression: a declarator's
    // value (`= (import('x'))`, `await (…)`) or a statement of its own (`else (…);`, `if (a) (…);`).
    const word = wordBefore(text, skipBack(text, before - 1));
    if (word !== undefined && !STATEMENT_BEFORE.has(word)) return { value, at, use: undefined };
  }
  return undefined;
}

/** `const m = …` or `const { a, b: c } = …` right before `eq` (one line, no comments), or undefined. */
function declarator(text: string, eq: number, value: string, at: number): Decided | undefined {
  let end = eq;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  let start: number;
  let use: LoadUse;
  if (text[end - 1] === '}') {
    start = text.lastIndexOf('{', end - 1);
    if (start === -1) return undefined;
    const pattern = text.slice(start, end);
    if (!SIMPLE_PATTERN.test(pattern)) return undefined;
    const names = pattern
      .slice(1, -1)
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => {
        const [imported, local] = p.split(':').map((s) => s.trim());
        return { imported: imported!, local: local ?? imported! };
      });
    use = { kind: 'pattern', names, rest: false };
  } else {
    start = end;
    while (start > 0 && /[\w$]/.test(text[start - 1]!)) start--;
    const local = text.slice(start, end);
    if (!IDENT.test(local)) return undefined;
    use = { kind: 'local', local };
  }
  let keywordEnd = start;
  while (keywordEnd > 0 && (text[keywordEnd - 1] === ' ' || text[keywordEnd - 1] === '\t')) keywordEnd--;
  if (keywordEnd === start) return undefined;
  const keyword = wordBefore(text, keywordEnd);
  if (keyword !== 'const' && keyword !== 'let' && keyword !== 'var') return undefined;
  const head = text[keywordEnd - keyword.length - 1] ?? '';
  if (head === '.' || /[\w$]/.test(head)) return undefined;
  return { value, at, use, skip: [start, end] };
}

/** The value of a string literal or an expression-free template, when it has no escapes. */
function literalValue(text: string, start: number, end: number): string | undefined {
  const quote = text[start];
  if ((quote !== "'" && quote !== '"' && quote !== '`') || text[end - 1] !== quote || end - start < 2)
    return undefined;
  const body = text.slice(start + 1, end - 1);
  if (body.includes('\\') || body.includes(quote)) return undefined;
  // A template's cooked value turns `\r\n` into `\n`; `${` makes it an expression.
  if (quote === '`' && (body.includes('\r') || body.includes('${'))) return undefined;
  return body;
}

/**
 * Whether the expression before `next` ends its declarator there: a `;`, a `,`, a `}`, the end
 * of the text, or a line break before a word that starts the next statement (no semicolons).
 */
function endsExpression(text: string, next: { index: number; newline: boolean }): boolean {
  const ch = text[next.index];
  if (ch === undefined || ch === ';' || ch === ',' || ch === '}') return true;
  if (!next.newline) return false;
  const word = wordAt(text, next.index);
  return word !== undefined && !CONTINUING.has(word);
}

/** The next token's offset from `at`, past blanks and comments, and whether a line ended on the way. */
function nextToken(text: string, at: number): { index: number; newline: boolean } {
  let newline = false;
  let i = at;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      newline = true;
      i++;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') i++;
    else if (ch === '/' && text[i + 1] === '/') {
      const eol = text.indexOf('\n', i);
      i = eol === -1 ? text.length : eol;
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close === -1) return { index: text.length, newline };
      if (text.slice(i, close).includes('\n')) newline = true;
      i = close + 2;
    } else break;
  }
  return { index: i, newline };
}

/** The offset after the last non-blank character before `at`. */
function skipBack(text: string, at: number): number {
  let i = at;
  while (i > 0 && ' \t\r\n'.includes(text[i - 1]!)) i--;
  return i;
}

/** The identifier-like word ending at `end`, when one does (ASCII). */
function wordBefore(text: string, end: number): string | undefined {
  let start = end;
  while (start > 0 && /[\w$]/.test(text[start - 1]!)) start--;
  const word = text.slice(start, end);
  return IDENT.test(word) ? word : undefined;
}

function wordAt(text: string, start: number): string | undefined {
  let end = start;
  while (end < text.length && /[\w$]/.test(text[end]!)) end++;
  const word = text.slice(start, end);
  return IDENT.test(word) ? word : undefined;
}
