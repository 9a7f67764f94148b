/**
 * The resolver's self-check on the map itself: an import whose names its target does not export
 * (after following `export *` chains) is evidence that the import was resolved to the wrong file —
 * a browser build instead of the server one, a stale copy, a shadowing folder. Each becomes a
 * finding with both places: the import's file:line and the target file.
 *
 * Only what can be proved is reported: targets whose export list is complete. A target with
 * `export =`, a JavaScript file with no ESM exports (CommonJS the extractor may not see through),
 * a declaration file (its top-level declarations are exported without `export`), or an
 * `export *` from something that is not a file here is skipped; `default` and namespace
 * imports are never checked (interop makes them always available).
 */

import type { ImportFact, ModuleFacts } from '../model/facts.js';
import type { Evidence } from '../model/types.js';
import type { ExportNames } from '../symbols/index.js';
import type { Finding } from './schema.js';

export interface ResolvedImport {
  from: string;
  fact: ImportFact;
  /** The discovered file it resolved to. */
  target: string;
  evidence: Evidence;
}

const NAMED = new Set(['imports', 'type-imports', 're-exports']);

export function unexportedImports(
  imports: readonly ResolvedImport[],
  /**
   * `prefetch`: told each barrel's `export *` targets before their facts are asked for; `names`:
   * modules whose absent names are known without their facts (a delta's).
   */
  modules: Pick<ReadonlyMap<string, ModuleFacts>, 'get'> & {
    prefetch?(paths: readonly string[]): void;
    names?: ExportNames;
  },
  /** Resolved imports of a file not among `imports` (a delta holds only its changed files'). */
  resolvedOf?: (file: string) => readonly ResolvedImport[] | undefined,
): Finding[] {
  // Star re-exports of each file, resolved: the files `export * from` brings names from.
  const stars = new Map<string, string[] | undefined>();
  const byFrom = new Map<string, ResolvedImport[]>();
  for (const r of imports) {
    const list = byFrom.get(r.from);
    if (list) list.push(r);
    else byFrom.set(r.from, [r]);
  }
  const starTargets = (file: string): string[] | undefined => {
    if (stars.has(file)) return stars.get(file);
    const facts = modules.get(file);
    const starFacts =
      facts?.imports.filter((f) => f.relation === 're-exports' && f.names.includes('*')) ?? [];
    const resolved = byFrom.get(file) ?? resolvedOf?.(file) ?? [];
    const targets: string[] = [];
    let complete = true;
    for (const f of starFacts) {
      const hit = resolved.find((r) => r.fact === f);
      if (hit) targets.push(hit.target);
      else complete = false; // to a package or unresolved: its names are unknown here
    }
    stars.set(file, complete ? targets : undefined);
    if (targets.length > 1) modules.prefetch?.(targets);
    return stars.get(file);
  };

  const facts = (file: string) => modules.get(file);
  // A full build has every file's facts at hand and asks ~75k names on the 7k-file monorepo: each
  // barrel's whole reach, built once, answers a name in one lookup where walking it took a million
  // steps. A delta loads facts one file at a time and asks a few names: it walks.
  const exports = new NameCheck(facts, starTargets, resolvedOf === undefined, modules.names);

  const findings: Finding[] = [];
  for (const r of imports) {
    if (!NAMED.has(r.fact.relation)) continue;
    const wanted = r.fact.names.filter((n) => n !== 'default' && n !== '*');
    // JSDoc types in a JavaScript file are no export facts: type-only names into one are not checked.
    if (wanted.length === 0 || (r.fact.typeOnly && /\.[cm]?jsx?$/.test(r.target))) continue;
    const missing = wanted.filter((n) => exports.absent(r.target, n));
    if (missing.length === 0) continue;
    const at = `${r.from}:${r.fact.line}`;
    const list = missing.map((n) => `"${n}"`).join(', ');
    findings.push({
      code: 'import-name-not-exported',
      message: `${at}: imports ${list} from ${r.fact.specifier}, which resolved to ${r.target}; ${r.target} does not export ${missing.length > 1 ? 'them' : 'it'} (re-exports followed), so this resolution is probably wrong`,
      evidence: [
        r.evidence,
        { source: 'code', path: r.target, line: firstExportLine(modules.get(r.target)) },
      ],
      target: r.target,
    });
  }
  return findings;
}

