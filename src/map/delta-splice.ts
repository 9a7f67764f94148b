/**
 * Splicing changed code files into a map read as bytes (MapText): each file's node line and its
 * block of edges are replaced (edges are sorted by the source node's key first, so one file's
 * edges are one contiguous block), and the package nodes whose found_at is the least evidence of
 * all their importers are updated. Every assumption a splice relies on is checked, and a failed
 * check refuses the delta instead of guessing.
 */
import type { ModuleFacts, SourceFile, TextSource } from '../model/facts.js';
import { nodeId } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage, Evidence } from '../model/types.js';
import type { Resolver } from '../resolve/index.js';
import { type ExportNames, starFacts } from '../symbols/index.js';
import { codeFilePart, DeltaRefused, leastEvidence } from './delta.js';
import type { ResolvedImport } from './import-names.js';
import { FROM_AT, type MapText, TO_AT } from './map-text.js';
import type { Finding, MapEdge, MapNode } from './schema.js';

export interface Splice {
  text: MapText;
  /** Node ids of the changed files. */
  changedIds: Set<string>;
  /** Nodes whose JSON changed, by id. */
  nodes: Map<string, MapNode>;
  /** Source node id → all its edges after the splice, in map order. */
  groups: Map<string, MapEdge[]>;
  /** Coverage the changed files own now. */
  coverage: Coverage[];
  /** Code edges gained (+) or lost (−) per relation. */
  relationDelta: Map<string, number>;
  /** Whether any code edge appeared or vanished (signals then lag). */
  graphChanged: boolean;
  /** Evidence the changed files lent to package nodes: before, and now. */
  lentBefore: Map<string, Evidence[]>;
  lentNow: Map<string, Evidence[]>;
  keys: Map<string, string>;
  /** Edge block of a changed node, between the pass that found it and the splice that uses it. */
  ranges: Map<string, [number, number]>;
  /** Imported-names findings of each changed code file, by path (replacing its old ones). */
  findings: Map<string, Finding[]>;
  /** Whether some code file imports a changed node (found by inspectEdges). */
  imported: Set<string>;
  /** Changed nodes some barrel re-exports with `export *` (found by inspectEdges). */
  starred: Set<string>;
  /** Paths of every file this delta changes. */
  pending: Set<string>;
  /**
   * The lines of the edges into a node, from the index written with this very map (its stamp is
   * checked before a delta): spares a pass over every edge. Without it, the edges are scanned.
   * It may leave out lines that change nothing inspectEdges decides (INSPECTED_EDGES).
   */
  incoming?: (id: string) => readonly string[];
  /**
   * Blocks of edges read from the map text, by source node id: an export renamed in a file that
   * 14 importers follow walked the same package barrels for each of them, and read and parsed
   * ~14,000 edge lines of ~170 blocks, each again, plus a pread per block. Only blocks of nodes
   * not spliced (yet): blockFrom answers a spliced one from `groups`.
   */
  blocks: Map<string, Block>;
}

/** A node's edges as read from the map text, and each one's evidence by place (see placesOf). */
interface Block {
  edges: MapEdge[];
  places?: Map<string, { edge: MapEdge; evidence: Evidence }[]>;
  /** What starImports and resolvedImports answered for the facts they were given. */
  stars?: { facts: ModuleFacts; out: ResolvedImport[] };
  resolved?: { facts: ModuleFacts; out: ResolvedImport[] };
}

export function newSplice(
  text: MapText,
  pending: Iterable<string> = [],
  incoming?: (id: string) => readonly string[],
): Splice {
  return {
    ...(incoming ? { incoming } : {}),
    pending: new Set(pending),
    text,
    changedIds: new Set(),
    nodes: new Map(),
    groups: new Map(),
    coverage: [],
    relationDelta: new Map(),
    graphChanged: false,
    lentBefore: new Map(),
    lentNow: new Map(),
    keys: new Map(),
    ranges: new Map(),
    findings: new Map(),
    imported: new Set(),
    starred: new Set(),
    blocks: new Map(),
  };
}

