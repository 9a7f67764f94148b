/**
 * The Rust extractor: (path, text) → the file's `mod` declarations, `use` paths, `extern crate`s,
 * `pub` items and coverage, with tree-sitter. A Rust file does not name the files it depends on:
 * `mod x;` names a module the compiler looks for beside the file, and `use crate::a::b` names a
 * place in the crate's module tree. The facts are those names as written, with the inline-module
 * scope they sit in; resolve/rust.ts builds the tree from every file's facts and resolves them.
 */
import type { Node, Parser } from 'web-tree-sitter';
import type { Coverage, ExportedName } from '../model/types.js';
import { parserFor, readTree } from './tree-sitter.js';

/** Conditions from the attributes on an item or its enclosing modules. */
interface Conditions {
  /** Under `#[cfg(test)]` (the item itself or an enclosing module). */
  test: boolean;
  /** Other `#[cfg(...)]` predicates, as written (`cfg(unix)`), outermost first. */
  cfg: string[];
}

/** A `mod x;` (file module) or `mod x { … }` (inline module) declaration. */
export interface RustMod extends Conditions {
  name: string;
  /** The enclosing inline modules, outermost first (`mod a { mod b; }` → b's scope is ['a']). */
  scope: string[];
  inline: boolean;
  /** The `#[path = "…"]` attribute's value, when given. */
  path?: string;
  /** The declaration as written without its attributes (`pub mod x;`): the literal re-found. */
  written: string;
  line: number;
  column: number;
}

/** One leaf of a `use` tree (`use a::{b, c::*}` gives two), or an `extern crate`. */
export interface RustUse extends Conditions {
  /** The path's segments: `crate`, `self`, `super`, names; `::` first for a global path. */
  segments: string[];
  /** `use a::*`. */
  glob: boolean;
  /** `pub use` (any `pub(…)`): the file re-exports what it names. */
  pub: boolean;
  kind: 'use' | 'extern-crate';
  scope: string[];
  /** What the edge re-finds in the file: the declaration when on one line, else the leaf. */
  written: string;
  line: number;
  column: number;
}

/** An `include!("file.rs")` with a literal path: the file's text is spliced in where it stands. */
export interface RustInclude extends Conditions {
  /** The literal, relative to the including file's directory. */
  path: string;
  scope: string[];
  written: string;
  line: number;
  column: number;
}

export interface RustFacts {
  mods: RustMod[];
  includes: RustInclude[];
  uses: RustUse[];
  /** Names of every item at the file's top level, any visibility: a `use Local::X` is not a crate. */
  items: string[];
  exports: ExportedName[];
  coverage: Coverage[];
}

export const RUST_PATH = /\.rs$/;
/** Bumped when the facts an unchanged file yields change: it is part of the cache key. */
export const RUST_CACHE_KEY = 'rust:2';

export async function extractRustFiles(files: { path: string; text: string }[]): Promise<RustFacts[]> {
  if (files.length === 0) return [];
  // parserFor loads the grammar once per process.
  const parser = await parserFor('rust');
  return files.map((f) => extractRustWith(parser, f.path, f.text));
}

function extractRustWith(parser: Parser, path: string, text: string): RustFacts {
  const facts: RustFacts = { mods: [], includes: [], uses: [], items: [], exports: [], coverage: [] };
  readTree(parser, { analyzer: 'rust', path, text, coverage: facts.coverage }, (root) => {
    walkItems(path, root, [], { test: false, cfg: [] }, facts);
    if (root.hasError) {
      const bad = firstError(root);
      facts.coverage.push({
        analyzer: 'rust',
        scope: `${path}:${bad}`,
        status: 'partial',
        reason: `syntax error near line ${bad}; declarations inside the broken region may be missing`,
      });
    }
  });
  const seen = new Set<string>();
  facts.exports = facts.exports.filter((n) => !seen.has(n.name) && seen.add(n.name));
  facts.items = [...new Set(facts.items)].sort();
  return facts;
}

const ITEM_NAMED = new Set([
  'function_item',
  'struct_item',
  'enum_item',
  'union_item',
  'trait_item',
  'type_item',
  'const_item',
  'static_item',
  'mod_item',
  'function_signature_item',
]);

