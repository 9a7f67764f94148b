/**
 * A code file's own part of the map, recomputed alone: its node, the code edges whose evidence is
 * in it, the coverage it owns, and the evidence it lends to the package nodes it imports. The same
 * stage functions as a full build make it (addFileNodes, addCodeEdges, verify, toNode, toEdge), so
 * a delta cannot drift from a cold scan by having its own idea of an edge.
 */
import { isCodePath } from '../extract/js-ts.js';
import type { ImportFact, ModuleFacts, SourceFile, TextSource } from '../model/facts.js';
import type { Coverage, Entity, Evidence } from '../model/types.js';
import type { Resolver } from '../resolve/index.js';
import {
  addFileSymbols,
  type ExportNames,
  ExportResolver,
  exportEntries,
  NameLookup,
  ReExportCycle,
} from '../symbols/index.js';
import { verify } from '../verify/index.js';
import { compareEvidence, toEdge, toNode } from './assemble.js';
import { addCodeEdges } from './code-edges.js';
import { addFileNodes } from './file-nodes.js';
import type { ResolvedImport } from './import-names.js';
import type { Finding, MapEdge, MapNode } from './schema.js';
import { Snapshot } from './snapshot.js';

/** A delta that cannot be applied exactly; the scan falls back to a full build and says why. */
export class DeltaRefused extends Error {}

/**
 * Thrown before anything is read or written when documents must be re-analysed (they follow a
 * changed file) and the caller did not load the document half: it loads it and starts again.
 */
export class DocumentHalfNeeded extends Error {}

export interface CodeFileInput {
  file: SourceFile;
  facts: ModuleFacts;
  texts: TextSource;
  resolver: Resolver;
  /** Node id of a discovered path (refuses paths whose node is not a plain file node). */
  nodeOfPath(path: string): string | undefined;
  /** Whether a node id exists in the map (targets of edges must). */
  isNode(id: string): boolean;
  /** The file's zone: a path's zone does not change while the file set does not. */
  zone: string;
  /** Cached facts of another code file (an import target). */
  factsOf(path: string): ModuleFacts | undefined;
  /** Reads ahead the facts of files factsOf is about to be asked for (a barrel's `export *` targets). */
  prefetchFacts?(paths: readonly string[]): void;
  /** Files whose absent names are known without their facts (scan-delta-export-names.ts). */
  exportNames?: ExportNames;
  /** A barrel's `export *` facts with the files they resolved to, read from the map's edges. */
  starImports(barrel: string, facts: ModuleFacts | undefined): ResolvedImport[];
  /** Every import fact of another file with the file it resolved to, read from the map's edges. */
  resolvedOf(path: string, facts: ModuleFacts): ResolvedImport[];
}

export interface CodeFilePart {
  node: MapNode;
  /** Its code-dep edges, in no particular order. */
  edges: MapEdge[];
  coverage: Coverage[];
  /** Evidence this file gives each package node it imports (the node's found_at is the least of all). */
  packageEvidence: Map<string, Evidence[]>;
  /** Its imports that name what their target does not export (import-names.ts). */
  findings: Finding[];
}

