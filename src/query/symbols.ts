/**
 * Symbol-level answers over the map's `symbol` nodes and `uses` edges: a file's exports with their
 * users, the users of one export (with the import's file:line, the first use, and the barrel chain
 * it came through), and the upstream walk that treats a barrel as a pass-through — the files that
 * use a file's exports depend on it, not every importer of a barrel that re-exports it.
 */
import type { MapEdge, MapNode } from '../map/schema.js';
import { nodeId } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { ExportedName } from '../model/types.js';
import { EXPORT_ASSIGNMENT } from '../symbols/index.js';
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
  /** The declared name used; `*` marks a namespace used whole (a lower bound). */
  names: string[];
  /** The import's text. */
  excerpt?: string;
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
/** Relations whose names are uses of the target's exports (a re-export passes them through). */
const USING = new Set(['imports', 'type-imports', 'dynamic-imports', 'requires']);

/** What the symbol answers read of a map: a Session, or the checkup's graph. */
export type SymbolGraph = Pick<Session, 'node' | 'nodeAt' | 'edgesTo' | 'endsTo' | 'declares'>;

/** Whether a node has an export it declares (not one it only re-exports). */
export const declaresExport = (node: MapNode | undefined): boolean =>
  node?.exports?.some((e) => e.declaration !== undefined) === true;

/** Whether the map was built with the symbol stage: export entries carry their declaration. */
export const hasSymbols = (session: Session): boolean => {
  let known = built.get(session);
  if (known === undefined) {
    known = session.map.nodes.some(declaresExport);
    built.set(session, known);
  }
  return known;
};
const built = new WeakMap<Session, boolean>();

/**
 * The symbol node of an export entry a file declares. Symbols are stored on their file node
 * (map.json lists each module's exports); the node is the same one a symbol node would be, with
 * the id minted from kind + `path#name`.
 */
export function symbolNode(file: MapNode, entry: ExportedName): MapNode {
  const path = file.path!;
  const metadata: Record<string, unknown> = { exported: entry.name };
  if (entry.declaration) metadata.declaration = entry.declaration;
  if (entry.typeOnly) metadata.type_only = true;
  return {
    id: nodeId('symbol', `${path}#${entry.name}`),
    kind: 'symbol',
    label: entry.name,
    key: `${path}#${entry.name}`,
    path,
    zone: file.zone,
    found_at: { source: 'code', path, line: entry.line },
    metadata,
  };
}

/** The symbols a file declares, by name order. */
export function symbolNodesOf(session: SymbolGraph, path: string): MapNode[] {
  const file = session.nodeAt(path);
  if (!file) return [];
  return (file.exports ?? [])
    .filter((e) => e.declaration !== undefined)
    .map((e) => symbolNode(file, e))
    .sort((a, b) => compareStrings(a.label, b.label));
}

