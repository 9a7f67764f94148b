/**
 * Export resolution: which declaration an imported name lands on, through any number of barrels,
 * with TypeScript's rules — a module's own exports (local or explicit re-exports) shadow what its
 * `export *` bring; two `export *` bringing one name from different declarations make it
 * ambiguous, and the module exports neither; `export *` never brings `default`; a module with
 * `export =` exports that one value. Cycles in re-export chains terminate (they add nothing).
 */
import type { ExportOrigin, ImportFact, ModuleFacts } from '../model/facts.js';

/** A re-export the chain went through: the barrel and the line of its re-export. */
export interface Hop {
  path: string;
  line: number;
}

export type Landing =
  /** A declaration: `name` exported by `path` without coming from another module. */
  | { kind: 'declaration'; path: string; name: string; via: Hop[] }
  /** `export * as ns` (or a re-exported namespace import): the whole module `path`. */
  | { kind: 'namespace'; path: string; via: Hop[] }
  /** The chain leaves the files here (a package, an unresolved specifier, a non-code file). */
  | { kind: 'outside'; via: Hop[] }
  | { kind: 'ambiguous'; paths: string[]; via: Hop[] }
  | { kind: 'missing'; via: Hop[] };

export interface ExportGraph {
  factsOf(path: string): ModuleFacts | undefined;
  /** The file here an import fact of `path` resolved to, or undefined (a package, unresolved). */
  targetOf(path: string, fact: ImportFact): string | undefined;
}

export const EXPORT_ASSIGNMENT = 'export=';

/** One file's export facts, indexed once: resolution asks the same barrel thousands of times. */
interface Table {
  entries: Map<string, Landing>;
  /** Some `export *` leads outside the files here: an absent name may still be exported. */
  open: boolean;
  assigned?: boolean;
  names?: string[];
}

const identity = (l: Landing): string =>
  l.kind === 'declaration' ? `${l.path}#${l.name}` : l.kind === 'namespace' ? `${l.path}#*` : `(${l.kind})`;
const pathOf = (l: Landing): string => ('path' in l ? l.path : '');

interface ExportIndex {
  assigned: boolean;
  own: Set<string>;
  origins: Map<string, { origin: ExportOrigin; fact: ImportFact | undefined }>;
  stars: ImportFact[];
}

export class ExportResolver {
  private readonly indexes = new Map<string, ExportIndex | undefined>();

  constructor(private readonly graph: ExportGraph) {}

  /** The file an import fact of `path` resolved to (the graph's answer). */
  targetOf(path: string, fact: ImportFact): string | undefined {
    return this.graph.targetOf(path, fact);
  }

  private readonly tables = new Map<string, Table>();
  private readonly building = new Set<string>();

  /** Where `name` exported by `path` is declared. */
  resolve(path: string, name: string): Landing {
    const table = this.tableOf(path).table;
    const hit = table.entries.get(name);
    if (hit) return hit;
    return table.open && name !== 'default' ? { kind: 'outside', via: [] } : { kind: 'missing', via: [] };
  }

  /** Every name `path` exports (own names, then what its `export *` bring), sorted. */
  exportNames(path: string): string[] {
    const table = this.tableOf(path).table;
    table.names ??= [...table.entries.keys()].sort();
    return table.names;
  }

  /**
   * A module's whole export table, built once from its targets' tables: each barrel is visited
   * once per scan instead of once per name looked up through it. A table met again while it is
   * being built (a cycle) adds nothing; tables built inside a cycle are kept only by the call that
   * closed it, so a cycle member asked later is built again with its own view.
   */
  private tableOf(path: string): { table: Table; cyclic: boolean } {
    const known = this.tables.get(path);
    if (known) return { table: known, cyclic: false };
    if (this.building.has(path)) return { table: { entries: new Map(), open: false }, cyclic: true };
    this.building.add(path);
    const built = this.build(path);
    this.building.delete(path);
    if (!built.cyclic || this.building.size === 0) this.tables.set(path, built.table);
    return built;
  }

  private build(path: string): { table: Table; cyclic: boolean } {
    const facts = this.indexOf(path);
    const entries = new Map<string, Landing>();
    if (!facts) return { table: { entries, open: true }, cyclic: false };
    if (facts.assigned) {
      entries.set(EXPORT_ASSIGNMENT, { kind: 'declaration', path, name: EXPORT_ASSIGNMENT, via: [] });
      return { table: { entries, open: false, assigned: true }, cyclic: false };
    }
    let cyclic = false;
    for (const name of facts.own) {
      const o = facts.origins.get(name);
      if (!o) {
        entries.set(name, { kind: 'declaration', path, name, via: [] });
        continue;
      }
      const hop = { path, line: o.origin.line };
      const target = o.fact && this.graph.targetOf(path, o.fact);
      if (target === undefined) entries.set(name, { kind: 'outside', via: [hop] });
      else if (o.origin.imported === '*') entries.set(name, this.namespaceOf(target, [hop]));
      else {
        const next = this.tableOf(target);
        cyclic ||= next.cyclic;
        const l = next.table.entries.get(o.origin.imported);
        if (l) entries.set(name, prepend(hop, l));
        else if (next.table.open && o.origin.imported !== 'default')
          entries.set(name, { kind: 'outside', via: [hop] });
      }
    }
    // `export *`: names the module does not export itself; two different declarations of one
    // name make it ambiguous (exported by neither).
    let open = false;
    const starred = new Map<string, Landing>();
    for (const fact of facts.stars) {
      const hop = { path, line: fact.line };
      const target = this.graph.targetOf(path, fact);
      if (target === undefined) {
        open = true;
        continue;
      }
      const next = this.tableOf(target);
      cyclic ||= next.cyclic;
      open ||= next.table.open;
      for (const [name, l] of next.table.entries) {
        if (name === 'default' || name === EXPORT_ASSIGNMENT || facts.own.has(name)) continue;
        const seen = starred.get(name);
        if (!seen) starred.set(name, prepend(hop, l));
        else if (seen.kind !== 'ambiguous' && identity(seen) !== identity(l))
          starred.set(name, { kind: 'ambiguous', paths: [pathOf(seen), pathOf(l)].sort(), via: [] });
      }
    }
    for (const [name, l] of starred) entries.set(name, l);
    return { table: { entries, open }, cyclic };
  }

  private indexOf(path: string): ExportIndex | undefined {
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

  /** A module taken whole: its `export =` value when it has one, else its namespace. */
  namespaceOf(path: string, via: Hop[]): Landing {
    if (this.indexOf(path)?.assigned) return { kind: 'declaration', path, name: EXPORT_ASSIGNMENT, via };
    return { kind: 'namespace', path, via };
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

function prepend(hop: Hop, landing: Landing): Landing {
  return { ...landing, via: [hop, ...landing.via] } as Landing;
}
