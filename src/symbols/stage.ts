/**
 * The symbol stage (between resolve and map): each exported declaration of a code file is a
 * symbol, listed on its file node (exportEntries), and each importing file gets a `uses` edge to
 * every file whose declarations it reaches through a barrel or as a namespace's members. A
 * barrel's own re-exports are no uses: it passes names through, and the chain it lent is kept on
 * the edge's import evidence (`via: index.ts:12 > format/index.ts:3`).
 *
 * `*` among an edge's names marks a lower bound: a namespace used whole (passed, spread) or a load
 * whose value is not bound, so every export of the target counts as used.
 */
import type { ImportFact, ModuleFacts } from '../model/facts.js';
import { nodeId } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Evidence, ExportedName, RelationKind } from '../model/types.js';
import type { ExportLookup, Hop, Landing } from './exports.js';

/** Relations whose names are uses of the target's exports (re-exports pass through). */
const USING = new Set<string>(['imports', 'type-imports', 'dynamic-imports', 'requires']);

export interface SymbolNode {
  id: string;
  key: string;
  path: string;
  name: string;
  line: number;
  metadata: Record<string, unknown>;
}

export interface SymbolUse {
  /** Node id of the importing file and of the symbol. */
  from: string;
  to: string;
  evidence: Evidence[];
  verified_by: string;
  /** The target's declared names used (`*`: the module used whole, a lower bound). */
  names: string[];
  /** Line of each name's first use in the importing file. */
  /** Line of each name's first use in the importing file, aligned with `names`. */
  firstUse: number[];
}

export const symbolKey = (path: string, name: string): string => `${path}#${name}`;
export const symbolId = (path: string, name: string): string => nodeId('symbol', symbolKey(path, name));

/** The symbol nodes a code file declares: its exports that come from no other module. */
export function declaredSymbols(path: string, facts: ModuleFacts): SymbolNode[] {
  const imported = new Set((facts.origins ?? []).map((o) => o.name));
  const out: SymbolNode[] = [];
  for (const e of facts.exports) {
    if (e.name === '*' || imported.has(e.name)) continue;
    const metadata: Record<string, unknown> = { exported: e.name };
    if (e.declaration) metadata.declaration = e.declaration;
    if (e.typeOnly) metadata.type_only = true;
    out.push({
      id: symbolId(path, e.name),
      key: symbolKey(path, e.name),
      path,
      name: e.name,
      line: e.line,
      metadata,
    });
  }
  return out;
}

/**
 * A module's export entries as its file node lists them: a name it declares itself carries its
 * declaration keyword, and that entry is the symbol `path#name` (ids from symbolId). Symbols live
 * on their file node rather than as nodes of their own: 42k symbol nodes were a third of a 7k-file
 * map, each repeating its file's path, zone and line.
 */
export function exportEntries(facts: ModuleFacts): ExportedName[] {
  const imported = new Set((facts.origins ?? []).map((o) => o.name));
  return facts.exports.map((e) => {
    if (e.name === '*' || imported.has(e.name)) {
      if (e.declaration === undefined) return e;
      const { declaration: _taken, ...entry } = e;
      return entry;
    }
    return { ...e, declaration: e.declaration ?? 'value' };
  });
}

/**
 * The uses edges of one importing file: one edge per declaring file whose names the file reaches
 * in a way its import edges do not state — through a barrel, or as a namespace's members. `names`
 * are the declared names; each evidence entry is one import along one chain, with the names it
 * brought (`symbols`, left out when the edge has one entry). A direct named import is no uses edge: its import edge already names what it takes.
 */
