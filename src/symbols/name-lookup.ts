/**
 * Export resolution one name at a time, for a one-file delta. A full build's tables hold every
 * name of every barrel reached (an edit importing two names through a package barrel built ~2,200
 * tables); a delta asks few names, so this walks only what can bring each: the origin of that name,
 * and every `export *` of the barrels on the way.
 *
 * Its answers are the tables' own: each step reads the same facts and merges the same way
 * (starLanding). A walk that meets a module it is already inside (a re-export cycle) would answer
 * as seen from where it started, as a table built inside a cycle does, and a cold scan may have
 * started elsewhere: that walk throws ReExportCycle, and the delta asks the tables instead.
 */
import type { ImportFact } from '../model/facts.js';
import { EXPORT_ASSIGNMENT, ExportIndexes } from './export-index.js';
import { type ExportGraph, type Hop, type Landing, prepend, starLanding } from './exports.js';

/** A re-export cycle met by a walk: its answer would depend on where the walk started. */
export class ReExportCycle extends Error {}

export class NameLookup {
  private readonly indexes: ExportIndexes;
  /** Landings by `path\0name` (null: the module does not export the name). */
  private readonly entries = new Map<string, Landing | null>();
  private readonly opens = new Map<string, boolean>();
  private readonly walking = new Set<string>();

  constructor(private readonly graph: ExportGraph) {
    this.indexes = new ExportIndexes(graph);
  }

  targetOf(path: string, fact: ImportFact): string | undefined {
    return this.graph.targetOf(path, fact);
  }

  /** Where `name` exported by `path` is declared (ExportResolver.resolve's answer). */
  resolve(path: string, name: string): Landing {
    const hit = this.entry(path, name);
    if (hit) return hit;
    return this.open(path) && name !== 'default'
      ? { kind: 'outside', via: [] }
      : { kind: 'missing', via: [] };
  }

  /** A module taken whole: its `export =` value when it has one, else its namespace. */
  namespaceOf(path: string, via: Hop[]): Landing {
    if (this.indexes.of(path)?.assigned) return { kind: 'declaration', path, name: EXPORT_ASSIGNMENT, via };
    return { kind: 'namespace', path, via };
  }

  /** The table entry of `name` in `path`'s exports, or undefined when it has none. */
  private entry(path: string, name: string): Landing | undefined {
    const key = `${path}\0${name}`;
    const known = this.entries.get(key);
    if (known !== undefined) return known ?? undefined;
    const found = this.inside(path, () => this.computeEntry(path, name));
    this.entries.set(key, found ?? null);
    return found;
  }

  private computeEntry(path: string, name: string): Landing | undefined {
    // Inside the walk's cycle check (entry), so a cycle is still met wherever the facts were.
    if (this.graph.names?.lacks(path, name)) return undefined;
    const facts = this.indexes.of(path);
    if (!facts) return undefined;
    if (facts.assigned)
      return name === EXPORT_ASSIGNMENT ? { kind: 'declaration', path, name, via: [] } : undefined;
    if (facts.own.has(name)) {
      const o = facts.origins.get(name);
      if (!o) return { kind: 'declaration', path, name, via: [] };
      const hop = { path, line: o.origin.line };
      const target = o.fact && this.graph.targetOf(path, o.fact);
      if (target === undefined) return { kind: 'outside', via: [hop] };
      if (o.origin.imported === '*') return this.namespaceOf(target, [hop]);
      const l = this.entry(target, o.origin.imported);
      if (l) return prepend(hop, l);
      if (this.open(target) && o.origin.imported !== 'default') return { kind: 'outside', via: [hop] };
      return undefined;
    }
    // `export *` never brings `default` or an `export =` value.
    if (name === 'default' || name === EXPORT_ASSIGNMENT) return undefined;
    let seen: Landing | undefined;
    for (const fact of facts.stars) {
      const target = this.graph.targetOf(path, fact);
      if (target === undefined) continue;
      const l = this.entry(target, name);
      if (l) seen = starLanding(seen, { path, line: fact.line }, l);
    }
    return seen;
  }

  /** Whether an absent name may still be exported: some `export *` on the way leads outside the files here. */
  private open(path: string): boolean {
    const known = this.opens.get(path);
    if (known !== undefined) return known;
    const open = this.inside(path, () => {
      if (this.graph.names?.closed(path)) return false;
      const facts = this.indexes.of(path);
      if (!facts) return true;
      if (facts.assigned) return false;
      return facts.stars.some((fact) => {
        const target = this.graph.targetOf(path, fact);
        return target === undefined || this.open(target);
      });
    });
    this.opens.set(path, open);
    return open;
  }

  private inside<T>(path: string, step: () => T): T {
    if (this.walking.has(path)) throw new ReExportCycle(`re-exports of ${path} form a cycle`);
    this.walking.add(path);
    try {
      return step();
    } finally {
      this.walking.delete(path);
    }
  }
}
