/**
 * The Python extractor: (path, text) → import facts, exports and coverage, with tree-sitter.
 * One query finds every import statement and every `importlib.import_module` / `__import__` call,
 * at any depth: imports inside `try:`, `if TYPE_CHECKING:` or a function are imports all the same
 * (the interpreter runs them on some path), which is what Python's own `ast.walk` sees too.
 */
import type { Node, Parser, Query } from 'web-tree-sitter';
import type { Coverage, ExportedName } from '../model/types.js';
import { queryFor, readTree } from './tree-sitter.js';

/** One imported module or member, as written. */
export interface PythonImport {
  /** The module as written: `a.b`, `.sibling`, `..` (leading dots are the PEP 328 level). */
  module: string;
  /** `from module import member`: the member (a submodule or a name); `*` for a star import. */
  member?: string;
  relation: 'imports' | 'dynamic-imports';
  /** Inside `try:` with an `except` that catches ImportError: an optional dependency. */
  guarded?: true;
  line: number;
  column: number;
}

export interface PythonFacts {
  imports: PythonImport[];
  exports: ExportedName[];
  coverage: Coverage[];
}

export const PYTHON_PATH = /\.py$/;
/** Bumped when the facts an unchanged file yields change: it is part of the cache key. */
export const PYTHON_CACHE_KEY = 'python:2';

const QUERY = `
(import_statement) @import
(import_from_statement) @from
(call function: [(identifier) (attribute)] @fn arguments: (argument_list) @args) @call
`;
const DYNAMIC = new Set(['importlib.import_module', 'import_module', '__import__']);

let compiled: { parser: Parser; query: Query } | undefined;

export async function extractPythonFiles(files: { path: string; text: string }[]): Promise<PythonFacts[]> {
  if (files.length === 0) return [];
  compiled ??= await queryFor('python', QUERY);
  return files.map((f) => extractPythonWith(compiled!, f.path, f.text));
}

function extractPythonWith(
  { parser, query }: { parser: Parser; query: Query },
  path: string,
  text: string,
): PythonFacts {
  const facts: PythonFacts = { imports: [], exports: [], coverage: [] };
  readTree(parser, { analyzer: 'python', path, text, coverage: facts.coverage }, (root) => {
    for (const match of query.matches(root)) {
      const node = match.captures[0]!.node;
      const name = match.captures[0]!.name;
      if (name === 'import') importStatement(node, facts);
      else if (name === 'from') fromStatement(node, facts);
      else dynamicCall(path, match.captures, facts);
    }
    facts.imports.sort((a, b) => a.line - b.line || a.column - b.column);
    facts.exports.push(...exportsOf(root));
    if (root.hasError) {
      const bad = firstError(root);
      facts.coverage.push({
        analyzer: 'python',
        scope: `${path}:${bad}`,
        status: 'partial',
        reason: `syntax error near line ${bad}; imports inside the broken region may be missing`,
      });
    }
  });
  return facts;
}

const at = (node: Node) => ({
  ...(guarded(node) ? { guarded: true as const } : {}),
  line: node.startPosition.row + 1,
  column: node.startPosition.column + 1,
});

/** A handler that would catch a failed import: bare, ImportError, ModuleNotFoundError or broader. */
const CATCHES_IMPORT = /^except\s*(?::|[^:]*\b(?:ImportError|ModuleNotFoundError|Exception|BaseException)\b)/;

/** Whether the node is in the body of a `try:` one of whose handlers catches a failed import. */
function guarded(node: Node): boolean {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type !== 'try_statement' || parent.childForFieldName('body')?.id !== child.id) continue;
    if (parent.namedChildren.some((c) => c?.type === 'except_clause' && CATCHES_IMPORT.test(c.text)))
      return true;
  }
  return false;
}

