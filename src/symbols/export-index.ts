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

/**
 * Indexes by the facts they were made from, for graphs that share them (a delta): an index is a
 * function of its facts alone, and facts are not changed once extracted. A delta whose file is
 * followed by its importers makes a resolver per file: an export renamed behind package barrels
 * indexed ~1,500 modules three times over. A full build makes one resolver and keeps its indexes
 * no longer than it.
 */
const shared = new WeakMap<ModuleFacts, ExportIndex>();

/** Each module's export facts indexed once, from the graph's facts. */
export class ExportIndexes {
  private readonly indexes = new Map<string, ExportIndex | undefined>();

  constructor(
    private readonly graph: { factsOf(path: string): ModuleFacts | undefined; shareIndexes?: boolean },
  ) {}

  of(path: string): ExportIndex | undefined {
    if (this.indexes.has(path)) return this.indexes.get(path);
    const facts = this.graph.factsOf(path);
    const index = facts && indexOf(facts, this.graph.shareIndexes === true);
    this.indexes.set(path, index);
    return index;
  }
}

function indexOf(facts: ModuleFacts, share: boolean): ExportIndex {
  const known = share ? shared.get(facts) : undefined;
  if (known) return known;
  const origins = new Map<string, { origin: ExportOrigin; fact: ImportFact | undefined }>();
  const bySpecifier = facts.origins?.length ? loadsBySpecifier(facts) : undefined;
  for (const o of facts.origins ?? [])
    if (!origins.has(o.name))
      origins.set(o.name, { origin: o, fact: originFact(bySpecifier!, o.specifier, o.imported, o.line) });
  const index: ExportIndex = {
    assigned: facts.exports.some((e) => e.name === EXPORT_ASSIGNMENT),
    own: new Set(facts.exports.map((e) => e.name).filter((n) => n !== '*')),
    origins,
    stars: starFacts(facts),
  };
  if (share) shared.set(facts, index);
  return index;
}

const LOADING = new Set(['re-exports', 'imports', 'type-imports', 'requires']);

/** A module's loads that can be an export's origin, by specifier: one pass, not one per origin. */
function loadsBySpecifier(facts: ModuleFacts): Map<string, ImportFact[]> {
  const out = new Map<string, ImportFact[]>();
  for (const f of facts.imports) {
    if (!LOADING.has(f.relation)) continue;
    const list = out.get(f.specifier);
    if (list) list.push(f);
    else out.set(f.specifier, [f]);
  }
  return out;
}

/** The import fact an export origin comes from: the re-export (or the import) of that specifier. */
function originFact(
  loads: Map<string, ImportFact[]>,
  specifier: string,
  imported: string,
  line: number,
): ImportFact | undefined {
  const candidates = (loads.get(specifier) ?? []).filter((f) => f.names.includes(imported));
  return candidates.find((f) => f.relation === 're-exports' && f.line === line) ?? candidates[0];
}

/** `export * from` facts: re-exports of `*` that are no `export * as ns` (an origin on that line). */
export function starFacts(facts: ModuleFacts): ImportFact[] {
  const stars = facts.imports.filter((f) => f.relation === 're-exports' && f.names.includes('*'));
  if (stars.length === 0 || !facts.origins?.length) return stars;
  const namespaces = new Set(
    facts.origins.filter((o) => o.imported === '*').map((o) => `${o.specifier}\0${o.line}`),
  );
  return stars.filter((f) => !namespaces.has(`${f.specifier}\0${f.line}`));
}
