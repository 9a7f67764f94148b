/**
 * Export resolution: which declaration an imported name lands on, through any number of barrels,
 * with TypeScript's rules — a module's own exports (local or explicit re-exports) shadow what its
 * `export *` bring; two `export *` bringing one name from different declarations make it
 * ambiguous, and the module exports neither; `export *` never brings `default`; a module with
 * `export =` exports that one value. Cycles in re-export chains terminate (they add nothing).
 */
import type { ImportFact, ModuleFacts } from '../model/facts.js';

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

export class ExportResolver {
  private readonly memo = new Map<string, Landing>();
  private readonly names = new Map<string, string[]>();

  constructor(private readonly graph: ExportGraph) {}

  /** The file an import fact of `path` resolved to (the graph's answer). */
  targetOf(path: string, fact: ImportFact): string | undefined {
    return this.graph.targetOf(path, fact);
  }

  /** Where `name` exported by `path` is declared. */
  resolve(path: string, name: string): Landing {
    return this.walk(path, name, new Set()).landing;
  }

  /** Every name `path` exports (own names, then what its `export *` bring), sorted. */
  exportNames(path: string): string[] {
    let list = this.names.get(path);
    if (!list) {
      list = this.namesOf(path, new Set());
      this.names.set(path, list);
    }
    return list;
  }

  private walk(path: string, name: string, stack: Set<string>): { landing: Landing; cyclic: boolean } {
    const key = `${path}\0${name}`;
    const known = this.memo.get(key);
    if (known) return { landing: known, cyclic: false };
    if (stack.has(key)) return { landing: { kind: 'missing', via: [] }, cyclic: true };
    stack.add(key);
    const result = this.step(path, name, stack);
    stack.delete(key);
    // A result found while a caller was on the stack may lack what that caller brings: not kept.
    if (!result.cyclic) this.memo.set(key, result.landing);
    return result;
  }

  private step(path: string, name: string, stack: Set<string>): { landing: Landing; cyclic: boolean } {
    const facts = this.graph.factsOf(path);
    if (!facts) return { landing: { kind: 'outside', via: [] }, cyclic: false };
    if (facts.exports.some((e) => e.name === EXPORT_ASSIGNMENT))
      return { landing: { kind: 'declaration', path, name: EXPORT_ASSIGNMENT, via: [] }, cyclic: false };
    const origin = facts.origins?.find((o) => o.name === name);
    if (origin) {
      const hop = { path, line: origin.line };
      const fact = originFact(facts, origin.specifier, origin.imported, origin.line);
      const target = fact && this.graph.targetOf(path, fact);
      if (target === undefined) return { landing: { kind: 'outside', via: [hop] }, cyclic: false };
      if (origin.imported === '*') return { landing: this.namespaceOf(target, [hop]), cyclic: false };
      const next = this.walk(target, origin.imported, stack);
      return { landing: prepend(hop, next.landing), cyclic: next.cyclic };
    }
    if (facts.exports.some((e) => e.name === name && e.name !== '*'))
      return { landing: { kind: 'declaration', path, name, via: [] }, cyclic: false };
    if (name === 'default') return { landing: { kind: 'missing', via: [] }, cyclic: false };
    const found = new Map<string, { landing: Landing; hop: Hop }>();
    let outside: Hop | undefined;
    let cyclic = false;
    for (const fact of starFacts(facts)) {
      const hop = { path, line: fact.line };
      const target = this.graph.targetOf(path, fact);
      if (target === undefined) {
        outside ??= hop;
        continue;
      }
      const next = this.walk(target, name, stack);
      cyclic ||= next.cyclic;
      const l = next.landing;
      if (l.kind === 'declaration' || l.kind === 'namespace') {
        const id = l.kind === 'declaration' ? `${l.path}#${l.name}` : `${l.path}#*`;
        if (!found.has(id)) found.set(id, { landing: l, hop });
      } else if (l.kind === 'outside' || l.kind === 'ambiguous') outside ??= hop;
    }
    if (found.size === 1) {
      const [only] = found.values();
      return { landing: prepend(only!.hop, only!.landing), cyclic };
    }
    if (found.size > 1) {
      const paths = [...found.values()].map((f) => (f.landing as { path: string }).path).sort();
      return { landing: { kind: 'ambiguous', paths, via: [] }, cyclic };
    }
    if (outside) return { landing: { kind: 'outside', via: [outside] }, cyclic };
    return { landing: { kind: 'missing', via: [] }, cyclic };
  }

  /** A module taken whole: its `export =` value when it has one, else its namespace. */
  namespaceOf(path: string, via: Hop[]): Landing {
    const facts = this.graph.factsOf(path);
    if (facts?.exports.some((e) => e.name === EXPORT_ASSIGNMENT))
      return { kind: 'declaration', path, name: EXPORT_ASSIGNMENT, via };
    return { kind: 'namespace', path, via };
  }

  private namesOf(path: string, seen: Set<string>): string[] {
    const known = this.names.get(path);
    if (known) return known;
    // A cycle adds nothing; the set is not unwound, so each file is listed once per call.
    if (seen.has(path)) return [];
    seen.add(path);
    const facts = this.graph.factsOf(path);
    const names = new Set<string>();
    if (facts?.exports.some((e) => e.name === EXPORT_ASSIGNMENT)) names.add(EXPORT_ASSIGNMENT);
    else if (facts) {
      for (const e of facts.exports) if (e.name !== '*') names.add(e.name);
      for (const fact of starFacts(facts)) {
        const target = this.graph.targetOf(path, fact);
        if (target === undefined) continue;
        for (const n of this.namesOf(target, seen))
          if (n !== 'default' && n !== EXPORT_ASSIGNMENT) names.add(n);
      }
    }
    return [...names].sort();
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
