/**
 * The delta scan: when a few code files or documents changed, their own part of the map is
 * recomputed (extract → resolve → verify → node and edges) and spliced into map.json and the
 * index, together with the parts of the files the change moves (scan-delta-followers.ts: the
 * importers of a changed export, the documents anchored in a changed file); nothing else is read,
 * parsed, verified or written. Whatever it cannot apply exactly (configuration, a decision
 * record, a package node that appears or vanishes, a map that was not confirmed …) is refused
 * with a reason, and the scan runs the full build instead. The tests hold it to the full build
 * byte for byte.
 */
import type { LoadedConfig } from './discover/config.js';
import type { Discovery } from './discover/index.js';
import { extractModule, isCodePath, moduleCacheKey } from './extract/js-ts.js';
import { isolationNeed } from './extract/js-ts-depth.js';
import type { DocFacts } from './extract/markdown.js';
import { normalizeFindings, sourceFingerprint, uniqueCoverage } from './map/assemble.js';
import { DeltaRefused, DocumentHalfNeeded, ownsCoverage } from './map/delta.js';
import { checkAdditions, insertStubNode } from './map/delta-add.js';
import type { DocPart } from './map/delta-doc.js';
import { guardDelta } from './map/delta-guard.js';
import {
  applyCodeFile,
  hasNode,
  INSPECTED_EDGES,
  newSplice,
  removeFileNode,
  type Splice,
  updatePackages,
} from './map/delta-splice.js';
import { mapPath, readMapBytes, serializeSection, stageMapText } from './map/emit.js';
import { openMapBySpans, removeMapSpans, stageMapSpans } from './map/emit-spans.js';
import { MAX_INCREMENTS } from './map/increments.js';
import type { KeptFingerprint } from './map/kept-fingerprint.js';
import { ID_AT, MapText } from './map/map-text.js';
import type { Finding, MapEdge, MapNode } from './map/schema.js';
import { zonesByPath } from './map/zones.js';
import type { ModuleFacts, SourceFile, TextSource } from './model/facts.js';
import { nodeId } from './model/ids.js';
import { compareStrings } from './model/paths.js';
import { isRetriedVerdict } from './parse-isolation/parse-isolated.js';
import { createResolver, type Resolver } from './resolve/index.js';
import type { ScanResult } from './scan.js';
import type { DocDelta } from './scan-delta-docs.js';
import { exportNamesOracle } from './scan-delta-export-names.js';
import {
  anchorFollowers,
  docsMentioning,
  importersOfExports,
  MAX_DELTA_FILES,
  UNKNOWN,
} from './scan-delta-followers.js';
import { fileStamp, LAST_SCAN, type LastScan, scanFindings, unlistedCoverage } from './scan-support.js';
import type { FileRecord, IndexStore } from './store/index.js';

