/**
 * The build half of a scan, loaded only when something changed: extract → resolve → snapshot →
 * verify → assemble → guard → emit → index. Each stage is a call; this file holds no analysis.
 */

import type { Worker } from 'node:worker_threads';
import type { LoadedConfig } from './discover/config.js';
import type { Discovered } from './discover/index.js';
import { extractAll, noCache } from './extract/index.js';
import { gateSettingsOf } from './gate/settings.js';
import { MIN_EDGES_FOR_WORKER, prestartSignalsWorker, startSignalsJob } from './graph/signals-job.js';
import { assembleMap } from './map/assemble.js';
import { addCodeEdges } from './map/code-edges.js';
import { addDocEdges, typedEndpoint } from './map/doc-edges.js';
import { readPreviousMap, type SerializedItems, serializeItems, writeMapFile } from './map/emit.js';
import { writeMapSpans } from './map/emit-spans.js';
import { addFileNodes } from './map/file-nodes.js';
import { resolveFlows } from './map/flows.js';
import { addGoEdges, addGoManifestEdges, goZones } from './map/go-edges.js';
import { edgeIdsUnique, type GuardResult, guard } from './map/guardian.js';
import type { ResolvedImport } from './map/import-names.js';
import { addManifestEdges } from './map/manifest-edges.js';
import { SpanTable } from './map/map-text.js';
import { addPythonEdges, addPythonManifestEdges, pythonProjects } from './map/python-edges.js';
import { recordAliases } from './map/record-aliases.js';
import { repoView } from './map/repo-view.js';
import { addRustEdges, addRustManifestEdges, rustZones } from './map/rust-edges.js';
import type { ProofMap } from './map/schema.js';
import { Snapshot } from './map/snapshot.js';
import { treeState } from './map/tree-state.js';
import { assignZones } from './map/zones.js';
import { collectGarbage } from './model/collect-garbage.js';
import { holdYoungGeneration } from './model/young-generation.js';
import { isRetriedVerdict } from './parse-isolation/parse-isolated.js';
import { createGoResolver } from './resolve/go.js';
import { createResolver } from './resolve/index.js';
import { createPythonResolver } from './resolve/python.js';
import { createRustResolver } from './resolve/rust.js';
import type { ScanOptions, ScanResult } from './scan.js';
import {
  bufferedCache,
  fileStamp,
  headings,
  LAST_SCAN,
  type LastScan,
  previousSignals,
  scanFindings,
  storeSignals,
} from './scan-support.js';
import { collectOldMarkers, gateSeal, writeGateCache } from './store/gate-cache.js';
import type { Heading, IndexStore } from './store/index.js';
import { addSymbols, exportEntries } from './symbols/index.js';
import { type VerifyProof, verify } from './verify/index.js';

export interface BuildInput {
  root: string;
  options: ScanOptions;
  store: IndexStore | undefined;
  loaded: LoadedConfig;
  found: Discovered;
  key: string;
  timings: Record<string, number>;
  stage(name: string, detail?: string): void;
  /** When this scan started (ms since the epoch), recorded so the next scan knows which stamps to trust. */
  startedMs: number;
  /** treeKey of the tree discovery stat'ed, recorded for the next scan's stat-only check. */
  tree?: string;
}

export async function buildMap(input: BuildInput): Promise<ScanResult> {
  const writing = input.options.write !== false;
  // Only a writing scan holds the scan lock, which makes it the one writer a fresh file needs.
  const fresh = writing && input.store?.beginFullBuild() === true;
  const letGo = holdYoungGeneration();
  try {
    return await buildAndFinish(input, fresh);
  } finally {
    letGo();
  }
}

async function buildAndFinish(input: BuildInput, fresh: boolean): Promise<ScanResult> {
  // The graph's half returns only what the rest reads: its facts, snapshot and resolver
  // (~60 MB on the 7k-file monorepo) are garbage before the guardian runs, where memory peaks.
  const built = await buildGraph(input);
  // Three collections where a stage's working set has just died (model/collect-garbage.ts). On
  // the 7k-file monorepo, alternating runs: Node 24 peak 755–776 → 613–617 MB and no slower
  // (7.0–7.5 vs 7.2–8.6 s); Node 20 548–584 → 462–469 MB for ~0.3 s (9.3–9.5 vs 9.0–9.3 s).
  collectGarbage();
  try {
    return await finishMap(input, built, fresh);
  } catch (error) {
    void built.warm?.terminate();
    throw error;
  }
}

/** What the build's second half (guard → emit → index → signals) needs of the first. */
interface BuiltGraph {
  map: ProofMap;
  /** Verify's proof for the guardian; it holds every text it searched, so it is let go after. */
  proof: VerifyProof | undefined;
  headings: Heading[];
  /** A parse stopped for time: the next scan retries it even when no file changed. */
  retry: boolean;
  parsed: number;
  reused: number;
  /** The signals worker, started while verify and assemble run. */
  warm: Worker | undefined;
}

