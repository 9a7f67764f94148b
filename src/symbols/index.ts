/**
 * The symbol stage of a full build: the uses edges of every importing file, into the snapshot
 * (verify and the guardian then treat them like any code edge).
 */
import type { ResolvedImport } from '../map/import-names.js';
import type { Snapshot } from '../map/snapshot.js';
import type { ImportFact, ModuleFacts } from '../model/facts.js';
import { type ExportLookup, ExportResolver } from './exports.js';
import { usesOf } from './stage.js';

export { EXPORT_ASSIGNMENT, type ExportNames, ExportResolver, type Landing, starFacts } from './exports.js';
export { NameLookup, ReExportCycle } from './name-lookup.js';
export { declaredSymbols, exportEntries, symbolId, symbolKey, usesOf } from './stage.js';

/** The file each import fact resolved to, from the resolved imports of a build. */
export function targetsOf(
  resolved: readonly ResolvedImport[],
): (path: string, fact: ImportFact) => string | undefined {
  const byFact = new Map<ImportFact, string>();
  for (const r of resolved) byFact.set(r.fact, r.target);
  return (_path, fact) => byFact.get(fact);
}

export function addSymbols(
  snapshot: Snapshot,
  modules: ReadonlyMap<string, ModuleFacts>,
  resolved: readonly ResolvedImport[],
): void {
  const targetOf = targetsOf(resolved);
  const resolver = new ExportResolver({ factsOf: (p) => modules.get(p), targetOf });
  for (const [path, facts] of modules) addFileSymbols(snapshot, path, facts, resolver);
}

/**
 * One file's part: its uses edges (its symbols are its file node's export entries). A full build
 * and a delta both call this, so a spliced file cannot disagree with a cold scan about what it uses.
 */
export function addFileSymbols(
  snapshot: Snapshot,
  path: string,
  facts: ModuleFacts,
  resolver: ExportLookup,
): void {
  const targetOf = (f: ImportFact) => resolver.targetOf(path, f);
  for (const u of usesOf(path, facts, resolver, targetOf)) snapshot.relate({ kind: 'uses', ...u });
}