export interface ChangedCodeFile {
  file: SourceFile;
  facts: ModuleFacts;
  texts: TextSource;
  resolver: Resolver;
  roleOf(path: string): string | undefined;
  /** When flows are declared, a changed edge set refuses the delta (flows are built from edges). */
  flowsDeclared: boolean;
  /** Every symbol name a document mentions (asked only when exported names changed). */
  mentionedSymbols(): ReadonlySet<string>;
  /** Facts of another code file (an import target): this delta's, else the cached ones. */
  factsOf(path: string): ModuleFacts | undefined;
  /** Reads ahead the facts of files factsOf is about to be asked for. */
  prefetchFacts?(paths: readonly string[]): void;
  /** Files whose absent names are known without their facts (scan-delta-export-names.ts). */
  exportNames?: ExportNames;
  /** This file's facts as the last scan had them (cached by its old hash), for the symbol check. */
  previousFacts(): ModuleFacts | undefined;
  /**
   * Every file importing this one is re-analysed in the same delta, after it (scan-delta.ts,
   * importersOfExports): their findings and edges follow its new exports, so a changed or removed
   * name, or a finding pointing at it, needs no full build.
   */
  importersFollow?: boolean;
  /** The documents mentioning a name it stopped or started exporting are re-analysed after it. */
  mentionsFollow?: boolean;
}

export function applyCodeFile(splice: Splice, input: ChangedCodeFile): void {
  const { text } = splice;
  const { file, facts } = input;
  const id = nodeId('file', file.path);
  splice.changedIds.add(id);
  const old = nodeAt(splice, id);
  if (!old) throw new DeltaRefused(`${file.path} has no file node in the map`);
  // Documents mention exported names (mentions-symbol edges, through every exporter of a name):
  // a name that appeared or vanished changes their edges only if some document mentions it.
  const before = exportedNames(old.exports);
  const after = exportedNames(facts.exports);
  const moved = [...before].filter((n) => !after.has(n)).concat([...after].filter((n) => !before.has(n)));
  if (moved.length > 0 && !input.mentionsFollow) {
    const mentioned = input.mentionedSymbols();
    const named = moved.find((n) => mentioned.has(n));
    if (named !== undefined)
      throw new DeltaRefused(`${file.path}: its exported names changed, and a document mentions ${named}`);
  }
  // Imported-names findings (import-names.ts) name a target's exports and its first export line:
  // one that points at this file, or an added name that could settle one anywhere, is not spliced.
  const nameFindings = splice.text.small.findings.filter((f) => f.code === 'import-name-not-exported');
  // Those pointing at it belong to its importers: re-analysed, they are made again.
  const elsewhere = input.importersFollow ? nameFindings.filter((f) => f.target !== file.path) : nameFindings;
  if (elsewhere.some((f) => f.target === file.path))
    throw new DeltaRefused(`${file.path}: an imported-names finding points at it`);
  // An added name settles only a finding that lists it among the names its import misses; with its
  // importers following, a removed one too (a barrel's `export *` of two files naming it made it
  // ambiguous: removed here, it lands on the other).
  const added = [...after].filter((n) => !before.has(n));
  const settled = (input.importersFollow ? moved : added).find((n) =>
    elsewhere.some((f) => f.message.includes(`"${n}"`)),
  );
  if (settled !== undefined)
    throw new DeltaRefused(
      `${file.path}: the ${after.has(settled) ? 'added' : 'removed'} export ${settled} may settle an imported-names finding`,
    );
  inspectEdges(splice, id);

  const part = codeFilePart({
    file,
    facts,
    texts: input.texts,
    resolver: input.resolver,
    nodeOfPath: (p) => {
      const role = input.roleOf(p);
      if (role === undefined) return undefined;
      if (role === 'doc') throw new DeltaRefused(`${file.path} imports a document (${p})`);
      const target = nodeId('file', p);
      if (!nodeIndex(splice).has(target)) throw new DeltaRefused(`${p} has no file node`);
      return target;
    },
    isNode: (n) => nodeIndex(splice).has(n),
    zone: old.zone,
    factsOf: input.factsOf,
    ...(input.prefetchFacts ? { prefetchFacts: input.prefetchFacts } : {}),
    ...(input.exportNames ? { exportNames: input.exportNames } : {}),
    starImports: (barrel, facts) => starImports(splice, barrel, facts),
    resolvedOf: (path, facts) => resolvedImports(splice, path, facts),
  });
  splice.nodes.set(id, part.node);
  splice.coverage.push(...part.coverage);
  for (const [pkg, evidence] of part.packageEvidence) {
    if (!nodeIndex(splice).has(pkg))
      throw new DeltaRefused(`${file.path} imports a package the map does not have`);
    push(splice.lentNow, pkg, evidence);
  }

  splice.findings.set(file.path, part.findings);
  const oldCode = replaceGroup(splice, id, part.edges, input.flowsDeclared);
  // A removed export breaks importers' names (new findings elsewhere): only if nobody imports it.
  if (!input.importersFollow && [...before].some((n) => !after.has(n)) && splice.imported.has(id))
    throw new DeltaRefused(`${file.path}: an exported name was removed and other files import it`);
  for (const e of oldCode) if (isPackage(splice, e.to)) push(splice.lentBefore, e.to, e.evidence);
  text.nodes[nodeIndex(splice).get(id)!] = JSON.stringify(part.node);
  checkSymbolShape(splice, file.path, facts, input.importersFollow === true, () => {
    const before = input.previousFacts();
    if (!before) throw new DeltaRefused(`${file.path}: its previous facts are not cached`);
    return before;
  });
}