/** extract → resolve → symbols → verify → assemble. */
async function buildGraph({ root, store, loaded, found, stage }: BuildInput): Promise<BuiltGraph> {
  const cache = store ? bufferedCache(store) : undefined;
  const facts = await extractAll(found.files, found.texts, cache ?? noCache);
  cache?.flush();
  stage('extract', `${facts.parsed} parsed, ${facts.reused} from cache`);

  const paths = new Set(found.files.map((f) => f.path));
  const resolver = createResolver({ root, files: paths, readText: (rel) => found.texts.get(rel) });
  const snapshot = new Snapshot();
  const nodeOfPath = addFileNodes(
    snapshot,
    found.files,
    (p) => {
      const module = facts.modules.get(p);
      return module
        ? exportEntries(module)
        : (facts.python.get(p)?.exports ?? facts.go.get(p)?.exports ?? facts.rust.get(p)?.exports);
    },
    facts.artifacts,
  );
  const resolvedImports: ResolvedImport[] = [];
  const importFindings = addCodeEdges(
    snapshot,
    facts.modules,
    found.texts,
    resolver,
    nodeOfPath,
    facts.modules,
    undefined,
    resolvedImports,
  );
  addManifestEdges(snapshot, facts.manifests, found.texts, nodeOfPath, resolver);
  const python = pythonProjects(facts.pythonManifests);
  const pythonFindings =
    facts.python.size > 0
      ? addPythonEdges(
          snapshot,
          facts.python,
          found.texts,
          createPythonResolver({
            files: paths,
            ...python,
            installed: found.pythonEnvironment?.installed ?? [],
          }),
          nodeOfPath,
          [...facts.pythonManifests.keys()].sort(),
        )
      : [];
  addPythonManifestEdges(snapshot, facts.pythonManifests, found.texts, nodeOfPath);
  if (facts.go.size > 0)
    addGoEdges(
      snapshot,
      facts.go,
      found.texts,
      createGoResolver({ files: paths, manifests: facts.goManifests }),
      nodeOfPath,
    );
  addGoManifestEdges(snapshot, facts.goManifests, found.texts);
  if (facts.rust.size > 0)
    addRustEdges(
      snapshot,
      facts.rust,
      found.texts,
      createRustResolver({ files: paths, manifests: facts.cargoManifests, facts: facts.rust }),
      nodeOfPath,
    );
  addRustManifestEdges(snapshot, facts.cargoManifests, found.texts);
  const findings = addDocEdges(
    snapshot,
    facts.docs,
    facts.artifacts,
    nodeOfPath,
    repoView(found.texts, paths, facts),
  );
  stage('resolve', `${snapshot.relations.length} relations`);
  addSymbols(snapshot, facts.modules, resolvedImports);
  // Locals of this async function stay alive until it returns: what verify and assemble do not
  // need is emptied as soon as it is used.
  resolvedImports.length = 0;
  stage('symbols', `${snapshot.relations.length} relations`);

  // The signals worker starts now, so its start overlaps verify and assemble instead of delaying
  // the signals; a failure before its job is attached must not leave the thread behind.
  const warm =
    store && snapshot.relations.length >= MIN_EDGES_FOR_WORKER ? prestartSignalsWorker() : undefined;
  try {
    const verified = verify({
      entities: snapshot.entities,
      relations: snapshot.relations,
      textOf: (p) => found.texts.get(p),
      endpoint: typedEndpoint(nodeOfPath, recordAliases(facts.artifacts)),
    });
    snapshot.releaseRelations();
    stage('verify', `${verified.edges.length} edges kept`);

    const flows = resolveFlows(loaded.config, loaded, snapshot.entities, verified.edges);
    const map = assembleMap({
      entities: snapshot.entities,
      edges: verified.edges,
      coverage: [
        ...found.coverage,
        ...resolver.coverage(),
        ...snapshot.coverage,
        ...verified.coverage,
        ...flows.coverage,
      ],
      zones: assignZones(
        snapshot.entities.values(),
        new Map([
          ...python.zones,
          ...goZones(facts.goManifests),
          ...rustZones(facts.cargoManifests),
          ...[...resolver.workspaces].map(([name, ws]) => [ws.dir, name] as const),
        ]),
      ),
      flows: flows.flows,
      files: found.files,
      findings: [...findings, ...importFindings, ...pythonFindings, ...verified.findings],
      identity: facts.manifests.get('package.json')?.name ?? '(unnamed)',
      previous: readPreviousMap(root),
    });
    // The map holds its own edge objects; the guardian needs only verify's proof.
    verified.edges.length = 0;
    stage('assemble');
    return {
      map,
      proof: verified.proof,
      headings: headings(facts),
      retry: [...facts.modules.values()].some(isRetriedVerdict),
      parsed: facts.parsed,
      reused: facts.reused,
      warm,
    };
  } catch (error) {
    void warm?.terminate();
    throw error;
  }
}

