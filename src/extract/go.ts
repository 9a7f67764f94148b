/**
 * The Go extractor: (path, text) → package clause, imports, build constraint, exports and
 * coverage, with tree-sitter. A Go import names a package directory, not a file, so the facts are
 * the import paths as written; resolve/go.ts turns them into directories.
 */
import type { Node, Parser } from 'web-tree-sitter';
import type { Coverage, ExportedName } from '../model/types.js';
import { parserFor, readTree } from './tree-sitter.js';

/** One import spec, as written. */
export interface GoImport {
  /** The import path, unquoted: `fmt`, `example.com/m/pkg`. */
  path: string;
  /** The literal as written, quotes included: what the guardian re-finds in the file. */
  written: string;
  /** `x`, `.` or `_` when the spec names the package. */
  alias?: string;
  line: number;
  column: number;
}

export interface GoFacts {
  /** The package clause: `package foo` (name and 1-based line); absent when the file has none. */
  package?: { name: string; line: number };
  imports: GoImport[];
  /**
   * The file's build constraint as written before its package clause: the `//go:build`
   * expression, else the legacy `// +build` lines. Bytes only: the file-name conditions
   * (`_test.go`, `_linux.go`) come from goCondition, since facts are cached by content.
   */
  build?: string;
  exports: ExportedName[];
  coverage: Coverage[];
}

export const GO_PATH = /\.go$/;
/** Bumped when the facts an unchanged file yields change: it is part of the cache key. */
export const GO_CACHE_KEY = 'go:1';

export async function extractGoFiles(files: { path: string; text: string }[]): Promise<GoFacts[]> {
  if (files.length === 0) return [];
  // parserFor loads the grammar once per process.
  const parser = await parserFor('go');
  return files.map((f) => extractGoWith(parser, f.path, f.text));
}

function extractGoWith(parser: Parser, path: string, text: string): GoFacts {
  const facts: GoFacts = { imports: [], exports: [], coverage: [] };
  readTree(parser, { analyzer: 'go', path, text, coverage: facts.coverage }, (root) => {
    // Go allows the package clause and imports only at the top level: a walk of the root's
    // children finds them all, at a tenth of the cost of a query over the whole tree.
    for (const decl of root.namedChildren) {
      if (decl?.type === 'package_clause') {
        const name = decl.namedChildren.find((c) => c?.type === 'package_identifier');
        if (name) facts.package ??= { name: name.text, line: name.startPosition.row + 1 };
      } else if (decl?.type === 'import_declaration')
        for (const child of decl.namedChildren) {
          if (child?.type === 'import_spec') importSpec(path, child, facts);
          else if (child?.type === 'import_spec_list')
            for (const spec of child.namedChildren)
              if (spec?.type === 'import_spec') importSpec(path, spec, facts);
        }
    }
    const build = buildConstraintOf(root);
    if (build) facts.build = build;
    facts.exports.push(...exportsOf(root));
    if (root.hasError) {
      const bad = firstError(root);
      facts.coverage.push({
        analyzer: 'go',
        scope: `${path}:${bad}`,
        status: 'partial',
        reason: `syntax error near line ${bad}; imports inside the broken region may be missing`,
      });
    }
  });
  return facts;
}

function importSpec(path: string, node: Node, facts: GoFacts): void {
  const literal = node.childForFieldName('path');
  const alias = node.childForFieldName('name')?.text;
  if (!literal) return;
  const written = literal.text;
  const value = unquote(written);
  const at = { line: literal.startPosition.row + 1, column: literal.startPosition.column + 1 };
  if (value === undefined || value === '') {
    facts.coverage.push({
      analyzer: 'go',
      scope: `${path}:${at.line}`,
      status: 'partial',
      reason: 'import path with escapes or empty: not resolved',
      detail: written.slice(0, 120),
    });
    return;
  }
  facts.imports.push({ path: value, written, ...(alias ? { alias } : {}), ...at });
}

/** `"a/b"` or `` `a/b` `` → a/b; a literal with escape sequences is left to coverage. */
function unquote(written: string): string | undefined {
  if (written.startsWith('`')) return written.slice(1, -1);
  const body = written.slice(1, -1);
  return body.includes('\\') ? undefined : body;
}

const GOOS =
  'aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos';
const GOARCH =
  '386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm';
const KNOWN_OS = new Set(GOOS.split(' '));
const KNOWN_ARCH = new Set(GOARCH.split(' '));

/**
 * The conditions under which a file is compiled, beyond the default build, as recorded on its
 * import evidence: the GOOS/GOARCH file-name suffix (`file:linux/amd64`), the constraint line,
 * `test` for `_test.go`. Undefined for a file every build compiles.
 */
export function goCondition(path: string, build: string | undefined): string | undefined {
  const parts: string[] = [];
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.go$/, '');
  const test = base.endsWith('_test');
  const words = (test ? base.slice(0, -5) : base).split('_');
  // go/build: `*_GOOS`, `*_GOARCH`, `*_GOOS_GOARCH`; the first element never counts (linux.go is plain).
  const last = words.length > 1 ? words[words.length - 1]! : '';
  const before = words.length > 2 ? words[words.length - 2]! : '';
  if (KNOWN_OS.has(before) && KNOWN_ARCH.has(last)) parts.push(`file:${before}/${last}`);
  else if (KNOWN_OS.has(last) || KNOWN_ARCH.has(last)) parts.push(`file:${last}`);
  if (build) parts.push(build);
  if (test) parts.push('test');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** Only comments before the package clause are constraints (go/build's rule). */
function buildConstraintOf(root: Node): string | undefined {
  const legacy: string[] = [];
  for (const child of root.children) {
    if (!child || child.type === 'package_clause') break;
    if (child.type !== 'comment') continue;
    const text = child.text.trim();
    const m = /^\/\/go:build\s+(.+)$/.exec(text);
    if (m) return `go:build ${m[1]!.trim()}`;
    const old = /^\/\/\s*\+build\s+(.+)$/.exec(text);
    if (old) legacy.push(old[1]!.trim());
  }
  return legacy.length > 0 ? `+build ${legacy.join('; ')}` : undefined;
}

/** Package-scope identifiers that start with an upper-case letter (methods are not package scope). */
function exportsOf(root: Node): ExportedName[] {
  const out: ExportedName[] = [];
  const add = (node: Node | null | undefined) => {
    const name = node?.text;
    if (name && /^\p{Lu}/u.test(name)) out.push({ name, line: node!.startPosition.row + 1, typeOnly: false });
  };
  for (const decl of root.namedChildren) {
    if (!decl) continue;
    if (decl.type === 'function_declaration') add(decl.childForFieldName('name'));
    else if (
      decl.type === 'type_declaration' ||
      decl.type === 'var_declaration' ||
      decl.type === 'const_declaration'
    )
      for (const spec of specsOf(decl)) for (const name of spec.childrenForFieldName('name')) add(name);
  }
  const seen = new Set<string>();
  return out.filter((n) => !seen.has(n.name) && seen.add(n.name));
}

/** The specs of a declaration, whether written alone or in a parenthesised list. */
function specsOf(decl: Node): Node[] {
  const specs: Node[] = [];
  for (const child of decl.namedChildren) {
    if (!child) continue;
    if (/_spec$/.test(child.type) || child.type === 'type_alias') specs.push(child);
    else if (/_spec_list$/.test(child.type))
      for (const s of child.namedChildren) if (s && /_spec$/.test(s.type)) specs.push(s);
  }
  return specs;
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
