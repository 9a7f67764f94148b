/**
 * The symbol stage (between resolve and map): a `symbol` node for each exported declaration of a
 * code file, and a `uses` edge from each importing file to every symbol it imports, landed through
 * any number of barrels. A barrel's own re-exports are no uses: it passes names through, and the
 * chain it lent is kept on the edge's import evidence (`via: index.ts:12 > format/index.ts:3`).
 *
 * An edge's evidence is the import (its specifier's file:line, with the chain) and the first
 * mention of the name after it. `names` are the names as the importer uses them; `*` among them
 * marks a lower bound: a namespace used whole (passed, spread) or a load whose value is not bound,
 * so every export of the target counts as used: that use is one edge to the target's file node.
 */
import type { ImportFact, ModuleFacts } from '../model/facts.js';
import { nodeId } from '../model/ids.js';
import type { Evidence, RelationKind } from '../model/types.js';
import { EXPORT_ASSIGNMENT, type ExportResolver, type Hop, type Landing } from './exports.js';

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
  names: string[];
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
    const declared = facts.declared?.[e.name];
    if (declared) metadata.declaration = declared;
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
 * The uses edges of one importing file. `targetOf` gives the file an import fact resolved to;
 * `text` gives the excerpts. Edges merge per symbol (several imports of one name, one edge).
 */
export function usesOf(
  path: string,
  facts: ModuleFacts,
  resolver: ExportResolver,
  targetOf: (fact: ImportFact) => string | undefined,
  excerpt: (line: number) => string | undefined,
): SymbolUse[] {
  const from = nodeId('file', path);
  const byId = new Map<string, SymbolUse>();
  const add = (landing: Landing, fact: ImportFact, used: string, line: number, check: string) => {
    if (landing.kind !== 'declaration') return;
    const to = landing.name === '' ? nodeId('file', landing.path) : symbolId(landing.path, landing.name);
    const at: Evidence = { source: 'code', path, line: fact.line, column: fact.column };
    const ex = excerpt(fact.line);
    if (ex) at.excerpt = ex;
    if (landing.via.length > 0) at.via = chain(landing.via);
    const evidence = [at];
    if (line !== fact.line) {
      const first: Evidence = { source: 'code', path, line };
      const fx = excerpt(line);
      if (fx) first.excerpt = fx;
      evidence.push(first);
    }
    const edge = byId.get(to);
    if (edge) {
      edge.evidence.push(...evidence);
      if (!edge.names.includes(used)) edge.names.push(used);
      // The earliest import's check: the same whichever fact was seen first.
      if (evidence[0]!.line! < edge.evidence[0]!.line!) edge.verified_by = check;
    } else byId.set(to, { from, to, evidence, verified_by: check, names: [used] });
  };
  // A namespace used whole is one edge to the module's file (`*`): per export, a barrel of
  // thousands of names would give each such importer thousands of edges. Queries count it as a
  // lower-bound user of every export the module has, through its barrels.
  const whole = (target: string, fact: ImportFact, via: Hop[]) => {
    const landing = resolver.namespaceOf(target, via);
    if (landing.kind === 'declaration') add(landing, fact, '*', fact.line, `grep:${fact.specifier}`);
    else
      add(
        { kind: 'declaration', path: target, name: '', via },
        fact,
        '*',
        fact.line,
        `grep:${fact.specifier}`,
      );
  };
  const land = (landing: Landing, fact: ImportFact, name: string, line: number): void => {
    const check =
      name === 'default' || name === EXPORT_ASSIGNMENT ? `grep:${fact.specifier}` : `grep:${name}`;
    // A name landing on a namespace (`export * as ns`) is used whole: its members are not tracked.
    if (landing.kind === 'namespace') whole(landing.path, fact, landing.via);
    else add(landing, fact, name, line, check);
  };
  for (const fact of facts.imports) {
    if (!USING.has(fact.relation as RelationKind) || fact.names.length === 0) continue;
    const target = targetOf(fact);
    if (target === undefined) continue;
    const named = fact.names.filter((n) => n !== '*');
    const uses = fact.uses;
    const namespace = fact.names.includes('*');
    // Named bindings the scan did not see (never: every static binding is scanned) count at the import.
    for (const name of named) {
      const use = uses?.find((u) => u.name === name);
      land(resolver.resolve(target, name), fact, name, use?.line ?? fact.line);
    }
    if (namespace) {
      if (uses === undefined || fact.escapes) whole(target, fact, []);
      for (const u of uses ?? [])
        if (!named.includes(u.name)) land(resolver.resolve(target, u.name), fact, u.name, u.line);
    }
  }
  for (const edge of byId.values()) edge.names.sort();
  return [...byId.values()];
}

function chain(via: Hop[]): string {
  return via.map((h) => `${h.path}:${h.line}`).join(' > ');
}