/**
 * The guardian re-derives every gate from the map and the files on disk, not from the facts that
 * built it; its schema gate validates this very object, so emit need not again. It is the last
 * reader of the texts and of verify's proof (which holds every text it searched): both are let go
 * here, in a frame of its own, so that no register of the caller's keeps them (~60 MB).
 */
function guardBuilt(root: string, found: Discovered, built: BuiltGraph): GuardResult {
  const verdict = guard(root, built.map, {
    before: treeState(found.files),
    texts: found.texts,
    ...(built.proof ? { proof: built.proof } : {}),
  });
  built.map.meta.status = verdict.status;
  built.map.meta.blockers = verdict.blockers;
  // The map's excerpts are copies, not slices of the texts (model/detached.ts).
  found.texts.release();
  built.proof = undefined;
  return verdict;
}

/** guard → emit → index → signals and gate cache. */
async function finishMap(
  { root, options, store, loaded, found, key, timings, stage, startedMs, tree }: BuildInput,
  built: BuiltGraph,
  fresh: boolean,
): Promise<ScanResult> {
  const { map, headings: docHeadings, retry, parsed, reused, warm } = built;
  const writing = options.write !== false;
  // Signals and gate entries need only the graph: with a store they start now, on a second thread
  // for a large map, while this one guards, writes map.json and fills the index.
  const previous = store ? previousSignals(store, map) : undefined;
  const gate = loaded.config.gate ?? {};
  const seal = store && previous ? gateSeal(store) : undefined;
  const signalsJob =
    previous && seal
      ? startSignalsJob(
          {
            zones: map.zones,
            thresholds: {
              ...(gate.fanIn ? { fanIn: gate.fanIn } : {}),
              ...(gate.centrality !== undefined ? { centrality: gate.centrality } : {}),
            },
            gate: gateSettingsOf(loaded.config.gate),
            seal,
            ...(previous.signals ? { reuse: previous.signals } : {}),
          },
          // Symbol uses are read by neither: signals' views and the gate's users follow imports
          // and re-exports. Left out, the worker gets and holds a fifth fewer edges.
          { nodes: map.nodes, edges: map.edges.filter((e) => e.relation !== 'uses') },
          warm,
        )
      : undefined;
  if (!signalsJob) void warm?.terminate();
  // Awaited after the index is written; until then a failure must not surface as unhandled.
  signalsJob?.catch(() => {});

  const verdict = guardBuilt(root, found, built);
  // The texts and verify's proof are let go: ~60 MB.
  collectGarbage();
  stage('guard');

  // Each node's and edge's JSON, made after the guardian so that ~40 MB of strings are not held
  // through it; map.json is written from them as it is encoded, and the index rows take them.
  let items: SerializedItems | undefined = serializeItems(map);
  const spans = writing ? new SpanTable(items.nodes.length, items.edges.length) : undefined;
  const mapFile = writing ? writeMapFile(root, map, items, spans) : undefined;
  if (mapFile && spans) writeMapSpans(root, fileStamp(mapFile) ?? '', spans.chunked());
  // map.json's chunks are written: only the items stay, for the index.
  collectGarbage();
  stage('emit');
  if (store && previous && signalsJob && seal) {
    store.writeSnapshot(map, found.files, docHeadings, items, { uniqueIds: edgeIdsUnique(verdict) });
    // Let go while the signals are awaited: the worker's heap and this one's peak together then.
    items = undefined;
    stage('index');
    const { signals, rows } = await signalsJob;
    storeSignals(store, previous.key, signals);
    stage('signals');
    writeGateCache(store, loaded.config, rows, seal);
    if (writing) {
      // A parse stopped for time is retried by the next scan even when no file changed: a key no
      // tree has, and no tree key, keep that scan from either unchanged-tree shortcut.
      const last: LastScan = {
        key: retry ? `${key}:retry` : key,
        mapStamp: fileStamp(mapFile!) ?? '',
        startedMs,
        ...(tree && !retry ? { tree } : {}),
        meta: map.meta,
        findings: scanFindings(map.findings),
      };
      store.putSignals(LAST_SCAN, last);
    }
    if (fresh) store.publish();
    collectOldMarkers(store, loaded.config);
    stage('gate-cache');
  }
  return {
    root,
    map,
    ...(mapFile ? { mapFile } : {}),
    via: found.via,
    timings,
    parsed,
    reused,
    unchanged: false,
    mode: 'full',
    guard: verdict,
    meta: map.meta,
    findings: scanFindings(map.findings),
  };
}
