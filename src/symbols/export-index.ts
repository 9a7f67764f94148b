/**
 * A module's export facts indexed for resolution: its own names, where each re-exported name comes
 * from (the import fact of its origin), its `export *` facts, and whether it has `export =`.
 */
import type { ExportOrigin, ImportFact, ModuleFacts } from '../model/facts.js';

export const EXPORT_ASSIGNMENT = 'export=';

/** One module's export facts as resolution reads them. */
export interface ExportIndex {
  assigned: boolean;
  own: Set<string>;
  origins: Map<string, { origin: ExportOrigin; fact: ImportFact | undefined }>;
  stars: ImportFact[];
}

/** Each module's export facts indexed once, from the graph's facts. */
export class ExportIndexes {
  private readonly indexes = new Map<string, ExportIndex | undefined>();

  constructor(private readonly graph: { factsOf(path: string): ModuleFacts | undefined }) {}

  of(path: string): ExportIndex | undefined {
    if (this.indexes.has(path)) return this.indexes.get(path);
    const facts = this.graph.factsOf(path);
    let index: ExportIndex | undefined;
    if (facts) {
      const origins = new Map<string, { origin: ExportOrigin; fact: ImportFact | undefined }>();
      for (const o of facts.origins ?? [])
        if (!origins.has(o.name))
          origins.set(o.name, { origin: o, fact: originFact(facts, o.specifier, o.imported, o.line) });
      index = {
        assigned: facts.exports.some((e) => e.name === EXPORT_ASSIGNMENT),
        own: new Set(facts.exports.map((e) => e.name).filter((n) => n !== '*')),
        origins,
        stars: starFacts(facts),
      };
    }
    this.indexes.set(path, index);
    return index;
  }
}

/** The import fact an export origin comes from: the re-export (or the import) of that specifier. */
function originFact(
  facts: ModuleFacts,
  specifier: string,
  imported: string,
  line: number,
): ImportFact | undefined {
  const candidates = facts.imports.filter(
    (f) =>
      f.specifier === specifier &&
      (f.relation === 're-exports' ||
        f.relation === 'imports' ||
        f.relation === 'type-imports' ||
        f.relation === 'requires') &&
      f.names.includes(imported),
  );
  return candidates.find((f) => f.relation === 're-exports' && f.line === line) ?? candidates[0];
}

/** `export * from` facts: re-exports of `*` that are no `export * as ns` (an origin on that line). */
export function starFacts(facts: ModuleFacts): ImportFact[] {
  return facts.imports.filter(
    (f) =>
      f.relation === 're-exports' &&
      f.names.includes('*') &&
      !facts.origins?.some((o) => o.imported === '*' && o.specifier === f.specifier && o.line === f.line),
  );
}