export interface DeltaInput {
  root: string;
  store: IndexStore;
  loaded: LoadedConfig;
  found: Discovery;
  /** The last scan's index rows: all of them, or, with `moved`, those of the moved files. */
  previous: ReadonlyMap<string, FileRecord>;
  /**
   * The only files whose bytes may differ from their rows, when the listing is the last scan's
   * (discover/moved-discovery.ts): the others are not compared, and none was added or removed.
   */
  moved?: readonly SourceFile[];
  last: LastScan;
  /**
   * The scan key recorded for the next scan, or how to make it: a resident passes a function, so
   * that hashing the whole listing happens after the index commit, not between change and answer.
   */
  key: string | (() => string);
  timings: Record<string, number>;
  stage(name: string, detail?: string): void;
  startedMs: number;
  /** found.files by path, when the caller keeps one (a resident does). */
  filesByPath?: ReadonlyMap<string, SourceFile>;
  /** A resolver already made for this file set and configuration (a resident keeps one). */
  resolver?: Resolver;
  /** treeKey of the tree discovery stat'ed, recorded for the next scan's stat-only check. */
  tree?: string;
  /** The document half (scan-delta-docs.ts): required when a changed file is a document. */
  docs?: DocDelta;
  /**
   * The files whose stat the writes gate compares after the delta (default: the files discovery
   * read for this scan). A resident passes the files it restat'ed.
   */
  statted?: readonly SourceFile[];
  /**
   * Module facts read by earlier deltas, by `extractor\0hash` (a resident keeps them between
   * changes; entries are what the index holds, never freshly extracted objects).
   */
  keptFacts?: { get(key: string): ModuleFacts | undefined; set(key: string, facts: ModuleFacts): void };
  /**
   * Which cached module facts export by their names alone, by extractor (scan-delta-export-names.ts),
   * kept by a resident between changes.
   */
  keptClosed?: Map<string, ReadonlySet<string>>;
  /** meta.source_fingerprint with each file's line kept between changes (a resident's). */
  fingerprint?: KeptFingerprint;
  /**
   * Writes map.json in the caller's stead (a resident: off its event loop, and only the latest of
   * quick changes), then records the scan with PendingMap.record. Without it, or with a spans
   * table, the delta writes the map and records the scan before it returns.
   */
  writeMap?(pending: PendingMap): void;
  /** Called when the index has committed (answers are fresh from then on), before map.json is written. */
  onIndexed?(): void;
  /**
   * Writes what the scan keeps beside its record (tree-stamps.bin) once the record is in the index
   * and before map.json is renamed into place: after that rename, every other rename waits behind
   * the start of map.json's write-back (6-19 ms on ext4).
   */
  beforeRenames?(): void;
  /**
   * Keep the spans table beside map.json (default true). A resident holds the map text in memory
   * and needs none: writing and syncing its ~4 MB doubled the watcher's map write on the 7k-file
   * repository. Without it the old table is removed, so a later CLI delta reads map.json whole.
   */
  spansTable?: boolean;
}

/** map.json's bytes after a delta, for a caller that writes it itself (DeltaInput.writeMap). */
export interface PendingMap {
  chunks: readonly Uint8Array[];
  /** This map's meta (a copy: the next delta splices the map's own in place). */
  meta: LastScan['meta'];
  /** The scan record once map.json holds these bytes under this stamp (the key is hashed then). */
  record(mapStamp: string): LastScan;
}

export function deltaScan(input: DeltaInput): ScanResult {
  const changes = changedFiles(input); // refuse before reading the map when the change is not a delta
  // Only the very file the last scan wrote is spliced into: a hand edit, a checkout or a deletion
  // of map.json moves its stamp.
  if (fileStamp(mapPath(input.root)) !== input.last.mapStamp)
    throw new DeltaRefused('map.json changed since the last scan');
  const opened = openMapBySpans(input.root, input.last.mapStamp);
  try {
    return deltaOn(opened?.text ?? MapText.parse(readMapBytes(input.root)), input, changes);
  } finally {
    opened?.close();
  }
}

function deltaOn(text: MapText | undefined, input: DeltaInput, changes: Changes): ScanResult {
  if (!text) throw new DeltaRefused('map.json is not in the layout this version writes');
  // Entries discovery could not take in (an NFD name, a symlink out of the root) have no file a
  // delta would splice: when they changed, only a full build records them.
  const before = unlistedCoverage(input.found.files, text.small.coverage);
  const now = unlistedCoverage(input.found.files, input.found.coverage);
  if (before.join('\n') !== now.join('\n'))
    throw new DeltaRefused('files discovery could not analyse were added or removed');
  input.stage('read-map');
  return applyDelta({ ...input, text, changes });
}

/**
 * Applies the changed files to a map held as MapText (read from disk by deltaScan, or kept in
 * memory by a resident watcher, which then keeps the updated MapText for the next change).
 */
