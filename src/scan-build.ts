/**
 * The build half of a scan, loaded only when something changed: extract → resolve → snapshot →
 * verify → assemble → guard → emit → index. Each stage is a call; this file holds no analysis.
 */

import type { Worker } from 'node:worker_threads';
import type { LoadedConfig } from './discover/config.js';
import type { Discovery } from './discover/index.js';
import { extractAll, noCache } from './extract/index.js';
import { gateSettingsOf } from './gate/settings.js';
import { MIN_EDGES_FOR_WORKER, prestartSignalsWorker, startSignalsJob } from './graph/signals-job.js';
import { assembleMap } from './map/assemble.js';
import { addCodeEdges } from './map/code-edges.js';
import { addDocEdges, typedEndpoint } from './map/doc-edges.js';
import { readPreviousMap, serializeItems, writeMapFile } from './map/emit.js';
import { writeMapSpans } from './map/emit-spans.js';
import { addFileNodes } from './map/file-nodes.js';
import { resolveFlows } from './map/flows.js';
import { addGoEdges, addGoManifestEdges, goZones } from './map/go-edges.js';
import { guard } from './map/guardian.js';
import type { ResolvedImport } from './map/import-names.js';
import { addManifestEdges } from './map/manifest-edges.js';
import { SpanTable } from './map/map-text.js';
import { addPythonEdges, addPythonManifestEdges, pythonProjects } from './map/python-edges.js';
import { recordAliases } from './map/record-aliases.js';
import { repoView } from './map/repo-view.js';
import { addRustEdges, addRustManifestEdges, rustZones } from './map/rust-edges.js';
import { Snapshot } from './map/snapshot.js';
import { treeState } from './map/tree-state.js';
import { assignZones } from './map/zones.js';
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
import { collectOldMarkers, writeGateCache } from './store/gate-cache.js';
import type { IndexStore } from './store/index.js';
import { addSymbols, exportEntries } from './symbols/index.js';
import { verify } from './verify/index.js';

export interface BuildInput {
  root: string;
  options: ScanOptions;
  store: IndexStore | undefined;
  loaded: LoadedConfig;
  found: Discovery;
  key: string;
  timings: Record<string, number>;
  stage(name: string, detail?: string): void;
  /** When this scan started (ms since the epoch), recorded so the next scan knows which stamps to trust. */
  startedMs: number;
  /** treeKey of the tree discovery stat'ed, recorded for the next scan's stat-only check. */
  tree?: string;
}

export async function buildMap({
  root,
  options,
  store,
  loaded,
  found,
  key,
  timings,
  stage,
  startedMs,
  tree,
}: BuildInput): Promise<ScanResult> {
  const writing = options.write !== false;
  // Only a writing scan holds the scan lock, which makes it the one writer a fresh file needs.
  const fresh = writing && store?.beginFullBuild() === true;
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
  // Locals of this async function stay alive until it returns: what later stages no longer need
  // is emptied as soon as it is used, so it is not carried through the index write (peak memory).
  resolvedImports.length = 0;
  stage('symbols', `${snapshot.relations.length} relations`);

  // The signals worker starts now, so its start overlaps verify and assemble instead of delaying
  // the signals; a failure before its job is attached must not leave the thread behind.
  const warm =
    store && snapshot.relations.length >= MIN_EDGES_FOR_WORKER ? prestartSignalsWorker() : undefined;
  try {
    return await finishMap(warm);
  } catch (error) {
    void warm?.terminate();
    throw error;
  }

  async function finishMap(warm: Worker | undefined): Promise<ScanResult> {
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
    // A parse stopped for time is retried by the next scan even when no file changed (see below).
    const retry = [...facts.modules.values()].some(isRetriedVerdict);
    stage('assemble');

    // Signals and gate entries need only the graph: with a store they start now, on a second thread
    // for a large map, while this one guards, writes map.json and fills the index.
    const items = serializeItems(map);
    const previous = store ? previousSignals(store, map) : undefined;
    const gate = loaded.config.gate ?? {};
    const signalsJob = previous
      ? startSignalsJob(
          {
            zones: map.zones,
            thresholds: {
              ...(gate.fanIn ? { fanIn: gate.fanIn } : {}),
              ...(gate.centrality !== undefined ? { centrality: gate.centrality } : {}),
            },
            gate: gateSettingsOf(loaded.config.gate),
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

    // The guardian re-derives every gate from the map and the files on disk, not from the facts
    // that built it; its schema gate validates this very object, so emit need not again.
    const verdict = guard(root, map, {
      before: treeState(found.files),
      texts: found.texts,
      proof: verified.proof,
    });
    map.meta.status = verdict.status;
    map.meta.blockers = verdict.blockers;
    stage('guard');

    // Written as it is encoded (~40 MB on the 7k-file monorepo, never held whole): the index and
    // gate cache stages that follow are where the scan's memory peaks.
    const spans = writing ? new SpanTable(items.nodes.length, items.edges.length) : undefined;
    const mapFile = writing ? writeMapFile(root, map, items, spans) : undefined;
    if (mapFile && spans) writeMapSpans(root, fileStamp(mapFile) ?? '', spans.table());
    stage('emit');
    if (store && previous && signalsJob) {
      store.writeSnapshot(map, found.files, headings(facts), items);
      stage('index');
      const { signals, entries } = await signalsJob;
      storeSignals(store, previous.key, signals);
      stage('signals');
      writeGateCache(store, loaded.config, entries);
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
      parsed: facts.parsed,
      reused: facts.reused,
      unchanged: false,
      mode: 'full',
      guard: verdict,
      meta: map.meta,
      findings: scanFindings(map.findings),
    };
  }
}