/** `path#name` → that symbol; a bare name → every symbol of that name. */
export function findSymbols(session: Session, text: string): MapNode[] {
  const hash = text.lastIndexOf('#');
  if (hash > 0) {
    const path = text.slice(0, hash).replace(/^\.\//, '');
    const name = text.slice(hash + 1);
    const file = session.nodeAt(path);
    const entry = file?.exports?.find((e) => e.name === name && e.declaration !== undefined);
    return file && entry ? [symbolNode(file, entry)] : [];
  }
  const out: MapNode[] = [];
  for (const n of session.map.nodes)
    for (const e of n.exports ?? [])
      if (e.name === text && e.declaration !== undefined) out.push(symbolNode(n, e));
  return out.sort((a, b) => compareStrings(a.key, b.key));
}

/**
 * The users of every symbol a file declares, in one pass over the edges into it: direct imports
 * naming the symbol (their edge states it), `uses` edges that reach it through barrels or as a
 * namespace's members, then the lower-bound ones: files using whole (`*`) a namespace of the
 * module or of a barrel that re-exports it. One entry per user file and symbol.
 */
export function usersByName(session: SymbolGraph, path: string): Users {
  // Kept per graph (one snapshot): a hub's exports have thousands of users, and context asks
  // for them on every call. Callers read the lists; they copy before sorting or cutting.
  const memo = barrelsOf(session).users;
  let known = memo.get(path);
  if (!known) {
    known = readUsers(session, path);
    memo.set(path, known);
  }
  return known;
}

interface Users {
  byName: ReadonlyMap<string, readonly SymbolUser[]>;
  whole: readonly SymbolUser[];
  /** whole.length > 0, known without merging the lists. */
  anyWhole: boolean;
}

function readUsers(session: SymbolGraph, path: string): Users {
  const fileId = nodeId('file', path);
  const file = session.node(fileId);
  const assigned = file?.exports?.some((e) => e.name === EXPORT_ASSIGNMENT) === true;
  const byName = new Map<string, SymbolUser[]>();
  const seen = new Set<string>();
  const put = (name: string, user: SymbolUser) => {
    const key = `${name}\0${user.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const list = byName.get(name);
    if (list) list.push(user);
    else byName.set(name, [user]);
  };
  const wholes: MapEdge[] = [];
  for (const e of session.edgesTo(fileId)) {
    if (e.relation === 'uses') {
      for (const name of e.names ?? []) if (name !== '*') put(name, userOf(session, e, name));
      if (e.names?.includes('*')) wholes.push(e);
    } else if (USING.has(e.relation)) {
      // A module with `export =` exports that one value: any import of it takes it.
      if (assigned) put(EXPORT_ASSIGNMENT, userOf(session, e, e.names?.[0] ?? '*'));
      else for (const name of e.names ?? []) if (name !== '*') put(name, userOf(session, e, name));
    }
  }
  // Each barrel's own lower-bound users, made once per graph: `check` asks for the users of
  // every file, and each file under a package's index barrel shares that barrel's hundreds.
  // The first user per path, over lists each already first per path, is the same as over them
  // all (a stable sort by path and line keeps the earliest list's on a tie, as over them all).
  const lists = [
    ...(wholes.length > 0 ? [uniqueUsers(wholes.map((e) => userOf(session, e, '*')))] : []),
    ...passThrough(session, fileId)
      .filter((module) => module !== fileId)
      .map((module) => wholeUsersOf(session, module))
      .filter((list) => list.length > 0),
  ];
  for (const list of byName.values()) list.sort(byPathLine);
  let whole: readonly SymbolUser[] | undefined;
  return {
    byName,
    anyWhole: lists.length > 0,
    // Merged when read: `check` asks only whether there is any, for every file of the map.
    get whole() {
      whole ??= lists.length === 1 ? lists[0]! : uniqueUsers(lists.flat());
      return whole;
    },
  };
}

/** The exact users of a symbol, then the lower-bound ones (a namespace of its module used whole). */
export function usersOf(session: SymbolGraph, symbol: MapNode): SymbolUser[] {
  const { byName, whole } = usersByName(session, symbol.path!);
  const exact = byName.get(symbol.label) ?? [];
  const files = new Set(exact.map((u) => u.path));
  return [...exact, ...whole.filter((u) => !files.has(u.path))].sort(byPathLine);
}

const byPathLine = (a: SymbolUser, b: SymbolUser) => compareStrings(a.path, b.path) || a.line - b.line;

function uniqueUsers(users: SymbolUser[]): SymbolUser[] {
  const seen = new Set<string>();
  return users.sort(byPathLine).filter((u) => !seen.has(u.path) && seen.add(u.path) !== undefined);
}

/** A module and every barrel that re-exports from it, transitively (cycles end). */
export function passThrough(session: SymbolGraph, fileId: string): readonly string[] {
  const memo = barrelsOf(session);
  const known = memo.passThrough.get(fileId);
  if (known) return known;
  const seen = new Set([fileId]);
  const queue = [fileId];
  for (let head = 0; head < queue.length; head++)
    for (const from of reExportersOf(session, queue[head]!))
      if (!seen.has(from)) {
        seen.add(from);
        queue.push(from);
      }
  const out = [...seen];
  memo.passThrough.set(fileId, out);
  return out;
}

/**
 * What the symbol walks ask of every file they pass, read once per graph: a hub's walk visits
 * 6,000 files, each asking for the barrels that re-export it and the namespaces used whole
 * through them, and a package's index barrel has thousands of incoming edges to filter each
 * time. A graph is one snapshot (a session is reopened when the index epoch moves), so what is
 * kept here can never describe an older map than the one it was read from.
 */
interface Barrels {
  reExporters: Map<string, string[]>;
  wholeUses: Map<string, MapEdge[]>;
  passThrough: Map<string, string[]>;
  users: Map<string, Users>;
  firstFrom: Map<string, Map<string, MapEdge>>;
  wholeUsers: Map<string, SymbolUser[]>;
}
const barrels = new WeakMap<SymbolGraph, Barrels>();

function barrelsOf(session: SymbolGraph): Barrels {
  let memo = barrels.get(session);
  if (!memo) {
    memo = {
      reExporters: new Map(),
      wholeUses: new Map(),
      passThrough: new Map(),
      users: new Map(),
      firstFrom: new Map(),
      wholeUsers: new Map(),
    };
    barrels.set(session, memo);
  }
  return memo;
}

/** The files re-exporting from `id`, in edge order. */
function reExportersOf(session: SymbolGraph, id: string): readonly string[] {
  const memo = barrelsOf(session).reExporters;
  let list = memo.get(id);
  if (!list) {
    list = session
      .endsTo(id)
      .filter((e) => e.relation === 're-exports')
      .map((e) => e.from);
    memo.set(id, list);
  }
  return list;
}

/** The users of wholeUsesOf(id), the first per path (uniqueUsers): shared, never to be changed. */
function wholeUsersOf(session: SymbolGraph, id: string): readonly SymbolUser[] {
  const memo = barrelsOf(session).wholeUsers;
  let list = memo.get(id);
  if (!list) {
    list = uniqueUsers(wholeUsesOf(session, id).map((e) => userOf(session, e, '*')));
    memo.set(id, list);
  }
  return list;
}

/** The `uses` edges into `id` that use a namespace whole (`*`), in edge order. */
function wholeUsesOf(session: SymbolGraph, id: string): readonly MapEdge[] {
  const memo = barrelsOf(session).wholeUses;
  let list = memo.get(id);
  if (!list) {
    list = session.edgesTo(id, 'uses').filter((e) => e.names?.includes('*') === true);
    memo.set(id, list);
  }
  return list;
}

/** Whether a file declares any export (symbolNodesOf(...).length > 0, without minting nodes). */
function declaresSymbols(session: SymbolGraph, fileId: string): boolean {
  const file = session.nodeAt(session.node(fileId)?.path ?? '');
  return file !== undefined && session.declares(file.id);
}

/**
 * The first edge into `to` from `from` (with `uses`, any relation; without, an import's), in
 * edge order. Looked up in a table per target, kept per graph: every user of a barrel's names
 * asks it of the barrel's thousands of edges, and `check` asks it for every export of the map.
 */
function firstEdgeFrom(session: SymbolGraph, to: string, from: string, uses: boolean): MapEdge | undefined {
  const memo = barrelsOf(session).firstFrom;
  const key = uses ? to : `${to}\0load`;
  let table = memo.get(key);
  if (!table) {
    table = new Map();
    for (const x of session.edgesTo(to))
      if ((uses || x.relation !== 'uses') && !table.has(x.from)) table.set(x.from, x);
    memo.set(key, table);
  }
  return table.get(from);
}

/** One user of `name` (a declared name, or `*`) read off the edge that states it. */
function userOf(session: SymbolGraph, e: MapEdge, name: string): SymbolUser {
  const from = session.node(e.from);
  const at =
    (e.relation === 'uses' ? e.evidence.find((x) => x.symbols?.includes(name)) : undefined) ?? e.evidence[0]!;
  const index = e.names?.indexOf(name) ?? -1;
  const user: SymbolUser = {
    path: from?.path ?? e.from,
    line: at.line ?? 1,
    first_use: (index >= 0 ? e.first_use?.[index] : undefined) ?? at.line ?? 1,
    names: [name],
    edge: e.id,
  };
  if (at.excerpt) user.excerpt = at.excerpt;
  if (e.relation === 'uses' && at.via) {
    user.via = at.via.split(' > ');
    // The import's text is on the import edge into the first barrel of the chain.
    const barrel = user.via[0]!.slice(0, user.via[0]!.lastIndexOf(':'));
    const excerpt = firstEdgeFrom(session, nodeId('file', barrel), e.from, true)?.evidence.find(
      (x) => x.line === at.line,
    )?.excerpt;
    if (excerpt) user.excerpt = excerpt;
  } else if (e.relation === 'uses') {
    const excerpt = firstEdgeFrom(session, e.to, e.from, false)?.evidence.find(
      (x) => x.line === at.line,
    )?.excerpt;
    if (excerpt) user.excerpt = excerpt;
  }
  return user;
}

export function symbolSummaries(session: Session, path: string): SymbolSummary[] {
  const { byName, whole } = usersByName(session, path);
  return symbolNodesOf(session, path).map((n) => {
    const users = new Set([...(byName.get(n.label) ?? []), ...whole].map((u) => u.path));
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
  const barrelWalk = wholeUsesWalk(session);
  let frontier = [...files];
  for (let depth = 1; depth <= opts.depth && frontier.length > 0 && !cut; depth++) {
    const next: string[] = [];
    for (const fileId of frontier) {
      if (depth === 1 && opts.symbols) {
        for (const s of opts.symbols)
          if (nodeId('file', s.path!) === fileId)
            for (const u of usersOf(session, s)) visit(nodeId('file', u.path), depth, u.edge, next, true);
        continue;
      }
      const declares = declaresSymbols(session, fileId);
      // Ends only: a hub's walk passes thousands of files, and needs no edge's evidence or names.
      for (const e of session.endsTo(fileId)) {
        if (e.relation !== 'uses' && !IMPORTING.has(e.relation)) continue;
        if (session.node(e.from)?.kind !== 'file') continue;
        // A barrel passes names through: listed, not followed (its users have their own edges).
        visit(e.from, depth, e.id, next, e.relation !== 're-exports' || !declares);
      }
      // Namespaces used whole of a barrel re-exporting this module: lower-bound users.
      if (declares) for (const e of barrelWalk.newWholeUses(fileId)) visit(e.from, depth, e.id, next, true);
    }
    frontier = next.sort(compareStrings);
  }
  return { dependents, cut };
}

/**
 * For one upstream walk: the namespace-whole uses of the barrels re-exporting a file (passThrough,
 * the file itself left out), in passThrough's order, leaving out the barrels an earlier file of
 * the walk already yielded (visiting their users again would change nothing). A hub's 2,838
 * dependents pass through the same package barrels, ~75 of them each on the 7,000-file
 * repository: instead of each dependent's whole passThrough, a barrel whose own passThrough has
 * been yielded entirely ("closed") is not entered again.
 */
function wholeUsesWalk(session: SymbolGraph): { newWholeUses(fileId: string): MapEdge[] } {
  const yielded = new Set<string>();
  const closed = new Set<string>();
  return {
    newWholeUses(fileId) {
      const uses: MapEdge[] = [];
      const reached = [fileId];
      const inWalk = new Set(reached);
      // Whether fileId re-exports, through barrels, a module it reached: then it lies in their
      // passThrough, unyielded (a file's own whole uses are not its lower bound), and they are
      // not closed.
      let cycle = false;
      for (let head = 0; head < reached.length; head++) {
        const module = reached[head]!;
        if (module !== fileId && !yielded.has(module)) {
          yielded.add(module);
          uses.push(...wholeUsesOf(session, module));
        }
        for (const from of reExportersOf(session, module)) {
          if (from === fileId) cycle = true;
          // A closed barrel's passThrough was yielded whole: nothing beyond it is new.
          if (!inWalk.has(from) && !closed.has(from)) {
            inWalk.add(from);
            reached.push(from);
          }
        }
      }
      // Every module reached is yielded now, but fileId when it was not before.
      const whole = yielded.has(fileId);
      if (whole || !cycle) for (const module of reached) if (module !== fileId || whole) closed.add(module);
      return uses;
    },
  };
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
