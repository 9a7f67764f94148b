/**
 * The query session: the index opened read-only once, the map's snapshot read once (a CLI query's
 * edges on demand, store/read-map-lazy.ts), views and signals built on first use. Queries take a
 * Session and never touch the file system themselves; the few things they need from disk
 * (freshness, CODEOWNERS, configuration, git) come through its functions, so a test can hand in a
 * map and stand-ins for them.
 */
import { loadConfig } from '../discover/config.js';
import { realRoot } from '../discover/contain.js';
import { type Indexed, indexTable, indexView } from '../graph/indexed.js';
import { computeSignals, SIGNALS_VERSION, type Signals } from '../graph/signals.js';
import {
  buildView,
  type EdgeEnds,
  relationsOf,
  type View,
  type ViewKind,
  type ViewOptions,
  viewTable,
} from '../graph/views.js';
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import type { ProofmapConfig } from '../model/config.js';
import type { Freshness } from '../model/envelope.js';
import { recordConsult } from '../store/consult.js';
import { gitChangedFiles } from '../store/git-changes.js';
import { type IndexStore, isUnwritable, openIndex } from '../store/index.js';
import { localStore } from '../store/local-store.js';
import type { QueryStore, StoreSnapshot } from '../store/query-store.js';
import { readRepoFile, repoFileExists } from '../store/read-file.js';
import type { EdgeSource } from '../store/read-map-lazy.js';
import { declaresExport } from './symbols.js';

/** The writable handle the markers need turned out to be a stand-in. */
class IndexNotWritable extends Error {}

export interface SessionDeps {
  freshness(paths: readonly string[]): Freshness;
  readText(rel: string): string | undefined;
  /** Whether a repo-relative file exists, without reading it (lockfiles can be large). */
  exists?(rel: string): boolean;
  config(): { config: ProofmapConfig; file?: string; lineOf(keyPath: (string | number)[]): number };
  changedFiles(base?: string): string[];
  /**
   * Records that impact, context or refs answered about these files: the gate's consult markers.
   * Written by the consulting query itself, never by a separate command. Returns a note for the
   * answer when the marker could not be recorded (a read-only index), so the answer still comes.
   */
  consulted?(paths: readonly string[], query: string): string | undefined;
  /** Cached signals of this snapshot, when a scan stored them. */
  cachedSignals?(): Signals | undefined;
  /** Set when delta scans changed the import graph after the cached signals were computed. */
  signalsLag?(): { epoch: number } | undefined;
  /** The edges read on demand (a CLI query's snapshot); without it they come from `map.edges`. */
  edges?: EdgeSource;
  /** The ids of the nodes with an export they declare, from the rows; without it from `exports`. */
  declaring?(): ReadonlySet<string>;
  close?(): void;
}

export interface Session {
  readonly map: ProofMap;
  readonly deps: SessionDeps;
  node(id: string): MapNode | undefined;
  edge(id: string): MapEdge | undefined;
  /** Map edges pointing at a node, of every relation or of the one given (indexed on first use). */
  edgesTo(id: string, relation?: string): readonly MapEdge[];
  /** Map edges leaving a node, every relation (indexed on first use). */
  edgesFrom(id: string): readonly MapEdge[];
  /** The ends of the edges pointing at a node, in map order: edgesTo without the JSON to read. */
  endsTo(id: string): readonly EdgeEnds[];
  /**
   * Every edge's id, ends and relation (of the relations given), in no set order: what a walk over
   * the whole graph needs.
   */
  edgeEnds(relations?: ReadonlySet<string>): readonly EdgeEnds[];
  /** The edges of one relation, in map order. */
  edgesOf(relation: string): readonly MapEdge[];
  /** File, document or artifact node of a repo-relative path. */
  nodeAt(path: string): MapNode | undefined;
  /** Whether the node has an export it declares (not one it only re-exports). */
  declares(id: string): boolean;
  view(kind: ViewKind, opts?: ViewOptions): View;
  /**
   * The same view as integer adjacency, for walks over thousands of nodes: built from the view's
   * table, without the graphology graph unless view() already made it.
   */
  indexed(kind: ViewKind, opts?: ViewOptions): Indexed;
  signals(): Signals;
  /** A note for answers that use signals when they are older than the graph (else undefined). */
  signalsNote(): string | undefined;
  close(): void;
}

