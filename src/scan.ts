/**
 * The scan, as a list of stages: discover → extract → resolve → snapshot → verify → assemble →
 * guard → emit → index. Each stage is a call; this file holds no analysis of its own.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from './discover/config.js';
import { discover, realRoot } from './discover/index.js';
import { artifactKey } from './extract/artifact.js';
import { extractAll, noCache } from './extract/index.js';
import { computeSignals } from './graph/signals.js';
import { assembleMap } from './map/assemble.js';
import { addCodeEdges } from './map/code-edges.js';
import { addDocEdges, typedEndpoint } from './map/doc-edges.js';
import { mapPath, readPreviousMap, serializeMap, writeMapText } from './map/emit.js';
import { addFileNodes } from './map/file-nodes.js';
import { resolveFlows } from './map/flows.js';
import { type GuardResult, guard } from './map/guardian.js';
import { addManifestEdges } from './map/manifest-edges.js';
import { repoView } from './map/repo-view.js';
import type { ProofMap } from './map/schema.js';
import { Snapshot } from './map/snapshot.js';
import { treeState } from './map/tree-state.js';
import { assignZones } from './map/zones.js';
import { createResolver } from './resolve/index.js';
import {
  bufferedCache,
  headings,
  LAST_SCAN,
  type LastScan,
  previousSignals,
  scanKey,
  sha1,
  stageTimer,
  storeSignals,
} from './scan-support.js';
import { writeGateCache } from './store/gate-cache.js';
import { acquireScanLock, type IndexStore, openIndex } from './store/index.js';
import { verify } from './verify/index.js';

export interface ScanOptions {
  /** Repository root (any path; it is realpath'd). */
  root: string;
  /** Write `.proofmap/map.json` and the index (default true). */
  write?: boolean;
  maxFileBytes?: number;
  /** Use the SQLite index for cached facts and write the snapshot to it (default: when writing). */
  index?: boolean;
  /** Rebuild the map even when no file changed since the last scan. */
  force?: boolean;
  /** How long to wait for another scan of the same repository (default 10 s). */
  lockTimeoutMs?: number;
  /** Reports stage progress (the CLI shows it on a TTY; the MCP server silences it). */
  onProgress?: (stage: string) => void;
  /** Test hook: reorders the discovered listing (and so disables the unchanged-tree shortcut). */
  order?: (paths: string[]) => string[];
}

export interface ScanResult {
  root: string;
  map: ProofMap;
  mapFile?: string;
  via: 'git' | 'walk';
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  parsed: number;
  reused: number;
  /** True when no file changed since the last scan, so the map on disk was kept as it is. */
  unchanged: boolean;
  /** The guardian's verdict; for an unchanged tree, the verdict recorded in the kept map (`checked` is empty: no gate re-ran). */
  guard: GuardResult;
  /** Set when the index was unusable and rebuilt (one line). */
  recovered?: string;
}

export async function scan(options: ScanOptions): Promise<ScanResult> {
  const root = realRoot(options.root);
  const writing = options.write !== false;
  // One writer at a time: a second scan of the same repository waits, then fails clearly.
  const release = writing ? await acquireScanLock(root, options.lockTimeoutMs) : undefined;
  const store = (options.index ?? writing) ? openIndex(root) : undefined;
  try {
    const result = await scanLocked(root, options, store);
    return store?.recovered ? { ...result, recovered: store.recovered } : result;
  } finally {
    store?.close();
    release?.();
  }
}

