/**
 * The symbol stage of a full build: symbol nodes of every code file, then the uses edges of every
 * importing file, into the snapshot (verify and the guardian then treat them like any code edge).
 */
import type { ResolvedImport } from '../map/import-names.js';
import { excerptAt, type Snapshot } from '../map/snapshot.js';
import type { ImportFact, ModuleFacts, TextSource } from '../model/facts.js';
import { ExportResolver } from './exports.js';
import { declaredSymbols, usesOf } from './stage.js';

export { EXPORT_ASSIGNMENT, ExportResolver, type Landing } from './exports.js';
export { declaredSymbols, symbolId, symbolKey, usesOf } from './stage.js';

/** The file each import fact resolved to, from the resolved imports of a build. */
export function targetsOf(resolved: readonly ResolvedImport[]): (path: string, fact: ImportFact) => string | undefined {
  const byFact = new Map<ImportFact, string>();
  for (const r of resolved) byFact.set(r.fact, r.target);
  return (_path, fact) => byFact.get(fact);
}

export function addSymbols(
  snapshot: Snapshot,
  modules: ReadonlyMap<string, ModuleFacts>,
  resolved: readonly ResolvedImport[],
  texts: TextSource,
): void {
  const targetOf = targetsOf(resolved);
  const resolver = new ExportResolver({ factsOf: (p) => modules.get(p), targetOf });
  for (const [path, facts] of modules) {
    for (const s of declaredSymbols(path, facts)) {
      snapshot.entity('symbol', s.key, {
        name: s.name,
        path,
        evidence: [{ source: 'code', path, line: s.line }],
        metadata: s.metadata,
      });
    }
  }
  for (const [path, facts] of modules) {
    const text = texts.get(path) ?? '';
    const uses = usesOf(path, facts, resolver, (f) => targetOf(path, f), (line) => excerptAt(text, line));
    for (const u of uses) snapshot.relate({ kind: 'uses', ...u });
  }
}
