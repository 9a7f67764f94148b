/**
 * Code edges: each import fact resolved to a file, an external package or a builtin. What does
 * not resolve becomes coverage with the specifier and file:line, so a missing edge is explainable.
 * Returns the findings of the imported-names self-check (import-names.ts) over the file edges.
 */

import type { ImportFact, ModuleFacts, TextSource } from '../model/facts.js';
import { externalKey } from '../model/ids.js';
import type { Evidence } from '../model/types.js';
import { type Resolver, syntaxOf } from '../resolve/index.js';
import type { ExportNames } from '../symbols/index.js';
import { type ResolvedImport, unexportedImports } from './import-names.js';
import type { Finding } from './schema.js';
import { excerptAt, type Snapshot } from './snapshot.js';

export function addCodeEdges(
  snapshot: Snapshot,
  modules: Map<string, ModuleFacts>,
  texts: TextSource,
  resolver: Resolver,
  nodeOfPath: Pick<ReadonlyMap<string, string>, 'get'>,
  /** Facts of the import targets, for the imported-names check (default: `modules` itself). */
  targets: Pick<ReadonlyMap<string, ModuleFacts>, 'get'> & {
    prefetch?(paths: readonly string[]): void;
    names?: ExportNames;
  } = modules,
  resolvedOf?: (file: string) => readonly ResolvedImport[] | undefined,
  /** Receives every import resolved to a file here (the symbol stage lands names through them). */
  resolved: ResolvedImport[] = [],
): Finding[] {
  for (const [path, facts] of modules) {
    const from = nodeOfPath.get(path)!;
    const text = texts.get(path) ?? '';
    for (const c of facts.coverage) snapshot.cover(c);
    for (const fact of facts.imports) {
      const resolution = resolver.resolve(path, fact.specifier, {
        typeOnly: fact.typeOnly,
        referencePath: fact.referencePath === true,
        syntax: syntaxOf(fact.relation),
      });
      const evidence: Evidence = {
        source: 'code' as const,
        path,
        line: fact.line,
        column: fact.column,
        excerpt: excerptAt(text, fact.line),
      };
      // How the target was chosen, so a reader can tell a compiler-equivalent edge from an inference.
      if (resolution.kind === 'file' && resolution.via) evidence.via = resolution.via;
      if (resolution.kind === 'file' && resolution.condition) evidence.condition = resolution.condition;
      let to: string;
      if (resolution.kind === 'file') {
        to = nodeOfPath.get(resolution.path)!;
        resolved.push({ from: path, fact, target: resolution.path, evidence });
      } else if (resolution.kind === 'external' || resolution.kind === 'builtin') {
        const key =
          resolution.kind === 'external'
            ? externalKey(resolution.name)
            : `external:node:${resolution.name.replace(/^node:/, '')}`;
        to = snapshot.entity('package', key, {
          name: resolution.kind === 'external' ? resolution.name : resolution.name.replace(/^node:/, ''),
          evidence: [evidence],
          metadata: { external: true, ecosystem: resolution.kind === 'external' ? 'npm' : 'node' },
        });
      } else {
        snapshot.cover({
          analyzer: 'resolve',
          scope: `${path}:${fact.line}`,
          status: 'partial',
          reason: resolution.reason,
          detail: fact.specifier,
        });
        continue;
      }
      snapshot.relate({
        kind: fact.relation,
        from,
        to,
        evidence: [evidence],
        verified_by: `grep:${fact.specifier}`,
        names: fact.names,
        ...firstUses(fact),
      });
    }
  }
  return unexportedImports(resolved, targets, resolvedOf);
}

/**
 * Where the importing file first uses each imported name (a namespace: its first member read),
 * for refs by symbol: a direct import's users are read off its edge, with no `uses` edge of its own.
 */
function firstUses(fact: ImportFact): { firstUse?: number[] } {
  if (fact.uses === undefined || fact.relation === 're-exports') return {};
  // Lines aligned with the names, not an object keyed by them: tens of thousands of distinct name
  // sets would each make V8 a hidden class of its own (a 7k-file scan held ~40 MB of them).
  const uses = fact.uses;
  const firstUse = fact.names.map((name) => {
    let least = Number.POSITIVE_INFINITY;
    for (const u of uses) if ((name === '*' || u.name === name) && u.line < least) least = u.line;
    return least === Number.POSITIVE_INFINITY ? fact.line : least;
  });
  return { firstUse };
}
