/**
 * Export resolution: which declaration an imported name lands on, through any number of barrels,
 * with TypeScript's rules — a module's own exports (local or explicit re-exports) shadow what its
 * `export *` bring; two `export *` bringing one name from different declarations make it
 * ambiguous, and the module exports neither; `export *` never brings `default`; a module with
 * `export =` exports that one value. Cycles in re-export chains terminate (they add nothing).
 */
import type { ImportFact, ModuleFacts } from '../model/facts.js';
import { EXPORT_ASSIGNMENT, type ExportIndex, ExportIndexes } from './export-index.js';

export { EXPORT_ASSIGNMENT, starFacts } from './export-index.js';

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

/**
 * What a delta knows of a module's exports without reading its facts (scan-delta-export-names.ts). Each
 * answer is a proof or false, never a guess: false sends the walk to the facts.
 */
export interface ExportNames {
  /** It has no `export *` and no `export =`: its export table is its names (exportsClosed). */
  closed(path: string): boolean;
  /** It is closed and `name` is not among its names. */
  lacks(path: string, name: string): boolean;
}

export interface ExportGraph {
  factsOf(path: string): ModuleFacts | undefined;
  /** Modules a walk may pass without their facts (a delta's, from the index). */
  names?: ExportNames;
  /** Reuse the export index of facts indexed before, by other graphs that share them (a delta's files). */
  shareIndexes?: boolean;
  /** The file here an import fact of `path` resolved to, or undefined (a package, unresolved). */
  targetOf(path: string, fact: ImportFact): string | undefined;
}

/** One file's export facts, indexed once: resolution asks the same barrel thousands of times. */
interface Table {
  entries: Map<string, Landing>;
  /** Some `export *` leads outside the files here: an absent name may still be exported. */
  open: boolean;
  assigned?: boolean;
  names?: string[];
}

export const identity = (l: Landing): string =>
  l.kind === 'declaration' ? `${l.path}#${l.name}` : l.kind === 'namespace' ? `${l.path}#*` : `(${l.kind})`;
const pathOf = (l: Landing): string => ('path' in l ? l.path : '');

/** What the symbol stage asks of export resolution (ExportResolver; NameLookup for a delta). */
export type ExportLookup = Pick<ExportResolver, 'resolve' | 'namespaceOf' | 'targetOf'>;

export class ExportResolver {
  private readonly indexes: ExportIndexes;

  constructor(private readonly graph: ExportGraph) {
    this.indexes = new ExportIndexes(graph);
  }

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
        // Own names are skipped, so what `entries` holds for this name came through an earlier star.
        entries.set(name, starLanding(entries.get(name), hop, l));
      }
    }
    return { table: { entries, open }, cyclic };
  }

  private indexOf(path: string): ExportIndex | undefined {
    return this.indexes.of(path);
  }

  /** A module taken whole: its `export =` value when it has one, else its namespace. */
  namespaceOf(path: string, via: Hop[]): Landing {
    if (this.indexOf(path)?.assigned) return { kind: 'declaration', path, name: EXPORT_ASSIGNMENT, via };
    return { kind: 'namespace', path, via };
  }
}

/** The landing reached one re-export further out: each kind built as a literal of one shape, no spread. */
export function prepend(hop: Hop, landing: Landing): Landing {
  const via = [hop, ...landing.via];
  switch (landing.kind) {
    case 'declaration':
      return { kind: 'declaration', path: landing.path, name: landing.name, via };
    case 'namespace':
      return { kind: 'namespace', path: landing.path, via };
    case 'ambiguous':
      return { kind: 'ambiguous', paths: landing.paths, via };
    default:
      return { kind: landing.kind, via };
  }
}

/**
 * A name met again through another `export *` of one barrel: the first landing stays; two different
 * declarations make it ambiguous (TypeScript exports neither), and ambiguous it stays.
 */
export function starLanding(seen: Landing | undefined, hop: Hop, l: Landing): Landing {
  if (!seen) return prepend(hop, l);
  if (seen.kind !== 'ambiguous' && identity(seen) !== identity(l))
    return { kind: 'ambiguous', paths: [pathOf(seen), pathOf(l)].sort(), via: [] };
  return seen;
}