/**
 * Replaces a node's block of edges: its code-dep edges become `edges`, typed links declared
 * elsewhere stay; the block keeps the order assembleMap gives (target key, then relation) and its
 * place (source key). Returns the code-dep edges it replaced.
 */
export function replaceGroup(splice: Splice, id: string, edges: MapEdge[], flowsDeclared = false): MapEdge[] {
  const { text } = splice;
  const [start, end] = groupRange(splice, id);
  const oldEdges = text.texts(text.edges.slice(start, end)).map((line) => JSON.parse(line) as MapEdge);
  const kept = oldEdges.filter((e) => e.namespace === 'typed-link');
  const oldCode = oldEdges.filter((e) => e.namespace !== 'typed-link');
  const newIds = edges.map((e) => e.id).sort(compareStrings);
  const oldIds = oldCode.map((e) => e.id).sort(compareStrings);
  if (newIds.join() !== oldIds.join()) {
    splice.graphChanged = true;
    if (flowsDeclared)
      throw new DeltaRefused(`the edges of ${keyOf(splice, id)} changed and flows are declared`);
  }
  for (const e of oldCode) bump(splice.relationDelta, e.relation, -1);
  for (const e of edges) bump(splice.relationDelta, e.relation, +1);
  const group = [...kept, ...edges].sort(
    (a, b) =>
      compareStrings(keyOf(splice, a.to), keyOf(splice, b.to)) || compareStrings(a.relation, b.relation),
  );
  const at = start < end ? start : insertionPoint(splice, keyOf(splice, id));
  text.edges.splice(at, end - start, ...group.map((e) => JSON.stringify(e)));
  splice.groups.set(id, group);
  return oldCode;
}

/**
 * A barrel's `export *` facts paired with the files they resolved to, as a full build's
 * addCodeEdges would have recorded them: each fact is matched to the barrel's `re-exports` edge
 * holding its line and column. A fact with no such edge (to a package, unresolved) is left out,
 * which is what the full build does too.
 */