/** An EdgeSource over edges held in memory, indexed on first use. */
function heldEdges(map: ProofMap): EdgeSource {
  let byId: Map<string, MapEdge> | undefined;
  let incoming: Map<string, MapEdge[]> | undefined;
  let outgoing: Map<string, MapEdge[]> | undefined;
  const byEnd = (end: 'from' | 'to') => {
    const lists = new Map<string, MapEdge[]>();
    for (const e of map.edges) {
      const list = lists.get(e[end]);
      if (list) list.push(e);
      else lists.set(e[end], [e]);
    }
    return lists;
  };
  return {
    edge(id) {
      byId ??= new Map(map.edges.map((e) => [e.id, e]));
      return byId.get(id);
    },
    edgesTo(id, relation) {
      incoming ??= byEnd('to');
      const all = incoming.get(id) ?? [];
      return relation ? all.filter((e) => e.relation === relation) : all;
    },
    edgesFrom(id) {
      outgoing ??= byEnd('from');
      return outgoing.get(id) ?? [];
    },
    endsTo(id) {
      return this.edgesTo(id);
    },
    ends: (relations) => (relations ? map.edges.filter((e) => relations.has(e.relation)) : map.edges),
    ofRelation: (relation) => map.edges.filter((e) => e.relation === relation),
  };
}

export function createSession(map: ProofMap, deps: SessionDeps): Session {
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const edges = deps.edges ?? heldEdges(map);
  const byPath = new Map<string, MapNode>();
  // A path can name a file node and a package node (package.json); the file wins.
  for (const n of map.nodes)
    if (n.path !== undefined && n.kind !== 'package' && n.kind !== 'script' && n.kind !== 'symbol')
      byPath.set(n.path, n);
  const views = new Map<string, View>();
  const indexes = new Map<string, Indexed>();
  let signals: Signals | undefined;
  /** Whether the signals came from the index's cache (they may then lag the graph). */
  let fromCache = false;
  return {
    map,
    deps,
    node: (id) => byId.get(id),
    edge: (id) => edges.edge(id),
    edgesTo: (id, relation) => edges.edgesTo(id, relation),
    edgesFrom: (id) => edges.edgesFrom(id),
    endsTo: (id) => edges.endsTo(id),
    edgeEnds: (relations) => edges.ends(relations),
    edgesOf: (relation) => edges.ofRelation(relation),
    nodeAt: (p) => byPath.get(p),
    declares: (id) => (deps.declaring ? deps.declaring().has(id) : declaresExport(byId.get(id))),
    view(kind, opts = {}) {
      const key = `${kind}:${opts.typeImports === true}:${opts.external === true}`;
      const view =
        views.get(key) ??
        buildView({ nodes: map.nodes, edges: edges.ends(relationsOf(kind, opts)) }, kind, opts);
      views.set(key, view);
      return view;
    },
    indexed(kind, opts = {}) {
      const key = `${kind}:${opts.typeImports === true}:${opts.external === true}`;
      const built = views.get(key);
      const ix =
        indexes.get(key) ??
        (built
          ? indexView(built)
          : indexTable(
              viewTable({ nodes: map.nodes, edges: edges.ends(relationsOf(kind, opts)) }, kind, opts),
            ));
      indexes.set(key, ix);
      return ix;
    },
    signals() {
      if (signals) return signals;
      // A cache written by another proofmap version may have another shape: recompute then.
      const cached = deps.cachedSignals?.();
      fromCache = cached?.version === SIGNALS_VERSION;
      signals = fromCache ? cached! : computeSignals(map);
      return signals;
    },
    signalsNote() {
      this.signals();
      const lag = fromCache ? deps.signalsLag?.() : undefined;
      if (!lag) return undefined;
      return `signals (severity, centrality, cycles) were computed at epoch ${lag.epoch}; edits since changed the import graph, and the next full scan (proofmap scan --force) recomputes them`;
    },
    close: () => deps.close?.(),
  };
}