export function usesOf(
  path: string,
  facts: ModuleFacts,
  resolver: ExportLookup,
  targetOf: (fact: ImportFact) => string | undefined,
): SymbolUse[] {
  const from = nodeId('file', path);
  const byTarget = new Map<
    string,
    Omit<SymbolUse, 'firstUse'> & { lines: Map<string, number>; chains: Map<string, Evidence> }
  >();
  const add = (landing: Landing, fact: ImportFact, declared: string, line: number) => {
    if (landing.kind !== 'declaration') return;
    const chainText = landing.via.length > 0 ? chain(landing.via) : '';
    // Keyed by the target's path, as its node id is (one per path): the id, a sha1, is computed
    // once per target rather than once per name landed there.
    let edge = byTarget.get(landing.path);
    if (!edge) {
      const to = nodeId('file', landing.path);
      edge = { from, to, evidence: [], verified_by: '', names: [], lines: new Map(), chains: new Map() };
      byTarget.set(landing.path, edge);
    }
    const key = `${fact.line}:${fact.column}:${chainText}`;
    let at = edge.chains.get(key);
    if (!at) {
      // No excerpt: the import edge of the same line holds it; this entry adds the chain.
      // One literal, `via` included: a property added later lands outside the object.
      at = chainText
        ? { source: 'code', path, line: fact.line, column: fact.column, symbols: [], via: chainText }
        : { source: 'code', path, line: fact.line, column: fact.column, symbols: [] };
      edge.chains.set(key, at);
      edge.evidence.push(at);
    }
    if (!at.symbols!.includes(declared)) at.symbols!.push(declared);
    if (!edge.names.includes(declared)) edge.names.push(declared);
    edge.lines.set(declared, Math.min(edge.lines.get(declared) ?? line, line));
  };
  // A namespace used whole (passed, spread) is `*` on the module's file: per export, a barrel of
  // thousands of names would give each such importer thousands of entries. Queries count it as a
  // lower-bound user of every export the module has, through its barrels.
  const whole = (target: string, fact: ImportFact, via: Hop[]) => {
    const landing = resolver.namespaceOf(target, via);
    if (landing.kind === 'declaration') add(landing, fact, landing.name, fact.line);
    else add({ kind: 'declaration', path: target, name: '*', via }, fact, '*', fact.line);
  };
  const land = (target: string, landing: Landing, fact: ImportFact, name: string, line: number): void => {
    // A name landing on a namespace (`export * as ns`) is used whole: its members are not tracked.
    if (landing.kind === 'namespace') {
      whole(landing.path, fact, landing.via);
      return;
    }
    // Stated by the import edge itself: the name, taken straight from the file declaring it.
    if (
      landing.kind === 'declaration' &&
      landing.via.length === 0 &&
      landing.path === target &&
      fact.names.includes(name)
    )
      return;
    add(landing, fact, landing.kind === 'declaration' ? landing.name : name, line);
  };
  for (const fact of facts.imports) {
    if (!USING.has(fact.relation as RelationKind) || fact.names.length === 0) continue;
    const target = targetOf(fact);
    if (target === undefined) continue;
    const named = fact.names.filter((n) => n !== '*');
    const uses = fact.uses;
    for (const name of named) {
      const use = uses?.find((u) => u.name === name);
      land(target, resolver.resolve(target, name), fact, name, use?.line ?? fact.line);
    }
    if (fact.names.includes('*')) {
      if (uses === undefined || fact.escapes) {
        // The module's own `export =` value, taken whole straight from it, is stated by the import edge.
        const own = resolver.namespaceOf(target, []);
        if (own.kind !== 'declaration') whole(target, fact, []);
      }
      for (const u of uses ?? [])
        if (!named.includes(u.name)) land(target, resolver.resolve(target, u.name), fact, u.name, u.line);
    }
  }
  const out: SymbolUse[] = [];
  for (const { chains: _chains, lines, ...named } of byTarget.values()) {
    named.names.sort(compareStrings);
    const edge: SymbolUse = { ...named, firstUse: named.names.map((n) => lines.get(n)!) };
    edge.evidence.sort(
      (a, b) => a.line! - b.line! || a.column! - b.column! || compareStrings(a.via ?? '', b.via ?? ''),
    );
    // With one entry, every name came that way: the edge's names say it.
    // A copy rather than `delete`: a deleted property turns an object into a dictionary (~0.5 kB
    // each; 14k of them on a 7k-file repository, all kept by the map).
    if (edge.evidence.length === 1) {
      const { symbols: _all, ...only } = edge.evidence[0]!;
      edge.evidence[0] = only;
    } else for (const at of edge.evidence) at.symbols!.sort(compareStrings);
    // The earliest import's specifier: found in the importing file whatever the names were aliased to.
    const first = facts.imports.find(
      (f) => f.line === edge.evidence[0]!.line && f.column === edge.evidence[0]!.column,
    );
    edge.verified_by = `grep:${first?.specifier ?? ''}`;
    out.push(edge);
  }
  return out;
}

function chain(via: Hop[]): string {
  return via.map((h) => `${h.path}:${h.line}`).join(' > ');
}