export function applyDelta(input: DeltaInput & { text: MapText; changes?: Changes }): ScanResult {
  const { root, store, found, last, stage, text } = input;
  const { changed: edited, added, removed } = input.changes ?? changedFiles(input);
  if (text.small.meta.source_fingerprint !== last.meta.source_fingerprint)
    throw new DeltaRefused('map.json is not the map the last scan wrote');

  // The listing as a set and by path: a resident passes the map it keeps, and the set (9,000
  // paths) is made only for what needs one (a new resolver, a changed document).
  const byPath = input.filesByPath ?? new Map(found.files.map((f) => [f.path, f]));
  let pathSet: Set<string> | undefined;
  const paths = () => (pathSet ??= new Set(found.files.map((f) => f.path)));
  const resolver =
    input.resolver ?? createResolver({ root, files: paths(), readText: (rel) => found.texts.get(rel) });
  const storedFacts = (p: string, hash: string): ModuleFacts | undefined => {
    const key = `${moduleCacheKey(p)}\0${hash}`;
    const kept = input.keptFacts?.get(key);
    if (kept) return kept;
    const facts = store.getFacts<ModuleFacts>(moduleCacheKey(p), hash);
    if (facts) input.keptFacts?.set(key, facts);
    return facts;
  };
  // An unchanged file re-analysed here (an importer) has the hash its row has.
  const previousFacts = (file: SourceFile) =>
    storedFacts(file.path, (input.previous.get(file.path) ?? file).hash);
  const extracted = new Map<string, ModuleFacts>();
  const codeFacts = (file: SourceFile): ModuleFacts => {
    const known = extracted.get(file.path);
    if (known) return known;
    const source = found.texts.get(file.path);
    if (source === undefined) throw new DeltaRefused(`${file.path} could not be read again`);
    // A file deep enough for the isolated parser would block this synchronous delta (and with it
    // the MCP server or watcher running it) while a child parses: the full build awaits it.
    const need = isolationNeed(source);
    if (need && !need.refuse) throw new DeltaRefused(`${file.path} needs the isolated parser`);
    const facts = extractModule(file.path, source);
    extracted.set(file.path, facts);
    return facts;
  };
  // A removed file's importers lose their edges to it (their imports no longer resolve, or now
  // land elsewhere): each is re-analysed as if edited. Anything else pointing at it refuses.
  const importers = removed.length > 0 ? importersOf(removed, store, found) : [];
  // One edited file whose exported names changed: its importers follow it (importersOfExports).
  const only = edited.length === 1 && removed.length === 0 && added.length === 0 ? edited[0] : undefined;
  const { followers, ready, moved } =
    only?.role === 'code' && isCodePath(only.path)
      ? importersOfExports(
          only,
          codeFacts(only),
          previousFacts(only),
          store,
          text.small.findings,
          byPath,
          previousFacts,
        )
      : UNKNOWN;
  // The documents whose anchors point into an edited file (`#L99`, `#a-heading`) follow it: its
  // lines and headings are what they check. (The files re-analysed unchanged keep theirs.)
  const linkers = new Map<string, SourceFile>();
  const editedPaths = new Set(edited.map((f) => f.path));
  for (const file of edited)
    for (const doc of anchorFollowers(file, store, text.small.findings, byPath, editedPaths))
      linkers.set(doc.path, doc);
  // And those mentioning a name it stopped or started exporting (their mentions-symbol edges).
  const mentioners = ready && moved.length > 0 ? docsMentioning(moved, store, found.files) : undefined;
  const changed = [
    ...edited,
    ...[...importers, ...followers, ...linkers.values(), ...(mentioners ?? [])].filter(
      (f, i, all) => !edited.some((e) => e.path === f.path) && all.findIndex((g) => g.path === f.path) === i,
    ),
  ];
  if (changed.length + removed.length > MAX_DELTA_FILES)
    throw new DeltaRefused(`${changed.length + removed.length} files to re-analyse`);
  if (!input.docs && changed.some((f) => f.role === 'doc'))
    throw new DocumentHalfNeeded('documents follow the change: the document half is needed');
  // The edges into a changed file as the map text has them at that point of the splice: the
  // index's (the last map's) from every file not yet spliced, and the new edges of those spliced
  // before it. Scanning the text instead costs a pass over every edge per file (~80 ms each on the
  // 7k-file monorepo, for a file and its importers). With files removed, or added beside others,
  // the text's stubs and dropped blocks are the one place that has them.
  const fromIndex = removed.length === 0 && (changed.length === 1 || added.length === 0);
  const splice: Splice = newSplice(
    text,
    [...changed.map((f) => f.path), ...removed],
    fromIndex
      ? (id) => {
          const spliced = [...splice.groups.keys()];
          const only = (relations: readonly string[], limit?: number) => ({
            relations,
            ...(spliced.length > 0 ? { exceptFrom: spliced } : {}),
            ...(limit ? { limit } : {}),
          });
          return [
            ...store.edgesInto(id, only(INSPECTED_EDGES.every)),
            ...store.edgesInto(id, only(INSPECTED_EDGES.anyOf, 1)),
            ...[...splice.groups.values()].flatMap((group) =>
              group.filter((e) => e.to === id).map((e) => JSON.stringify(e)),
            ),
          ];
        }
      : undefined,
  );
  for (const p of removed) removeFileNode(splice, p);
  if (added.length > 0) addFiles(splice, added, { store, found, resolver });
  const roleOf = (p: string) => byPath.get(p)?.role;
  const facts: [string, string, unknown][] = [];
  let mentioned: ReadonlySet<string> | undefined;
  const flowsDeclared = (input.loaded.config.flows?.length ?? 0) > 0;
  const newFacts = new Map<string, ModuleFacts>();
  // Memoised: the imported-names check matches facts by identity (a fact to its resolution).
  const cachedFacts = new Map<string, ModuleFacts | undefined>();
  const factsOf = (p: string): ModuleFacts | undefined => {
    const file = byPath.get(p);
    if (file?.role !== 'code') return undefined;
    const fresh = newFacts.get(p);
    if (fresh) return fresh;
    if (!cachedFacts.has(p)) cachedFacts.set(p, storedFacts(p, file.hash));
    return cachedFacts.get(p);
  };
  // The facts a walk is about to read (a barrel's `export *` targets), in one query per extractor.
  const prefetchSome = (wanted: readonly string[]): void => {
    const byExtractor = new Map<string, Map<string, string>>();
    for (const p of wanted) {
      const file = byPath.get(p);
      if (file?.role !== 'code' || newFacts.has(p) || cachedFacts.has(p)) continue;
      const key = `${moduleCacheKey(p)}\0${file.hash}`;
      const kept = input.keptFacts?.get(key);
      if (kept) {
        cachedFacts.set(p, kept);
        continue;
      }
      const hashes = byExtractor.get(moduleCacheKey(p)) ?? new Map<string, string>();
      byExtractor.set(moduleCacheKey(p), hashes);
      // A second file with the same bytes is left to factsOf: its facts are its own parse.
      if (!hashes.has(file.hash)) hashes.set(file.hash, p);
    }
    for (const [extractor, hashes] of byExtractor)
      for (const [hash, facts] of store.someFacts<ModuleFacts>(extractor, [...hashes.keys()])) {
        input.keptFacts?.set(`${extractor}\0${hash}`, facts);
        cachedFacts.set(hashes.get(hash)!, facts);
      }
  };
  const exportNames = exportNamesOracle(store, byPath, newFacts, [...edited, ...added], input.keptClosed);
  // Facts the walks would only read to find a name absent are not read ahead (exportNames says it).
  const prefetchFacts = (wanted: readonly string[]): void =>
    prefetchSome(wanted.filter((p) => !exportNames.closed(p)));
  const docs = new Map<string, DocPart>();
  const docDelta = changed.some((f) => f.role === 'doc') ? docHalf(input) : undefined;
  for (const file of changed) {
    if (file.role === 'doc' && docDelta) {
      const part = docDelta.applyDocFile(splice, {
        file,
        texts: found.texts,
        paths: paths(),
        docFacts: (p) => docFactsOf(store, byPath.get(p), found.texts, docDelta.extractDoc),
        roleOf,
        artifactAt: (p) => store.artifactAt(p),
        flowsDeclared,
      });
      docs.set(file.path, part);
      facts.push(['markdown', file.hash, part.facts]);
      continue;
    }
    const moduleFacts = codeFacts(file);
    if (!isRetriedVerdict(moduleFacts)) facts.push([moduleCacheKey(file.path), file.hash, moduleFacts]);
    newFacts.set(file.path, moduleFacts);
    applyCodeFile(splice, {
      file,
      facts: moduleFacts,
      texts: found.texts,
      resolver,
      roleOf,
      flowsDeclared,
      mentionedSymbols: () => (mentioned ??= mentionedSymbols(store, found.files)),
      factsOf,
      prefetchFacts,
      exportNames,
      previousFacts: () => previousFacts(file),
      ...(file === only && ready ? { importersFollow: true } : {}),
      ...(file === only && mentioners ? { mentionsFollow: true } : {}),
    });
  }
  updatePackages(splice);
  stage('resolve');

  const small = text.small;
  // Most edits leave coverage as it was: its index rows are then kept, not rewritten.
  const coverageBefore = JSON.stringify(small.coverage);
  small.coverage = uniqueCoverage([
    ...small.coverage.filter(
      (c) =>
        !changed.some((f) =>
          f.role === 'doc' && docDelta ? docDelta.docOwnsCoverage(f.path, c) : ownsCoverage(f.path, c),
        ) && !removed.some((p) => ownsCoverage(p, c)),
    ),
    ...splice.coverage,
    ...resolver.coverage(),
  ]);
  const meta = small.meta;
  // A plain document's findings are its broken links, a code file's its imports naming what their
  // target does not export: each replaced whole.
  const owner = (f: Finding) => {
    const at = f.evidence[0]?.path ?? '';
    return (
      docs.has(at) ||
      (f.code === 'import-name-not-exported' && (splice.findings.has(at) || removed.includes(at)))
    );
  };
  small.findings = normalizeFindings([
    ...small.findings.filter((f) => !owner(f)),
    ...[...docs.values()].flatMap((d) => d.findings),
    ...[...splice.findings.values()].flat(),
  ]);
  const changedNodes = changed.map(
    (f) => splice.nodes.get(nodeId(f.role === 'doc' ? 'document' : 'file', f.path))!,
  );
  meta.version += 1;
  // The same increment nextIncrements would record: only file nodes carry a hash, and only the
  // changed files' hashes moved.
  const isNew = new Set(added.map((f) => nodeId('file', f.path)));
  // Stale: files whose bytes changed (a removed file's importers were re-analysed, not changed).
  const stale = edited
    .map((f) => nodeId(f.role === 'doc' ? 'document' : 'file', f.path))
    .filter((id) => !isNew.has(id))
    .sort(compareStrings);
  const fresh = [...isNew].sort(compareStrings);
  small.increments = [
    ...small.increments,
    {
      version: meta.version,
      added_node_ids: fresh,
      stale_node_ids: stale,
      removed_node_ids: removed.map((p) => nodeId('file', p)).sort(compareStrings),
    },
  ].slice(-MAX_INCREMENTS);
  meta.source_fingerprint = input.fingerprint?.of(found.files) ?? sourceFingerprint(found.files);
  meta.counts = { ...recount(meta.counts, splice, small.coverage, added.length - removed.length) };
  meta.counts.findings = small.findings.length;
  // The writes gate compares the files this delta read: the ones it could have touched.
  const read = new Set(found.read);
  const statted = input.statted ?? found.files.filter((f) => read.has(f.path));
  const verdict = guardDelta(root, splice, statted, found.texts, (id) => hasNode(splice, id));
  meta.status = verdict.status;
  meta.blockers = verdict.blockers;
  stage('verify');

  // The index first: queries read it, so an answer is fresh as soon as it commits. A crash before
  // map.json is written leaves a map whose stamp the next scan does not trust: it rebuilds.
  // Same edge ids from the same files: same positions, so the stored order string still holds.
  const edgeOrder = splice.graphChanged ? edgeIds(text) : undefined;
  store.writeDelta({
    files: found.files.filter((f) => read.has(f.path)),
    nodes: [...splice.nodes.values()],
    edgeGroups: splice.groups,
    ...(JSON.stringify(small.coverage) !== coverageBefore ? { coverage: small.coverage } : {}),
    small: JSON.stringify({
      $schema: small.$schema,
      meta,
      zones: small.zones,
      nodes: null,
      edges: null,
      flows: small.flows,
      increments: small.increments,
      findings: small.findings,
      coverage: null,
    }),
    ...(edgeOrder !== undefined ? { edgeOrder } : {}),
    ...(added.length + removed.length > 0
      ? { nodeOrder: text.nodes.map((n) => text.field(n, ID_AT)).join(','), removedFiles: removed }
      : {}),
    searchRows: changedNodes.filter(hasPath).map((node) => {
      const headings = docs.get(node.path)?.facts.headings;
      return headings ? { node, headings } : { node };
    }),
    facts,
    graphChanged: splice.graphChanged,
  });
  stage('index');
  input.onIndexed?.();
  const spans = input.spansTable === false ? undefined : text.spanTable();
  if (!spans) removeMapSpans(root); // before the map changes: a crash between the two leaves none
  const out = text.chunks(serializeSection, spans);
  const findings = scanFindings(small.findings);
  const record = (mapStamp: string, recorded = meta): LastScan => ({
    key: typeof input.key === 'string' ? input.key : input.key(),
    mapStamp,
    startedMs: input.startedMs,
    ...(input.tree ? { tree: input.tree } : {}),
    meta: recorded,
    findings,
  });
  const bytes = out.every((c): c is Uint8Array => c instanceof Uint8Array) ? out : undefined;
  if (input.writeMap && bytes && !spans) {
    // The next delta splices this MapText's meta in place: the pending write keeps a copy.
    const kept = structuredClone(meta);
    input.beforeRenames?.();
    input.writeMap({ chunks: bytes, meta: kept, record: (mapStamp) => record(mapStamp, kept) });
  } else {
    // The new map and its table are written beside the old ones, and recorded under the stamp
    // they will have, before either is renamed into place: renaming over a file starts its
    // write-back, and any sync after that (the index's, when the scan closes it) waits for all 40 MB
    // to reach the disk, 30 ms of a one-file rescan on ext4. So the index takes the record and
    // copies its WAL into the database first. A crash before the renames leaves the old map
    // under a record that does not match its stamp: the next scan rebuilds, as after any crash.
    const map = stageMapText(root, out);
    const table = spans ? stageMapSpans(root, map.stamp, spans.chunked()) : undefined;
    try {
      store.putSignals(LAST_SCAN, record(map.stamp));
      store.checkpoint();
      input.beforeRenames?.();
      // The table first: it names the new map's stamp, which the old map does not have, so
      // until map.json is renamed the table is not used (and the old table is released before the old map).
      table?.commit();
      map.commit();
    } catch (error) {
      map.discard();
      table?.discard();
      throw error;
    }
  }
  stage('emit');

  return {
    root,
    mapFile: mapPath(root),
    via: found.via,
    timings: input.timings,
    parsed: changed.length,
    reused: found.files.length - changed.length,
    unchanged: false,
    mode: 'delta',
    guard: verdict,
    meta,
    findings,
    // Runs of the old file are not in memory: the map then comes from the file just written.
    get map() {
      return JSON.parse((bytes ? Buffer.concat(bytes) : readMapBytes(root)).toString('utf8'));
    },
  };
}