/**
 * Whether a file provably does not export a name: no module its `export *` chains reach declares
 * or re-exports it (a chain's `default` is never brought), and every one of them is known — a file
 * here with a complete export list (no `export =`, not an opaque script), each of its `export *`
 * resolved to a file here. The answer is reachability, so it does not depend on the order files
 * are asked in (through an `export *` cycle too).
 *
 * Two ways to the same answer: a walk per name, from the file through its `export *` chains
 * (a name is mostly found in the first modules walked), or — `whole` — each file's reach built
 * once: whether it is known whole and every name in it. A reach that meets a cycle (rare) is
 * answered by the walk.
 */
class NameCheck {
  private readonly known = new Map<string, boolean>();
  /** Per file: its declared export names, or null when its export list is not known whole. */
  private readonly names = new Map<string, ReadonlySet<string> | null>();
  private readonly reaches = new Map<string, Reach>();

  constructor(
    private readonly factsOf: (file: string) => ModuleFacts | undefined,
    private readonly starTargets: (file: string) => string[] | undefined,
    private readonly whole = false,
    private readonly knownNames?: ExportNames,
  ) {}

  absent(file: string, name: string): boolean {
    const reach = this.whole ? this.reach(file, new Set()) : CYCLE;
    if (reach !== CYCLE) {
      if (reach === INCOMPLETE) return false;
      return name === 'default' ? !this.exportNames(file)!.has(name) : !reach.has(name);
    }
    const key = `${file}\0${name}`;
    let absent = this.known.get(key);
    if (absent === undefined) {
      absent = this.walk(file, name);
      this.known.set(key, absent);
    }
    return absent;
  }

  private walk(top: string, name: string): boolean {
    const seen = new Set([top]);
    const stack = [top];
    let complete = true;
    while (stack.length > 0) {
      const file = stack.pop()!;
      // Neither the name nor an `export *` to follow: what the facts below would conclude.
      if (this.knownNames?.lacks(file, name)) continue;
      const names = this.exportNames(file);
      if (names === null) {
        complete = false;
        continue;
      }
      if ((file === top || name !== 'default') && names.has(name)) return false;
      const targets = this.starTargets(file);
      if (targets === undefined) complete = false;
      for (const t of targets ?? [])
        if (!seen.has(t)) {
          seen.add(t);
          stack.push(t);
        }
    }
    return complete;
  }

  /**
   * Every name declared by the file or a module its `export *` chains reach (INCOMPLETE when one
   * of them is not known whole, CYCLE when the chains loop or run deeper than a stack should go).
   */
  private reach(file: string, path: Set<string>): Reach {
    const known = this.reaches.get(file);
    if (known !== undefined) return known;
    if (path.has(file) || path.size > MAX_CHAIN) return CYCLE;
    const names = this.exportNames(file);
    const targets = names === null ? undefined : this.starTargets(file);
    let reach: Reach = names === null || targets === undefined ? INCOMPLETE : names;
    if (reach !== INCOMPLETE && targets!.length > 0) {
      path.add(file);
      const union = new Set(names);
      for (const t of targets!) {
        const below = this.reach(t, path);
        if (below === CYCLE || below === INCOMPLETE) {
          reach = below;
          break;
        }
        for (const n of below) union.add(n);
      }
      path.delete(file);
      if (reach !== CYCLE && reach !== INCOMPLETE) reach = union;
    }
    this.reaches.set(file, reach);
    return reach;
  }

  /** A set, once per file: a package barrel's thousands of exports are asked about many times. */
  private exportNames(file: string): ReadonlySet<string> | null {
    let names = this.names.get(file);
    if (names === undefined) {
      const facts = this.factsOf(file);
      names =
        !facts || facts.exports.some((e) => e.name === 'export=') || isOpaqueScript(file, facts)
          ? null
          : new Set(facts.exports.map((e) => e.name));
      this.names.set(file, names);
    }
    return names;
  }
}

const CYCLE = Symbol('cycle');
const INCOMPLETE = Symbol('incomplete');
type Reach = ReadonlySet<string> | typeof CYCLE | typeof INCOMPLETE;
/** `export *` chains deeper than this are walked: the reach recursion must not blow the stack. */
const MAX_CHAIN = 500;

/**
 * A JavaScript file without ESM exports may be CommonJS the extractor does not see through; a
 * declaration file exports its top-level declarations even without `export`.
 */
function isOpaqueScript(file: string, facts: ModuleFacts): boolean {
  return (/\.[cm]?jsx?$/.test(file) && facts.exports.length === 0) || /\.d\.[cm]?ts$/.test(file);
}

/** The line an imported-names finding cites in its target: the target's first export. */
export function firstExportLine(facts: ModuleFacts | undefined): number {
  let line = Number.POSITIVE_INFINITY;
  for (const e of facts?.exports ?? []) line = Math.min(line, e.line);
  return Number.isFinite(line) ? line : 1;
}