export interface SessionOptions {
  /**
   * Write the edit gate's consult markers when impact, context or refs answer (default false).
   * The CLI and the MCP server turn it on: `proofmap gate` lets an edit through once its impact
   * was consulted there. A library caller asking questions for its own use leaves it off, so
   * asking never changes what the gate decides. Only a local index records them: the markers
   * belong to this checkout, and a shared index is read, never written, by queries.
   */
  recordConsults?: boolean;
}

/**
 * A session over one snapshot of either backend. Everything a query needs from disk (files,
 * configuration, git) comes from the checkout at `root`; the map, signals and freshness from
 * the store, so a query cannot tell the backends apart except by the freshness it reports.
 */
export function sessionOf(
  store: QueryStore,
  snapshot: StoreSnapshot,
  root: string,
  options: SessionOptions & { close?: () => void } = {},
): Session {
  let config: ReturnType<SessionDeps['config']> | undefined;
  // Markers need a writable handle; the store's own stays read-only for its reads. Opened on
  // the first consultation and kept, so a long-lived session (MCP) pays for it once.
  let writer: IndexStore | undefined;
  return createSession(snapshot.map, {
    freshness: (paths) => store.freshness(paths),
    readText: (rel) => readRepoFile(root, rel),
    exists: (rel) => repoFileExists(root, rel),
    config: () => (config ??= loadConfig(root)),
    changedFiles: (base) => gitChangedFiles(root, base),
    cachedSignals: () => snapshot.signals() as Signals | undefined,
    signalsLag: () => snapshot.signalsLag(),
    ...(snapshot.edges ? { edges: snapshot.edges } : {}),
    ...(snapshot.declaring ? { declaring: snapshot.declaring } : {}),
    ...(options.recordConsults && store.backend === 'sqlite'
      ? {
          consulted: (paths: readonly string[], query: string) => {
            if (paths.length === 0) return undefined;
            try {
              writer ??= openIndex(root);
              // An index that could not be opened for writing is an in-memory stand-in: a marker
              // there would be lost, and the gate would never see it.
              if (writer.recovered) throw new IndexNotWritable(writer.recovered);
              // Markers are signed over the real root, as the gate computes it: `.` or a symlinked
              // path would sign a marker the gate never matches.
              recordConsult(writer, realRoot(root), paths, query);
              return undefined;
            } catch (error) {
              if (!(error instanceof IndexNotWritable) && !isUnwritable(error)) throw error;
              writer?.close();
              writer = undefined;
              return `gate: could not record the consult marker (${(error as Error).message}), so the edit gate will not count this answer as a consult; make .proofmap/index.db writable`;
            }
          },
        }
      : {}),
    close: () => {
      writer?.close();
      options.close?.();
    },
  });
}

/** Opens the index of `root` read-only; an InputError when the repository was never scanned. */
export function openSession(root: string, options: SessionOptions = {}): Session {
  const store = localStore(root);
  let snapshot: StoreSnapshot;
  try {
    snapshot = store.snapshotNow();
  } catch (error) {
    store.closeNow();
    throw error;
  }
  return sessionOf(store, snapshot, root, { ...options, close: () => store.closeNow() });
}

/** Opens a session over the store's current snapshot; closing the session leaves the store open. */
export async function openStoreSession(
  store: QueryStore,
  root: string,
  options: SessionOptions = {},
): Promise<Session> {
  return sessionOf(store, await store.snapshot(), root, options);
}