/** What changed since the last scan: edited, new and removed files. */
interface Changes {
  changed: SourceFile[];
  added: SourceFile[];
  removed: string[];
}

/**
 * The changed files, when every one of them is an existing code file or document whose bytes
 * changed, or a new code file (files removed or renamed are a full build).
 */
function changedFiles({ found, previous, last, moved }: DeltaInput): Changes {
  if (last.meta.status !== 'confirmed') throw new DeltaRefused('the previous map was not confirmed');
  const added: SourceFile[] = [];
  const changed = (moved ?? found.files).filter((f) => {
    const before = previous.get(f.path);
    if (!before) added.push(f);
    return !before || before.hash !== f.hash;
  });
  const removed: string[] = [];
  // Every previous path is still listed when the counts say so (paths are unique): the set of
  // 9,000 listed paths is built only when some file went.
  const now =
    moved || found.files.length - added.length === previous.size
      ? undefined
      : new Set(found.files.map((f) => f.path));
  for (const [p, before] of now ? previous : []) {
    if (now?.has(p)) continue;
    if (before.role !== 'code' || !isCodePath(p) || before.content !== 'text')
      throw new DeltaRefused(`files were removed (${p}, not a code file)`);
    removed.push(p);
  }
  if (changed.length === 0 && removed.length === 0)
    throw new DeltaRefused('no file content changed (the versions or options did)');
  if (changed.length + removed.length > MAX_DELTA_FILES)
    throw new DeltaRefused(`${changed.length + removed.length} files changed`);
  for (const f of added)
    if (f.role !== 'code' || !isCodePath(f.path) || f.content !== 'text')
      throw new DeltaRefused(`files were added (${f.path}, not a readable code file)`);
  for (const f of changed) {
    const before = previous.get(f.path);
    if (!before) continue;
    // Python, Go and Rust edges (their roots from pyproject, go.mod, go.work and Cargo.toml; a Go
    // package spans a directory of files; a Rust file's `mod` set shapes the module tree every
    // `use` resolves on) are not spliced: a full build rebuilds them.
    if (f.role === 'code' && !isCodePath(f.path))
      throw new DeltaRefused(`${f.path} is not JavaScript/TypeScript: only a full build re-resolves it`);
    const code = f.role === 'code' && isCodePath(f.path);
    if ((!code && f.role !== 'doc') || before.role !== f.role)
      throw new DeltaRefused(`${f.path} is not a code file or a document (${f.role})`);
    if (f.content !== 'text' || before.content !== 'text')
      throw new DeltaRefused(`${f.path} is not (or was not) readable text`);
  }
  return { changed, added, removed };
}