function starImports(splice: Splice, barrel: string, facts: ModuleFacts | undefined): ResolvedImport[] {
  const stars = facts?.imports.filter((f) => f.relation === 're-exports' && f.names.includes('*')) ?? [];
  if (stars.length === 0) return [];
  // A barrel changed in this same delta but not spliced yet has new facts and old edges.
  if (splice.pending.has(barrel) && !splice.groups.has(nodeId('file', barrel)))
    throw new DeltaRefused(`${barrel} changed too and re-exports with *: not spliced in one delta`);
  const block = blockFrom(splice, nodeId('file', barrel));
  if (block.stars && block.stars.facts === facts) return block.stars.out;
  const out: ResolvedImport[] = [];
  for (const fact of stars) {
    // The first `re-exports` edge with evidence at the fact's place and a file at its end.
    for (const { edge, evidence } of placesOf(block).get(placeKey('re-exports', fact)) ?? []) {
      const target = endpointOf(splice, edge.to)?.path;
      if (target) {
        out.push({ from: barrel, fact, target, evidence });
        break;
      }
    }
  }
  block.stars = { facts: facts!, out };
  return out;
}

/**
 * Every import fact of a file paired with the file it resolved to, from its edges as the map holds
 * them (matched by relation, line and column). What resolved to no file has no such edge.
 */
function resolvedImports(splice: Splice, path: string, facts: ModuleFacts): ResolvedImport[] {
  if (splice.pending.has(path) && !splice.groups.has(nodeId('file', path)))
    throw new DeltaRefused(
      `${path} changed too and lends its imports to a symbol chain: not spliced in one delta`,
    );
  const block = blockFrom(splice, nodeId('file', path));
  if (block.resolved?.facts === facts) return block.resolved.out;
  const out: ResolvedImport[] = [];
  for (const fact of facts.imports) {
    // The first edge of the fact's relation with evidence at its place and a file at its end.
    for (const { edge, evidence } of placesOf(block).get(placeKey(fact.relation, fact)) ?? []) {
      const target = endpointOf(splice, edge.to);
      if (target?.kind === 'file' && target.path) {
        out.push({ from: path, fact, target: target.path, evidence });
        break;
      }
    }
  }
  block.resolved = { facts, out };
  return out;
}

const placeKey = (relation: string, at: { line?: number; column?: number }) =>
  `${relation}\0${at.line}\0${at.column}`;

/**
 * Each edge under every place its evidence names (relation, line, column), in edge order, with
 * the first evidence at that place: a fact's edge is then a lookup, where matching every fact
 * against every edge of a barrel was quadratic.
 */
function placesOf(block: Block): Map<string, { edge: MapEdge; evidence: Evidence }[]> {
  if (block.places) return block.places;
  const places = new Map<string, { edge: MapEdge; evidence: Evidence }[]>();
  for (const edge of block.edges) {
    const seen = new Set<string>();
    for (const evidence of edge.evidence) {
      const key = placeKey(edge.relation, evidence);
      if (seen.has(key)) continue;
      seen.add(key);
      const list = places.get(key);
      if (list) list.push({ edge, evidence });
      else places.set(key, [{ edge, evidence }]);
    }
  }
  block.places = places;
  return places;
}

/**
 * What other files' uses edges read of a changed file, and what refuses the splice: their chains
 * cite its re-exports (with lines), so a changed re-export while some file imports it is refused;
 * a new name can shadow or clash in a barrel's `export *` (TypeScript's rules), so an added export
 * is refused while a barrel star-exports it. A removed name is refused by applyCodeFile already.
 * Its own symbols are its node's export entries, spliced with the node.
 */
function checkSymbolShape(
  splice: Splice,
  path: string,
  facts: ModuleFacts,
  /** The users an added name may reach behind `export *` are re-analysed (scan-delta.ts starUsers). */
  usersFollow: boolean,
  previousFacts: () => ModuleFacts,
): void {
  const id = nodeId('file', path);
  if (!splice.imported.has(id)) return;
  const before = previousFacts();
  if (JSON.stringify(reExportShape(before)) !== JSON.stringify(reExportShape(facts)))
    throw new DeltaRefused(
      `${path}: its re-exports changed and other files import it (their uses cite them)`,
    );
  if (!splice.starred.has(id) || usersFollow) return;
  const names = new Set(before.exports.map((e) => e.name));
  const added = facts.exports.find((e) => !names.has(e.name));
  if (added)
    throw new DeltaRefused(`${path}: export ${added.name} was added and a barrel re-exports it with *`);
}

