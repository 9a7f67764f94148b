/**
 * What a file uses of each import: the first mention of every bound name after the import, and
 * for a namespace binding (`import * as ns`, `const x = require()`) the members it reads
 * (`ns.format`). One scan of the identifiers of the text, not an AST walk: deserialising the AST
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

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
const MEMBER = /^\s*\??\.\s*([A-Za-z_$][\w$]*)/;

/** Fills `uses` (and `escapes`) of each binding's fact; `skip` are the import statements' spans. */
export function recordUses(
  sink: FactSink,
  bindings: readonly Binding[],
  skip: readonly [number, number][],
): void {
  if (bindings.length === 0) return;
  const byLocal = new Map<string, Binding>();
  for (const b of bindings) byLocal.set(b.local, b);
  const first = new Map<Binding, number>();
  const members = new Map<Binding, Map<string, number>>();
  const escaped = new Set<Binding>();
  const text = sink.text;
  IDENTIFIER.lastIndex = 0;
  for (let m = IDENTIFIER.exec(text); m !== null; m = IDENTIFIER.exec(text)) {
    const binding = byLocal.get(m[0]);
    if (binding === undefined) continue;
    const at = m.index;
    const before = text.charCodeAt(at - 1);
    // `x.ns` or `x$ns` is not a mention of ns; a preceding `.` makes it a property of something else.
    if (before === 46 /* . */ && text.charCodeAt(at - 2) !== 46) continue;
    if (at < (binding.after ?? 0) || skip.some(([s, e]) => at >= s && at < e)) continue;
    if (!first.has(binding)) first.set(binding, at);
    if (binding.imported !== '*') continue;
    const member = MEMBER.exec(text.slice(at + m[0].length, at + m[0].length + 80));
    if (member) {
      const seen = members.get(binding) ?? new Map<string, number>();
      if (!seen.has(member[1]!)) seen.set(member[1]!, at);
      members.set(binding, seen);
    } else escaped.add(binding);
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