/** The items of a module body (the file, or an inline module's braces), attributes in hand. */
function walkItems(path: string, body: Node, scope: string[], outer: Conditions, facts: RustFacts): void {
  let attrs: Node[] = [];
  for (const item of body.namedChildren) {
    if (!item) continue;
    if (item.type === 'attribute_item') {
      attrs.push(item);
      continue;
    }
    if (item.type === 'line_comment' || item.type === 'block_comment' || item.type === 'inner_attribute_item')
      continue;
    const own = attributesOf(attrs);
    attrs = [];
    const at: Conditions = { test: outer.test || own.test, cfg: [...outer.cfg, ...own.cfg] };
    const top = scope.length === 0;
    const name = item.childForFieldName('name');
    if (top && ITEM_NAMED.has(item.type) && name) {
      facts.items.push(name.text);
      if (isPub(item)) facts.exports.push(exported(name));
    }
    if (item.type === 'mod_item' && name) {
      const inline = item.childForFieldName('body');
      facts.mods.push({
        name: name.text,
        scope,
        inline: inline !== null,
        ...(own.path !== undefined ? { path: own.path } : {}),
        written: inline ? `mod ${name.text}` : item.text,
        line: name.startPosition.row + 1,
        column: item.startPosition.column + 1,
        ...at,
      });
      if (inline) walkItems(path, inline, [...scope, name.text], at, facts);
    } else if (item.type === 'use_declaration') {
      const pub = isPub(item);
      const single = !item.text.includes('\n');
      const argument = item.childForFieldName('argument');
      if (argument)
        for (const leaf of useLeaves(argument, [])) {
          facts.uses.push({
            segments: leaf.segments,
            glob: leaf.glob,
            pub,
            kind: 'use',
            scope,
            written: single ? item.text : leaf.node.text,
            line: leaf.node.startPosition.row + 1,
            column: leaf.node.startPosition.column + 1,
            ...at,
          });
          if (top && pub && !leaf.glob) {
            const named = leaf.alias ?? leaf.node;
            const last = leaf.alias ? leaf.alias.text : leaf.segments[leaf.segments.length - 1];
            if (last && last !== 'self' && last !== 'super' && last !== 'crate')
              facts.exports.push({ name: last, line: named.startPosition.row + 1, typeOnly: false });
          }
          if (top && !leaf.glob) {
            const last = leaf.alias ? leaf.alias.text : leaf.segments[leaf.segments.length - 1];
            if (last) facts.items.push(last);
          }
        }
    } else if (item.type === 'extern_crate_declaration' && name) {
      facts.uses.push({
        segments: [name.text],
        glob: false,
        pub: isPub(item),
        kind: 'extern-crate',
        scope,
        written: item.text,
        line: name.startPosition.row + 1,
        column: name.startPosition.column + 1,
        ...at,
      });
      const alias = item.childForFieldName('alias');
      if (top) facts.items.push((alias ?? name).text);
    } else if (item.type === 'macro_definition' && name) {
      if (top) facts.items.push(name.text);
      if (top && own.macroExport) facts.exports.push(exported(name));
    } else if (item.type === 'macro_invocation' || item.type === 'expression_statement') {
      itemMacro(path, item, facts, scope, at);
    } else {
      // A `use` inside a function or an impl still imports, into that block's scope of this module.
      for (const inner of item.descendantsOfType('use_declaration')) {
        if (!inner) continue;
        const argument = inner.childForFieldName('argument');
        if (argument)
          for (const leaf of useLeaves(argument, []))
            facts.uses.push({
              segments: leaf.segments,
              glob: leaf.glob,
              pub: false,
              kind: 'use',
              scope,
              written: inner.text.includes('\n') ? leaf.node.text : inner.text,
              line: leaf.node.startPosition.row + 1,
              column: leaf.node.startPosition.column + 1,
              ...at,
            });
      }
      for (const call of item.descendantsOfType('macro_invocation'))
        if (call) includeMacro(path, call, facts, scope, at);
    }
  }
}

const exported = (name: Node): ExportedName => ({
  name: name.text,
  line: name.startPosition.row + 1,
  typeOnly: false,
});

/** Plain `pub` only: `pub(crate)` and `pub(super)` are not visible to other crates. */
function isPub(item: Node): boolean {
  const vis = item.namedChildren.find((c) => c?.type === 'visibility_modifier');
  return vis?.text === 'pub';
}