/** A file's re-exports as other files' uses chains read them: origins and `export *`, with lines. */
function reExportShape(facts: ModuleFacts): unknown {
  return [facts.origins ?? [], starFacts(facts).map((f) => [f.specifier, f.line, f.column])];
}

/**
 * A node's outgoing edges as map.json holds them, read once per delta (Splice.blocks). Edges are
 * sorted by their source node's key (assembleMap), so the block is found by binary search: ~16
 * node lines parsed instead of an index over every edge (that index cost ~15 ms of each one-file
 * delta on a 60k-edge map).
 */
function blockFrom(splice: Splice, id: string): Block {
  // Changed files' blocks move as they are spliced; their edges are read from the splice itself
  // (a block made anew each time: what is kept on it lasts one call).
  const spliced = splice.groups.get(id);
  if (spliced) return { edges: spliced };
  let block = splice.blocks.get(id);
  if (!block) {
    const [start, end] = blockOf(splice, id);
    const lines = splice.text.texts(splice.text.edges.slice(start, end));
    block = { edges: lines.map((line) => JSON.parse(line) as MapEdge) };
    splice.blocks.set(id, block);
    // Its readers ask for the file at the end of each edge: read those node lines together.
    learnEndpoints(
      splice,
      block.edges.map((e) => e.to),
    );
  }
  return block;
}

/** Where a node's edges lie among the key-sorted edges ([0, 0] when it has none). */
function blockOf(splice: Splice, id: string): [number, number] {
  const { text } = splice;
  const edges = text.edges;
  const key = keyOf(splice, id);
  const keyAt = (i: number) => keyOf(splice, text.field(edges[i]!, FROM_AT));
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareStrings(keyAt(mid), key) < 0) lo = mid + 1;
    else hi = mid;
  }
  let start = -1;
  let end = -1;
  // Nodes of two kinds may share a key: their edges would interleave, which a splice cannot place.
  for (let i = lo; i < edges.length && keyAt(i) === key; i++) {
    if (!text.fieldIs(edges[i]!, FROM_AT, id)) continue;
    if (start < 0) start = i;
    else if (end !== i) throw new DeltaRefused(`the edges of node ${id} are not contiguous in map.json`);
    end = i + 1;
  }
  return start < 0 ? [0, 0] : [start, end];
}

/**
 * Package nodes take the least evidence of everything that imports them: recomputed from the
 * edges of every unchanged importer plus what the changed files lend now. The same rule applied
 * to the old state must give the old found_at, or the map holds evidence this rule cannot see
 * (a deduplicated import), and the delta is refused.
 */
export function updatePackages(splice: Splice): void {
  const { text } = splice;
  const touched = new Set([...splice.lentBefore.keys(), ...splice.lentNow.keys()]);
  // A package whose found_at lies in an unchanged file keeps that least evidence among the other
  // importers, so the new least is the lesser of it and what the changed files lend now. Only a
  // found_at inside a changed file needs the other importers' evidence: one pass over the edges
  // (byte comparisons, no string per edge) for those alone — a popular package (imported by
  // thousands of files) is then not re-parsed on every edit.
  const wanted = [...touched].filter((p) => splice.pending.has(nodeAt(splice, p)!.found_at.path));
  const into = new Map<string, Evidence[]>(wanted.map((p) => [p, []]));
  if (wanted.length > 0)
    for (const item of text.edges) {
      const pkg = wanted.find((p) => text.fieldIs(item, TO_AT, p));
      if (pkg !== undefined && !splice.changedIds.has(text.field(item, FROM_AT)))
        into.get(pkg)!.push(...(JSON.parse(text.text(item)) as MapEdge).evidence);
    }
  for (const pkg of touched) {
    const node = nodeAt(splice, pkg)!;
    const others = into.get(pkg) ?? [node.found_at];
    const before = leastEvidence([...others, ...(splice.lentBefore.get(pkg) ?? [])]);
    if (JSON.stringify(before) !== JSON.stringify(node.found_at))
      throw new DeltaRefused(
        `package node ${node.key}: its found_at is not the least evidence of its importers`,
      );
    const now = leastEvidence([...others, ...(splice.lentNow.get(pkg) ?? [])]);
    if (!now) throw new DeltaRefused(`package node ${node.key} has no importer left`);
    if (JSON.stringify(now) === JSON.stringify(node.found_at)) continue;
    const updated = { ...node, found_at: now };
    splice.nodes.set(pkg, updated);
    text.nodes[nodeIndex(splice).get(pkg)!] = JSON.stringify(updated);
  }
}

