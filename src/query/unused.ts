/**
 * Unused exports: declarations no file here uses — through any barrel, a namespace used whole
 * counting as a use of everything it holds. Provably unused only when nothing outside the import
 * graph can reach them; otherwise listed as unproven with the reason: an entry point exposes them
 * (a package's public API, a file a tool loads), the package's entry is built output the map does
 * not hold, or no file here imports the module (whatever loads it may use them).
 */
import { type Entries, entryPoints } from '../checkup/entries.js';
import type { CheckGraph } from '../checkup/graph.js';
import type { ProofmapConfig } from '../checkup/types.js';
import { nodeId } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage } from '../model/types.js';
import { declaresExport, type SymbolGraph, symbolNodesOf, usersByName } from './symbols.js';

export interface UnusedExport {
  /** `path#name`. */
  symbol: string;
  path: string;
  name: string;
  /** Line of the declaration. */
  line: number;
  declaration?: string;
  /** unused: proven (no user here, nothing else can reach it); unproven: see `reason`. */
  status: 'unused' | 'unproven';
  reason?: string;
}

const LOADING = new Set(['imports', 'type-imports', 're-exports', 'requires', 'dynamic-imports', 'uses']);

export interface UnusedAnswer {
  items: UnusedExport[];
  /** Why "no user" may still miss one: non-literal loads and files that were not parsed. */
  notes: string[];
}

/** Every declared export of the map's code files without a user, provable ones first. */
export function unusedExports(graph: CheckGraph, config: ProofmapConfig): UnusedAnswer {
  const view: SymbolGraph = {
    node: (id) => graph.nodes.get(id),
    nodeAt: (path) => graph.nodes.get(nodeId('file', path)),
    edgesTo: (id, relation) => {
      const all = graph.in.get(id) ?? [];
      return relation ? all.filter((e) => e.relation === relation) : all;
    },
    endsTo: (id) => graph.in.get(id) ?? [],
    declares: (id) => declaresExport(graph.nodes.get(id)),
  };
  const entries = entryPoints(graph, config);
  const exposed = exposedBy(graph, entries);
  const built = builtEntries(graph.map.coverage);
  const items: UnusedExport[] = [];
  for (const id of graph.sortedIds) {
    const file = graph.nodes.get(id)!;
    if (file.kind !== 'file' || !file.path || !file.exports?.some((e) => e.declaration)) continue;
    const { byName, anyWhole } = usersByName(view, file.path);
    if (anyWhole) continue;
    const reason = whyUnproven(graph, file.path, id, entries, exposed, built);
    for (const s of symbolNodesOf(view, file.path)) {
      if ((byName.get(s.label)?.length ?? 0) > 0) continue;
      const item: UnusedExport = {
        symbol: s.key,
        path: file.path,
        name: s.label,
        line: s.found_at.line ?? 1,
        status: reason ? 'unproven' : 'unused',
      };
      if (typeof s.metadata?.declaration === 'string') item.declaration = s.metadata.declaration;
      if (reason) item.reason = reason;
      items.push(item);
    }
  }
  items.sort(
    (a, b) =>
      (a.status === b.status ? 0 : a.status === 'unused' ? -1 : 1) ||
      compareStrings(a.path, b.path) ||
      a.line - b.line,
  );
  return { items, notes: blindSpots(graph.map.coverage) };
}

function whyUnproven(
  graph: CheckGraph,
  path: string,
  id: string,
  entries: Entries,
  exposed: Map<string, string>,
  built: { dir: string; text: string }[],
): string | undefined {
  const why = entries.why.get(id);
  if (why !== undefined) return `an entry point (${why}): what loads it may use its exports`;
  const via = exposed.get(id);
  if (via !== undefined) return `re-exported by the entry point ${via}: part of a public API`;
  const package_ = built.find((b) => path.startsWith(b.dir));
  if (package_) return package_.text;
  if (!(graph.in.get(id) ?? []).some((e) => LOADING.has(e.relation)))
    return 'no file here loads this module: whatever does (a tool, a runtime) may use its exports';
  return undefined;
}

/** Files whose exports an entry point passes on through its re-exports (transitively), by id → entry path. */
function exposedBy(graph: CheckGraph, entries: Entries): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of entries.ids) {
    const from = graph.nodes.get(entry)?.path ?? entry;
    const queue = [entry];
    while (queue.length > 0) {
      const id = queue.shift()!;
      for (const e of graph.out.get(id) ?? [])
        if (e.relation === 're-exports' && !out.has(e.to) && !entries.why.has(e.to)) {
          out.set(e.to, from);
          queue.push(e.to);
        }
    }
  }
  return out;
}

/** Packages whose entry points name files the map does not hold (built output): their API is unknown. */
function builtEntries(coverage: readonly Coverage[]): { dir: string; text: string }[] {
  const out: { dir: string; text: string }[] = [];
  for (const c of coverage) {
    if (c.analyzer !== 'package-json' || !c.reason.startsWith('entry point ')) continue;
    const manifest = c.scope.replace(/:\d+$/, '');
    const dir = manifest.slice(0, -'package.json'.length);
    if (out.some((o) => o.dir === dir)) continue;
    out.push({
      dir,
      text: `${manifest} names ${c.detail ?? 'an entry point'} as an entry point, which is not in the repository (built output?): its public exports are not known`,
    });
  }
  return out;
}

function blindSpots(coverage: readonly Coverage[]): string[] {
  const dynamic = coverage.filter((c) => /non-literal/.test(c.reason)).length;
  const failed = coverage.filter((c) => c.analyzer === 'js-ts' && c.status === 'failed').length;
  const notes: string[] = [];
  if (dynamic > 0)
    notes.push(
      `dynamic access: ${dynamic} non-literal import()/require() ${dynamic === 1 ? 'is' : 'are'} not followed; an export only such a load reaches is listed here`,
    );
  if (failed > 0) notes.push(`${failed} code files could not be parsed: a use inside them is not seen`);
  return notes;
}