/** A document's facts for its heading slugs: cached by its hash, else extracted from its text. */
function docFactsOf(
  store: IndexStore,
  file: SourceFile | undefined,
  texts: TextSource,
  extractDoc: DocDelta['extractDoc'],
): DocFacts | undefined {
  if (file?.role !== 'doc') return undefined;
  const cached = store.getFacts<DocFacts>('markdown', file.hash);
  if (cached) return cached;
  const text = texts.get(file.path);
  return text === undefined ? undefined : extractDoc(file.path, text);
}

/** The caller loads the document half when a document changed; a caller that did not is a bug. */
function docHalf(input: DeltaInput): DocDelta {
  if (!input.docs) throw new Error('a document changed, and the delta was started without its document half');
  return input.docs;
}

/** Symbol names the documents mention, from their cached facts; a document without facts refuses. */
function mentionedSymbols(store: IndexStore, files: readonly SourceFile[]): ReadonlySet<string> {
  const cached = store.allFacts<DocFacts>('markdown');
  const names = new Set<string>();
  for (const f of files) {
    if (f.role !== 'doc') continue;
    const doc = cached.get(f.hash);
    if (!doc) throw new DeltaRefused(`${f.path} has no cached facts to tell which names it mentions`);
    for (const s of doc.symbols) names.add(s.name);
  }
  return names;
}