function importStatement(node: Node, facts: PythonFacts): void {
  for (const child of node.childrenForFieldName('name')) {
    const dotted = child?.type === 'aliased_import' ? child.childForFieldName('name') : child;
    if (dotted) facts.imports.push({ module: dotted.text, relation: 'imports', ...at(dotted) });
  }
}

function fromStatement(node: Node, facts: PythonFacts): void {
  const moduleNode = node.childForFieldName('module_name');
  if (!moduleNode) return;
  const module = moduleNode.text.replace(/\s+/g, '');
  if (module === '__future__') return;
  const members = node.childrenForFieldName('name');
  const star = node.namedChildren.some((c) => c?.type === 'wildcard_import');
  if (star) facts.imports.push({ module, member: '*', relation: 'imports', ...at(moduleNode) });
  for (const child of members) {
    const member = child?.type === 'aliased_import' ? child.childForFieldName('name') : child;
    if (member) facts.imports.push({ module, member: member.text, relation: 'imports', ...at(member) });
  }
}

function dynamicCall(path: string, captures: { name: string; node: Node }[], facts: PythonFacts): void {
  const fn = captures.find((c) => c.name === 'fn')?.node;
  const args = captures.find((c) => c.name === 'args')?.node;
  if (!fn || !args || !DYNAMIC.has(fn.text)) return;
  const first = args.namedChildren[0];
  const literal = first?.type === 'string' ? stringValue(first) : undefined;
  // A relative name needs the `package=` argument's value, which is known only at run time.
  if (literal !== undefined && !literal.startsWith('.') && /^[\w.]+$/.test(literal)) {
    facts.imports.push({ module: literal, relation: 'dynamic-imports', ...at(first!) });
    return;
  }
  facts.coverage.push({
    analyzer: 'python',
    scope: `${path}:${fn.startPosition.row + 1}`,
    status: 'partial',
    reason: `${fn.text}() with a non-literal or relative module name cannot be resolved statically`,
    detail: first?.text.slice(0, 120) ?? '',
  });
}

/** The value of a plain string literal (no f-string, no concatenation), else undefined. */
function stringValue(node: Node): string | undefined {
  const parts = node.namedChildren.filter((c) => c?.type === 'string_content');
  if (node.namedChildren.some((c) => c?.type === 'interpolation')) return undefined;
  return parts.map((p) => p!.text).join('');
}

/**
 * `__all__` when the module declares it as a literal list or tuple of strings; otherwise its
 * public top-level definitions and assignments (what `from m import *` would bind).
 */
function exportsOf(root: Node): ExportedName[] {
  const declared: ExportedName[] = [];
  const defined: ExportedName[] = [];
  let hasAll = false;
  for (const statement of root.namedChildren) {
    if (!statement) continue;
    const line = statement.startPosition.row + 1;
    const def =
      statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    if (def?.type === 'function_definition' || def?.type === 'class_definition') {
      const name = def.childForFieldName('name')?.text;
      if (name && !name.startsWith('_')) defined.push({ name, line, typeOnly: false });
      continue;
    }
    const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
    if (assignment?.type !== 'assignment') continue;
    const left = assignment.childForFieldName('left');
    if (left?.type !== 'identifier') continue;
    if (left.text === '__all__') {
      const right = assignment.childForFieldName('right');
      if (right?.type === 'list' || right?.type === 'tuple') {
        hasAll = true;
        for (const item of right.namedChildren)
          if (item?.type === 'string') {
            const value = stringValue(item);
            if (value) declared.push({ name: value, line: item.startPosition.row + 1, typeOnly: false });
          }
      }
    } else if (!left.text.startsWith('_')) defined.push({ name: left.text, line, typeOnly: false });
  }
  const names = hasAll ? declared : defined;
  const seen = new Set<string>();
  return names.filter((n) => !seen.has(n.name) && seen.add(n.name));
}

function firstError(root: Node): number {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) return node.startPosition.row + 1;
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child?.hasError || child?.isMissing) stack.push(child);
    }
  }
  return 1;
}
