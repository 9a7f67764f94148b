/**
 * What a file uses of each import: the first mention of every bound name after the import, and
 * for a namespace binding (`import * as ns`, `const x = require()`) the members it reads
 * (`ns.format`). A text search for each bound name, not an AST walk: deserialising the AST
 * costs twice the parse, and the symbol stage must stay a small part of a scan. Identifiers inside
 * strings and comments after the import count as mentions too, which can only move a first-use
 * line earlier or add a member name that is not read — never drop a use.
 */
import type { ImportFact, NameUse } from '../model/facts.js';
import type { FactSink } from './js-ts-sink.js';

export interface Binding {
  /** The local name in this file. */
  local: string;
  /** The imported name, or `*` for a namespace binding. */
  imported: string;
  fact: ImportFact;
  /** Offset where its import statement ends: a mention before it (a header comment) is no use. */
  after?: number;
}

const MEMBER = /^\s*\??\.\s*([A-Za-z_$][\w$]*)/;

/** An identifier character (ASCII, as the mention scan reads them): `$`, `_`, letters, digits. */
function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/**
 * Fills `uses` (and `escapes`) of each binding's fact; `skip` are the import statements' spans.
 * Each bound name is searched for with indexOf rather than by tokenising the whole text: a file
 * binds a handful of names, and a named binding stops at its first mention.
 */
export function recordUses(
  sink: FactSink,
  bindings: readonly Binding[],
  skip: readonly [number, number][],
): void {
  if (bindings.length === 0) return;
  // A local bound twice (two destructured requires in different scopes): the last one is read.
  const byLocal = new Map<string, Binding>();
  for (const b of bindings) byLocal.set(b.local, b);
  const first = new Map<Binding, number>();
  const members = new Map<Binding, Map<string, number>>();
  const escaped = new Set<Binding>();
  const text = sink.text;
  for (const [local, binding] of byLocal) {
    const whole = binding.imported === '*';
    const length = local.length;
    for (let at = text.indexOf(local, binding.after ?? 0); at !== -1; at = text.indexOf(local, at + length)) {
      // Only a whole identifier: `xa` or `a1` is no mention of a.
      if (isWord(text.charCodeAt(at - 1)) || isWord(text.charCodeAt(at + length))) continue;
      // `x.ns` is not a mention of ns: a preceding `.` (not a spread) makes it a property of something else.
      if (text.charCodeAt(at - 1) === 46 /* . */ && text.charCodeAt(at - 2) !== 46) continue;
      if (skip.some(([s, e]) => at >= s && at < e)) continue;
      if (!first.has(binding)) first.set(binding, at);
      if (!whole) break;
      const member = MEMBER.exec(text.slice(at + length, at + length + 80));
      if (member) {
        const seen = members.get(binding) ?? new Map<string, number>();
        if (!seen.has(member[1]!)) seen.set(member[1]!, at);
        members.set(binding, seen);
      } else escaped.add(binding);
    }
  }
  for (const b of bindings) {
    const uses: NameUse[] = b.fact.uses ?? [];
    if (b.imported === '*') {
      for (const [name, at] of members.get(b) ?? []) uses.push({ name, line: sink.position(at).line });
      // A namespace never read member by member is a lower bound only if it is used at all.
      if (escaped.has(b)) b.fact.escapes = true;
    } else {
      const at = first.get(b);
      uses.push({ name: b.imported, line: at === undefined ? b.fact.line : sink.position(at).line });
    }
    if (uses.length > 0 || b.imported === '*') b.fact.uses = firstOfEach([...uses]);
  }
}

/** One use per name, at its earliest line, sorted by name. */
function firstOfEach(uses: NameUse[]): NameUse[] {
  const byName = new Map<string, NameUse>();
  for (const u of uses) {
    const seen = byName.get(u.name);
    if (seen === undefined || u.line < seen.line) byName.set(u.name, u);
  }
  return [...byName.values()].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}