function recount(
  counts: Record<string, number>,
  splice: { relationDelta: Map<string, number> },
  coverage: readonly { status: string }[],
  /** Files added minus files removed (each a file node). */
  addedFiles: number,
): Record<string, number> {
  const next = { ...counts };
  if (addedFiles !== 0)
    for (const k of ['files', 'nodes', 'nodes.file']) {
      next[k] = (next[k] ?? 0) + addedFiles;
      if (next[k] === 0 && k === 'nodes.file') delete next[k]; // a kind with no nodes has no key
    }
  for (const k of Object.keys(next)) if (k.startsWith('coverage.')) delete next[k];
  next.coverage = coverage.length;
  for (const c of coverage) next[`coverage.${c.status}`] = (next[`coverage.${c.status}`] ?? 0) + 1;
  for (const [relation, delta] of splice.relationDelta) {
    next.edges = (next.edges ?? 0) + delta;
    next[`edges.${relation}`] = (next[`edges.${relation}`] ?? 0) + delta;
    if (next[`edges.${relation}`] === 0) delete next[`edges.${relation}`];
  }
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => compareStrings(a, b)));
}

function edgeIds(text: MapText): string {
  return text.edges.map((e) => text.field(e, ID_AT)).join(',');
}

const hasPath = (n: MapNode): n is MapNode & { path: string } => n.path !== undefined;

