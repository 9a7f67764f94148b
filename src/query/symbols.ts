/**
 * Symbol-level answers over the map's `symbol` nodes and `uses` edges: a file's exports with their
 * users, the users of one export (with the import's file:line, the first use, and the barrel chain
 * it came through), and the upstream walk that treats a barrel as a pass-through — the files that
 * use a file's exports depend on it, not every importer of a barrel that re-exports it.
 */
import type { MapEdge, MapNode } from '../map/schema.js';
import { nodeId } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Session } from './session.js';
import type { Dependent, UpstreamWalk } from './upstream.js';

export interface SymbolUser {
  /** The importing file. */
  path: string;
  /** Line of the import (its specifier). */
  line: number;
  /** Line of the first use of the name after the import (the import line when never used). */
  first_use: number;
  /** The barrels the name came through, `path:line` each, nearest first. */
  via?: string[];
  /** The names as the user imports them; `*` marks a namespace used whole (a lower bound). */
  names: string[];
  edge: string;
}

export interface SymbolSummary {
  /** `path#name`. */
  symbol: string;
  name: string;
  path: string;
  line: number;
  declaration?: string;
  type_only?: boolean;
  /** Files that use it. */
  users: number;
}

const IMPORTING = new Set(['imports', 'type-imports', 're-exports', 'dynamic-imports', 'requires']);

/** Whether the map was built with the symbol stage (older maps have no uses edges). */
export const hasSymbols = (session: Session): boolean => (session.map.meta.counts['nodes.symbol'] ?? 0) > 0;

/** The symbol nodes a file declares, by name order. */
export function symbolNodesOf(session: Session, path: string): MapNode[] {
  const file = session.nodeAt(path);
  return (file?.exports ?? [])
    .map((e) => session.node(nodeId('symbol', `${path}#${e.name}`)))
    .filter((n): n is MapNode => n !== undefined)
    .sort((a, b) => compareStrings(a.label, b.label));
}

/** `path#name` → that symbol node; a bare name → every symbol node of that name. */
export function findSymbols(session: Session, text: string): MapNode[] {
  const hash = text.lastIndexOf('#');
  if (hash > 0) {
    const node = session.node(
      nodeId('symbol', `${text.slice(0, hash).replace(/^\.\//, '')}#${text.slice(hash + 1)}`),
    );
    return node ? [node] : [];
  }
  return session.map.nodes.filter((n) => n.kind === 'symbol' && n.label === text);
}

/**
 * The exact users of a symbol, then the lower-bound ones: files using whole (`*`) a namespace of
 * its module or of a barrel that re-exports it.
 */
export function usersOf(session: Session, symbol: MapNode): SymbolUser[] {
  const exact = session.edgesTo(symbol.id).filter((e) => e.relation === 'uses');
  const files = new Set(exact.map((e) => e.from));
  const whole: MapEdge[] = [];
  for (const module of passThrough(session, nodeId('file', symbol.path!)))
    for (const e of session.edgesTo(module))
      if (e.relation === 'uses' && !files.has(e.from)) {
        files.add(e.from);
        whole.push(e);
      }
  return [...exact, ...whole]
    .map((e) => userOf(session, e))
    .sort((a, b) => compareStrings(a.path, b.path) || a.line - b.line);
}

/** A module and every barrel that re-exports from it, transitively (cycles end). */
export function passThrough(session: Session, fileId: string): string[] {
  const seen = new Set([fileId]);
  const queue = [fileId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const e of session.edgesTo(id))
      if (e.relation === 're-exports' && !seen.has(e.from)) {
        seen.add(e.from);
        queue.push(e.from);
      }
  }
  return [...seen];
}

function userOf(session: Session, e: MapEdge): SymbolUser {
  const from = session.node(e.from);
  // The import's evidence has the specifier's column; the first use is a line only.
  const at = e.evidence.find((x) => x.column !== undefined) ?? e.evidence[0]!;
  const first = e.evidence.find((x) => x.column === undefined && x.line !== undefined);
  const user: SymbolUser = {
    path: from?.path ?? e.from,
    line: at.line ?? 1,
    first_use: first?.line ?? at.line ?? 1,
    names: e.names ?? [],
    edge: e.id,
  };
  if (at.via) user.via = at.via.split(' > ');
  return user;
}

export function symbolSummaries(session: Session, path: string): SymbolSummary[] {
  return symbolNodesOf(session, path).map((n) => {
    const users = new Set(usersOf(session, n).map((u) => u.path));
    const s: SymbolSummary = {
      symbol: n.key,
      name: n.label,
      path,
      line: n.found_at.line ?? 1,
      users: users.size,
    };
    if (typeof n.metadata?.declaration === 'string') s.declaration = n.metadata.declaration;
    if (n.metadata?.type_only === true) s.type_only = true;
    return s;
  });
}

/**
 * Who depends on the targets, breadth-first, at symbol level: a file's dependents are the files
 * using its exports (through any barrels) and the files importing it for anything else (side
 * effects, a name that lands nowhere); a barrel that only re-exports it is listed once and not
 * followed — its importers reach the target through their own uses edges. `symbols` starts from
 * those exports only.
 */
export function symbolUpstream(
  session: Session,
  files: readonly string[],
  opts: { depth: number; visitLimit: number; symbols?: readonly MapNode[] },
): UpstreamWalk {
  const seen = new Set(files);
  const dependents: Dependent[] = [];
  let cut = false;
  const visit = (id: string, depth: number, edge: string, next: string[], follow: boolean) => {
    if (seen.has(id)) return;
    if (dependents.length >= opts.visitLimit) {
      cut = true;
      return;
    }
    seen.add(id);
    dependents.push({ id, depth, via: () => edge });
    if (follow) next.push(id);
  };
  let frontier = [...files];
  for (let depth = 1; depth <= opts.depth && frontier.length > 0 && !cut; depth++) {
    const next: string[] = [];
    for (const fileId of frontier) {
      const path = session.node(fileId)?.path;
      const symbols = depth === 1 && opts.symbols ? opts.symbols : path ? symbolNodesOf(session, path) : [];
      const users = new Set<string>();
      for (const s of symbols)
        for (const e of session.edgesTo(s.id)) {
          if (e.relation !== 'uses') continue;
          users.add(e.from);
          visit(e.from, depth, e.id, next, true);
        }
      // Namespaces used whole, of this module or of a barrel re-exporting it: lower-bound users.
      if (symbols.length > 0)
        for (const module of passThrough(session, fileId))
          for (const e of session.edgesTo(module)) {
            if (e.relation !== 'uses') continue;
            users.add(e.from);
            visit(e.from, depth, e.id, next, true);
          }
      if (depth === 1 && opts.symbols) continue;
      for (const e of session.edgesTo(fileId)) {
        if (!IMPORTING.has(e.relation) || users.has(e.from)) continue;
        if (session.node(e.from)?.kind !== 'file') continue;
        // A barrel passes names through: listed, not followed (its users have their own edges).
        visit(e.from, depth, e.id, next, e.relation !== 're-exports' || symbols.length === 0);
      }
    }
    frontier = next.sort(compareStrings);
  }
  return { dependents, cut };
}

/** Library API: the exports a file declares, each with its number of users. */
export function symbols(session: Session, path: string): SymbolSummary[] {
  return symbolSummaries(session, path.replace(/^\.\//, ''));
}

/** Library API: the files using an export (`path#name`, or every export of that name). */
export function users(session: Session, symbol: string): (SymbolUser & { symbol: string })[] {
  return findSymbols(session, symbol).flatMap((s) =>
    usersOf(session, s).map((u) => ({ ...u, symbol: s.key })),
  );
}