export function codeFilePart(input: CodeFileInput): CodeFilePart {
  const { file, facts } = input;
  const snapshot = new Snapshot();
  addFileNodes(snapshot, [file], () => exportEntries(facts), new Map());
  // The imported-names check reads the targets' facts and follows `export *` chains through the
  // barrels' resolved star re-exports, which the map's edges hold (starImports).
  const targets = {
    get: (p: string): ModuleFacts | undefined => {
      if (p === file.path) return facts;
      const target = input.factsOf(p);
      if (!target) throw new DeltaRefused(`${file.path} imports ${p}, whose facts are not cached`);
      return target;
    },
    ...(input.prefetchFacts ? { prefetch: input.prefetchFacts } : {}),
    ...(input.exportNames ? { names: input.exportNames } : {}),
  };
  const resolved: ResolvedImport[] = [];
  const findings = addCodeEdges(
    snapshot,
    new Map([[file.path, facts]]),
    input.texts,
    input.resolver,
    { get: input.nodeOfPath },
    targets,
    (barrel) => input.starImports(barrel, targets.get(barrel)),
    resolved,
  );
  // The symbol stage for this one file, through the same functions as a full build: its uses edges, landed through the barrels' edges as the map holds them.
  const byFact = new Map(resolved.map((r) => [r.fact, r.target] as const));
  const others = new Map<string, Map<ImportFact, string>>();
  const symbolFacts = (p: string): ModuleFacts | undefined => {
    if (p === file.path) return facts;
    const known = input.factsOf(p);
    if (!known && isCodePath(p) && input.nodeOfPath(p) !== undefined)
      throw new DeltaRefused(`${file.path} lands names in ${p}, whose facts are not cached`);
    return known;
  };
  const targetOf = (p: string, fact: ImportFact): string | undefined => {
    if (p === file.path) return byFact.get(fact);
    let map = others.get(p);
    if (!map) {
      map = new Map(input.resolvedOf(p, symbolFacts(p)!).map((r) => [r.fact, r.target] as const));
      others.set(p, map);
    }
    return map.get(fact);
  };
  // One name at a time: building every reached barrel's whole table, as a full build does, cost
  // this one file ~200 ms through a package barrel. A re-export cycle on the way makes the walk's
  // answer depend on where it started; the tables then answer, as before (usesOf relates nothing
  // until it has every edge, so the failed walk left no trace).
  const graph = {
    factsOf: symbolFacts,
    targetOf,
    shareIndexes: true,
    ...(input.exportNames ? { names: input.exportNames } : {}),
  };
  try {
    addFileSymbols(snapshot, file.path, facts, new NameLookup(graph));
  } catch (error) {
    if (!(error instanceof ReExportCycle)) throw error;
    addFileSymbols(snapshot, file.path, facts, new ExportResolver(graph));
  }
  const entities = new KnownEntities(snapshot.entities, input.isNode);
  const verified = verify({
    entities,
    relations: snapshot.relations,
    textOf: (p) => (p === file.path ? input.texts.get(p) : undefined),
    endpoint: () => [],
  });
  // A relation dropped by verification still lent its evidence to the package it named; a full
  // build is the one place that accounts for that.
  if (verified.dropped.some((d) => d.reason !== 'duplicate'))
    throw new DeltaRefused(`${file.path}: an import was not re-found in its source`);
  const self = [...snapshot.entities.values()].find((e) => e.path === file.path && e.kind === 'file');
  if (!self) throw new DeltaRefused(`${file.path}: no file node`);
  const packageEvidence = new Map<string, Evidence[]>();
  for (const e of snapshot.entities.values()) if (e.kind === 'package') packageEvidence.set(e.id, e.evidence);
  return {
    node: toNode(self, { zoneOf: () => input.zone }),
    edges: verified.edges.map(toEdge),
    coverage: [...snapshot.coverage, ...verified.coverage],
    packageEvidence,
    findings,
  };
}

/** The least evidence by the order toNode uses: what a node's found_at is. */
export function leastEvidence(list: readonly Evidence[]): Evidence | undefined {
  return [...list].sort(compareEvidence)[0];
}

/** Coverage a code file owns: what its extractor and the resolution of its imports recorded. */
export function ownsCoverage(path: string, c: Coverage): boolean {
  return (
    (c.analyzer === 'js-ts' || c.analyzer === 'resolve') &&
    (c.scope === path || c.scope.startsWith(`${path}:`))
  );
}

/** The snapshot's entities, plus every node already in the map as an endpoint verify may accept. */
export class KnownEntities extends Map<string, Entity> {
  constructor(
    own: ReadonlyMap<string, Entity>,
    private readonly isNode: (id: string) => boolean,
  ) {
    super(own);
  }
  override has(id: string): boolean {
    return super.has(id) || this.isNode(id);
  }
}