/** New code files: checked (delta-add.ts), then a stub node each, spliced like edited files. */
function addFiles(
  splice: Splice,
  added: readonly SourceFile[],
  ctx: { store: IndexStore; found: Discovery; resolver: Resolver },
): void {
  const { text } = splice;
  const docs = ctx.found.files.filter((f) => f.role === 'doc');
  checkAdditions({
    added,
    files: ctx.found.files,
    texts: ctx.found.texts,
    map: text.small,
    packageKeys: text.nodes.flatMap((item) => {
      const line = text.text(item);
      return line.includes('"kind":"package"') ? [(JSON.parse(line) as MapNode).key] : [];
    }),
    docFacts: () => {
      const cached = ctx.store.allFacts<DocFacts>('markdown');
      return docs.map((d) => {
        const facts = cached.get(d.hash);
        if (!facts)
          throw new DeltaRefused(`${d.path} has no cached facts to tell whether it names a new file`);
        return JSON.stringify(facts);
      });
    },
  });
  const zoneOf = zonesByPath(
    new Map([...ctx.resolver.workspaces].map(([name, ws]) => [ws.dir, name] as const)),
  );
  for (const file of added) {
    if (hasNode(splice, nodeId('file', file.path))) throw new DeltaRefused(`${file.path} already has a node`);
    insertStubNode(
      text.nodes,
      (i) => JSON.parse(text.text(text.nodes[i]!)) as MapNode,
      file,
      zoneOf(file.path, false),
      text.small.zones,
    );
    text.nodeIndex = undefined; // every later node moved
  }
}

/**
 * The code files whose edges point at a removed file, to re-analyse; refuses when a document, a
 * typed link, a manifest or a file that is itself removed points at it.
 */
function importersOf(removed: readonly string[], store: IndexStore, found: Discovery): SourceFile[] {
  const byPath = new Map(found.files.map((f) => [f.path, f]));
  const out = new Map<string, SourceFile>();
  const barrels = new Set<string>();
  for (const p of removed) {
    for (const line of store.edgesInto(nodeId('file', p))) {
      const edge = JSON.parse(line) as MapEdge;
      const from = edge.evidence[0]?.path;
      const importer = from === undefined ? undefined : byPath.get(from);
      if (edge.namespace !== 'code-dep' || importer?.role !== 'code' || !isCodePath(importer.path))
        throw new DeltaRefused(`${p} was removed, and ${from ?? edge.from} points at it (${edge.relation})`);
      out.set(importer.path, importer);
      if (edge.relation === 're-exports') barrels.add(importer.path);
    }
  }
  // Barrels first: a user re-analysed after them lands its names through their spliced edges
  // (before, their old edges would be read, which the splice refuses).
  const all = [...out.values()];
  return [...all.filter((f) => barrels.has(f.path)), ...all.filter((f) => !barrels.has(f.path))];
}
