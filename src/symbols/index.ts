/**
 * The symbol stage of a full build: symbol nodes of every code file, then the uses edges of every
 * importing file, into the snapshot (verify and the guardian then treat them like any code edge).
 */
import type { ResolvedImport } from '../map/import-names.js';
import type { Snapshot } from '../map/snapshot.js';
import type { ImportFact, ModuleFacts, TextSource } from '../model/facts.js';
import { ExportResolver } from './exports.js';
import { declaredSymbols, usesOf } from './stage.js';

export { EXPORT_ASSIGNMENT, ExportResolver, type Landing, starFacts } from './exports.js';
export { declaredSymbols, symbolId, symbolKey, usesOf } from './stage.js';

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
  texts: TextSource,
): void {
  const targetOf = targetsOf(resolved);
  const resolver = new ExportResolver({ factsOf: (p) => modules.get(p), targetOf });
  for (const [path, facts] of modules) addFileSymbols(snapshot, path, facts, resolver, texts);
}

/**
 * One file's part: its symbol nodes and its uses edges. A full build and a delta both call this,
 * so a spliced file cannot disagree with a cold scan about what it declares or uses.
 */
export function addFileSymbols(
  snapshot: Snapshot,
  path: string,
  facts: ModuleFacts,
  resolver: ExportResolver,
  texts: TextSource,
): void {
  for (const s of declaredSymbols(path, facts)) {
    snapshot.entity('symbol', s.key, {
      name: s.name,
      path,
      evidence: [{ source: 'code', path, line: s.line }],
      metadata: s.metadata,
    });
  }
  const text = texts.get(path) ?? '';
  // Line starts once per file: excerpts are asked for every use's lines.
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const excerpt = (line: number): string => {
    const start = starts[line - 1];
    if (start === undefined) return '';
    const end = starts[line] === undefined ? text.length : starts[line]! - 1;
    const raw = text.slice(start, end).trim();
    return raw.length > 160 ? `${raw.slice(0, 159)}…` : raw;
  };
  const targetOf = (f: ImportFact) => resolver.targetOf(path, f);
  for (const u of usesOf(path, facts, resolver, targetOf, excerpt)) snapshot.relate({ kind: 'uses', ...u });
}