function attributesOf(attrs: Node[]): Conditions & { path?: string; macroExport: boolean } {
  const out: Conditions & { path?: string; macroExport: boolean } = {
    test: false,
    cfg: [],
    macroExport: false,
  };
  for (const a of attrs) {
    const attr = a.namedChildren.find((c) => c?.type === 'attribute');
    if (!attr) continue;
    const head = attr.namedChildren[0]?.text;
    const args = attr.childForFieldName('arguments')?.text ?? '';
    if (head === 'cfg') {
      if (/^\(\s*test\s*\)$/.test(args)) out.test = true;
      else out.cfg.push(`cfg${args.replace(/\s+/g, ' ')}`);
    } else if (head === 'path') {
      const value = attr.childForFieldName('value');
      const content = value?.namedChildren.find((c) => c?.type === 'string_content')?.text;
      if (content !== undefined) out.path = content;
    } else if (head === 'macro_export') out.macroExport = true;
  }
  return out;
}

interface Leaf {
  segments: string[];
  glob: boolean;
  node: Node;
  alias?: Node;
}

/** Every path a `use` tree names, prefixes applied (`a::{b, c::{self, d}}` → a::b, a::c, a::c::d). */
function useLeaves(node: Node, prefix: string[]): Leaf[] {
  switch (node.type) {
    case 'use_as_clause': {
      const inner = node.childForFieldName('path');
      const alias = node.childForFieldName('alias');
      if (!inner) return [];
      return useLeaves(inner, prefix).map((l) => ({ ...l, node, ...(alias ? { alias } : {}) }));
    }
    case 'use_wildcard': {
      const inner = node.namedChildren[0];
      const segments = inner ? [...prefix, ...segmentsOf(inner)] : prefix;
      return [{ segments, glob: true, node }];
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      const base = path ? [...prefix, ...segmentsOf(path)] : node.text.startsWith('::') ? ['::'] : prefix;
      return list ? useLeaves(list, base) : [];
    }
    case 'use_list':
      return node.namedChildren.flatMap((c) =>
        // `self` in a list names the prefix itself.
        !c ? [] : c.type === 'self' ? [{ segments: prefix, glob: false, node: c }] : useLeaves(c, prefix),
      );
    default:
      return [{ segments: [...prefix, ...segmentsOf(node)], glob: false, node }];
  }
}

/** `a::b::c` → ['a', 'b', 'c']; `::a` → ['::', 'a']; generic arguments are not path segments. */
function segmentsOf(node: Node): string[] {
  if (node.type === 'scoped_identifier') {
    const path = node.childForFieldName('path');
    const name = node.childForFieldName('name');
    const head = path ? segmentsOf(path) : node.text.startsWith('::') ? ['::'] : [];
    return name ? [...head, name.text] : head;
  }
  return [node.text];
}

/**
 * A macro invoked where items go can declare modules, `use`s and items the map cannot see
 * without expanding it; `include!` splices another file in. Both are coverage, with the line.
 */
function itemMacro(path: string, item: Node, facts: RustFacts, scope: string[], at: Conditions): void {
  const call =
    item.type === 'macro_invocation' ? item : item.namedChildren.find((c) => c?.type === 'macro_invocation');
  if (!call) return;
  if (includeMacro(path, call, facts, scope, at)) return;
  const name = call.childForFieldName('macro')?.text ?? '?';
  const line = call.startPosition.row + 1;
  facts.coverage.push({
    analyzer: 'rust',
    scope: `${path}:${line}`,
    status: 'partial',
    reason: `item-level macro ${name}! is not expanded: modules, uses or items it declares are not in the map`,
  });
}

function includeMacro(path: string, call: Node, facts: RustFacts, scope: string[], at: Conditions): boolean {
  const name = call.childForFieldName('macro')?.text;
  if (name !== 'include' && name !== 'include_str' && name !== 'include_bytes') return false;
  if (name !== 'include') return true;
  const line = call.startPosition.row + 1;
  const args = call.namedChildren.find((c) => c?.type === 'token_tree');
  const only = args?.namedChildren.length === 1 ? args.namedChildren[0] : undefined;
  const literal =
    only?.type === 'string_literal'
      ? only.namedChildren.find((c) => c?.type === 'string_content')
      : undefined;
  if (literal && !literal.text.includes('\\')) {
    facts.includes.push({
      path: literal.text,
      scope,
      written: call.text,
      line,
      column: call.startPosition.column + 1,
      ...at,
    });
    return true;
  }
  facts.coverage.push({
    analyzer: 'rust',
    scope: `${path}:${line}`,
    status: 'partial',
    reason:
      'include! of a computed path splices a file in at compile time: its declarations are not in the map',
    detail: call.text.slice(0, 120),
  });
  return true;
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