/**
 * One pass over the edges for a changed node: where its own block lies, whether code imports it,
 * and whether a barrel star-exports it. Documents linking into it with anchors (`#L12`,
 * `#heading`) and findings naming such anchors are not asked here: those documents are re-analysed
 * in the same delta (scan-delta-followers.ts anchorFollowers).
 */
export function inspectEdges(splice: Splice, id: string): void {
  const { text } = splice;
  const into = (line: string) => {
    if (NAMED_IMPORT.test(line)) splice.imported.add(id);
    if (line.includes('"relation":"re-exports"') && line.includes('"names":["*"')) splice.starred.add(id);
  };
  if (splice.incoming) {
    splice.ranges.set(id, blockOf(splice, id));
    for (const line of splice.incoming(id)) into(line);
    return;
  }
  let start = -1;
  let end = -1;
  text.edges.forEach((item, i) => {
    if (text.fieldIs(item, FROM_AT, id)) {
      if (start < 0) start = i;
      else if (end !== i) throw new DeltaRefused(`the edges of node ${id} are not contiguous in map.json`);
      end = i + 1;
    }
    if (text.fieldIs(item, TO_AT, id)) into(text.text(item));
  });
  splice.ranges.set(id, start < 0 ? [0, 0] : [start, end]);
}

/** Relations by which code imports a file: one edge of any of them makes it `imported`. */
export const IMPORTING = ['imports', 'type-imports', 're-exports', 'requires', 'dynamic-imports'] as const;
const NAMED_IMPORT = new RegExp(`"relation":"(?:${IMPORTING.join('|')})"`);

/**
 * What inspectEdges reads of the edges into a node, for an index that can select by relation:
 * every re-export (each is looked at), and any one importing edge (only whether there is one
 * matters). The lines of every other relation change nothing it decides.
 */
export const INSPECTED_EDGES = {
  every: ['re-exports'],
  anyOf: IMPORTING.filter((r) => r !== 're-exports'),
} as const;

/** The contiguous range of the node's edges (found by inspectEdges), or an empty range. */
function groupRange(splice: Splice, id: string): [number, number] {
  const range = splice.ranges.get(id);
  if (!range) throw new Error(`internal: no edge range for node ${id}`);
  splice.ranges.delete(id); // splicing moves every later block: a range is good for one splice
  return range;
}