async function scanLocked(
  root: string,
  options: ScanOptions,
  store: IndexStore | undefined,
): Promise<ScanResult> {
  const { timings, stage } = stageTimer(options.onProgress);
  const writing = options.write !== false;
  const loaded = loadConfig(root);
  const maxFileBytes = options.maxFileBytes ?? loaded.config.scan?.maxFileBytes;
  const found = discover(root, {
    ...(maxFileBytes ? { maxFileBytes } : {}),
    ...(options.order ? { order: options.order } : {}),
  });
  const key = scanKey(found.files, maxFileBytes);
  stage('discover');

  const kept =
    writing && store && !options.force && !options.order ? unchangedMap(root, store, key) : undefined;
  if (kept) {
    const recorded: GuardResult = {
      status: kept.meta.status,
      blockers: kept.meta.blockers,
      warnings: [],
      checked: {},
    };
    return {
      root,
      map: kept,
      mapFile: mapPath(root),
      via: found.via,
      timings,
      parsed: 0,
      reused: 0,
      unchanged: true,
      guard: recorded,
    };
  }

  const cache = store ? bufferedCache(store) : undefined;
  const facts = await extractAll(found.files, found.texts, cache ?? noCache);
  cache?.flush();
  stage('extract');

  const paths = new Set(found.files.map((f) => f.path));
  const resolver = createResolver({ root, files: paths, readText: (rel) => found.texts.get(rel) });
  const snapshot = new Snapshot();
  const nodeOfPath = addFileNodes(
    snapshot,
    found.files,
    (p) => facts.modules.get(p)?.exports,
    facts.artifacts,
  );
  addCodeEdges(snapshot, facts.modules, found.texts, resolver, nodeOfPath);
  addManifestEdges(snapshot, facts.manifests, found.texts, nodeOfPath, resolver);
  const findings = addDocEdges(
    snapshot,
    facts.docs,
    facts.artifacts,
    nodeOfPath,
    repoView(found.texts, paths, facts),
  );
  stage('resolve');

  const artifactIds = new Set([...facts.artifacts.values()].map((a) => artifactKey(a.artifactId)));
  const verified = verify({
    entities: snapshot.entities,
    relations: snapshot.relations,
    textOf: (p) => found.texts.get(p),
    endpoint: typedEndpoint(nodeOfPath, artifactIds),
  });
  stage('verify');

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
      new Map([...resolver.workspaces].map(([name, ws]) => [ws.dir, name] as const)),
    ),
    flows: flows.flows,
    files: found.files,
    findings: [...findings, ...verified.findings],
    identity: facts.manifests.get('package.json')?.name ?? '(unnamed)',
    previous: readPreviousMap(root),
  });
  stage('assemble');

  // The guardian re-derives every gate from the map and the files on disk, not from the facts
  // that built it; its schema gate validates this very object, so emit need not again.
  const verdict = guard(root, map, { before: treeState(found.files) });
  map.meta.status = verdict.status;
  map.meta.blockers = verdict.blockers;
  stage('guard');

  const text = serializeMap(map);
  const mapFile = writing ? writeMapText(root, text) : undefined;
  stage('emit');
  if (store) {
    const previous = previousSignals(store, map);
    store.writeSnapshot(map, found.files, headings(facts));
    const gate = loaded.config.gate ?? {};
    const signals =
      previous.signals ??
      computeSignals(map, {
        thresholds: {
          ...(gate.fanIn ? { fanIn: gate.fanIn } : {}),
          ...(gate.centrality !== undefined ? { centrality: gate.centrality } : {}),
        },
      });
    storeSignals(store, previous.key, signals);
    stage('signals');
    writeGateCache(store, map, loaded.config, new Map(Object.entries(signals.centrality.values)));
    if (writing) store.putSignals(LAST_SCAN, { key, mapSha1: sha1(text) } satisfies LastScan);
    stage('index');
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
    guard: verdict,
  };
}

/** The map on disk, when no file changed since the scan that wrote it and nobody edited it. */
function unchangedMap(root: string, store: IndexStore, key: string): ProofMap | undefined {
  const last = store.getSignals<LastScan>(LAST_SCAN);
  if (last?.key !== key) return undefined;
  try {
    const text = readFileSync(mapPath(root), 'utf8');
    return sha1(text) === last.mapSha1 ? (JSON.parse(text) as ProofMap) : undefined;
  } catch {
    return undefined;
  }
}