/** First edge whose source key sorts after the key: where a node without edges gets its block. */
function insertionPoint(splice: Splice, key: string): number {
  const { text } = splice;
  let lo = 0;
  let hi = text.edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareStrings(keyOf(splice, text.field(text.edges[mid]!, FROM_AT)), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const hasNode = (splice: Splice, id: string): boolean => nodeIndex(splice).has(id);
export { hasNode as spliceNode, nodeAt as spliceNodeAt };

export const nodeIndex = (splice: Splice): Map<string, number> => indexNodes(splice.text);

/** Node id → position, kept on the MapText (a resident builds it once, before the first change). */
export function indexNodes(text: MapText): Map<string, number> {
  text.nodeIndex ??= new Map(text.nodeIds().map((id, i) => [id, i]));
  return text.nodeIndex;
}

/**
 * A node's kind, key and path, which its id fixes (ids hash them): parsed once per MapText, since a
 * symbol chain through barrels asks for the same endpoints thousands of times, and a binary search
 * for a block of edges for the keys of the nodes it passes.
 */
function endpointOf(splice: Splice, id: string): Endpoint | undefined {
  if (!nodeIndex(splice).has(id)) return undefined;
  splice.text.endpoints ??= new Map();
  const known = splice.text.endpoints;
  let endpoint = known.get(id);
  if (!endpoint) {
    endpoint = endpointIn(nodeAt(splice, id)!);
    known.set(id, endpoint);
  }
  return endpoint;
}

type Endpoint = { kind: string; key: string; path?: string };

const endpointIn = ({ kind, key, path }: MapNode): Endpoint =>
  path === undefined ? { kind, key } : { kind, key, path };

/** endpointOf for several nodes ahead of their questions: node lines near each other read at once. */
function learnEndpoints(splice: Splice, ids: readonly string[]): void {
  const index = nodeIndex(splice);
  splice.text.endpoints ??= new Map();
  const known = splice.text.endpoints;
  const wanted = [...new Set(ids)].filter((id) => !known.has(id) && index.has(id));
  if (wanted.length < 2) return;
  const lines = splice.text.textsNear(wanted.map((id) => splice.text.nodes[index.get(id)!]!));
  wanted.forEach((id, i) => {
    known.set(id, endpointIn(JSON.parse(lines[i]!) as MapNode));
  });
}

function nodeAt(splice: Splice, id: string): MapNode | undefined {
  const i = nodeIndex(splice).get(id);
  return i === undefined ? undefined : (JSON.parse(splice.text.text(splice.text.nodes[i]!)) as MapNode);
}

// Kept per splice as well: a file removed in this delta leaves the node index, and its key is
// still asked for where its edges were.
function keyOf(splice: Splice, id: string): string {
  let key = splice.keys.get(id);
  if (key === undefined) {
    const endpoint = endpointOf(splice, id);
    if (!endpoint) throw new DeltaRefused(`edge endpoint ${id} is not a node`);
    key = endpoint.key;
    splice.keys.set(id, key);
  }
  return key;
}

const isPackage = (splice: Splice, id: string) => keyOf(splice, id).startsWith('external:');

/** The names a file exports that importers can name (not `default`, not `*`). */
export const exportedNames = (list: readonly { name: string }[] | undefined) =>
  new Set((list ?? []).map((e) => e.name).filter((n) => n !== 'default' && n !== '*'));

function push<K, V>(map: Map<K, V[]>, key: K, values: readonly V[]): void {
  const list = map.get(key);
  if (list) list.push(...values);
  else map.set(key, [...values]);
}

function bump(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * Takes a removed file out of the map text: its node and its block of edges (what it lent to
 * package nodes goes to lentBefore). Its importers are re-analysed by the caller. A file that is
 * the last node of its zone, or holds typed links, is not spliced: a full build drops or keeps those.
 */
export function removeFileNode(splice: Splice, path: string): void {
  const { text } = splice;
  const id = nodeId('file', path);
  const index = nodeIndex(splice).get(id);
  if (index === undefined) throw new DeltaRefused(`${path} has no file node in the map`);
  const node = nodeAt(splice, id)!;
  const inZone = `"zone":"${node.zone}"`;
  if (!text.nodes.some((item, i) => i !== index && text.text(item).includes(inZone)))
    throw new DeltaRefused(`${path} was the last file of its zone`);
  splice.changedIds.add(id);
  const [start, end] = blockOf(splice, id);
  const old = text.texts(text.edges.slice(start, end)).map((line) => JSON.parse(line) as MapEdge);
  if (old.some((e) => e.namespace === 'typed-link'))
    throw new DeltaRefused(`${path} was removed, and typed links start from it`);
  for (const e of old) {
    bump(splice.relationDelta, e.relation, -1);
    if (isPackage(splice, e.to)) push(splice.lentBefore, e.to, e.evidence);
  }
  if (old.length > 0) splice.graphChanged = true;
  text.edges.splice(start, end - start);
  splice.groups.set(id, []);
  text.nodes.splice(index, 1);
  text.nodeIndex = undefined; // every later node moved
}
