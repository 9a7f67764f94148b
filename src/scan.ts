/**
 * The scan, as a list of stages: discover → extract → resolve → snapshot → verify → index → emit →
 * guard. Each stage is a call; this file holds no analysis of its own.
 */
import { loadConfig } from './discover/config.js';
import { discover, realRoot } from './discover/index.js';
import { artifactKey } from './extract/artifact.js';
import { type ExtractedFacts, extractAll, type FactCache, noCache } from './extract/index.js';
import { assembleMap } from './map/assemble.js';
import { addCodeEdges } from './map/code-edges.js';
import { addDocEdges, typedEndpoint } from './map/doc-edges.js';
import { readMapFile, serializeMap, writeMap } from './map/emit.js';
import { addFileNodes } from './map/file-nodes.js';
import { resolveFlows } from './map/flows.js';
import { type GuardResult, guard } from './map/guardian.js';
import { addManifestEdges } from './map/manifest-edges.js';
import { repoView } from './map/repo-view.js';
import type { ProofMap } from './map/schema.js';
import { Snapshot } from './map/snapshot.js';
import { treeState } from './map/tree-state.js';
import { assignZones } from './map/zones.js';
import type { Coverage } from './model/types.js';
import { createResolver } from './resolve/index.js';
import { writeGateCache } from './store/gate-cache.js';
import { acquireScanLock, type Heading, type IndexStore, openIndex } from './store/index.js';
import { verify } from './verify/index.js';

export interface ScanOptions {
  /** Repository root (any path; it is realpath'd). */
  root: string;
  /** Write `.proofmap/map.json` and the index (default true). */
  write?: boolean;
  maxFileBytes?: number;
  /** Use the SQLite index for cached facts and write the snapshot to it (default: when writing). */
  index?: boolean;
  /** How long to wait for another scan of the same repository (default 10 s). */
  lockTimeoutMs?: number;
  /** Reports stage progress (the CLI shows it on a TTY; the MCP server silences it). */
  onProgress?: (stage: string) => void;
  /** Test hook: reorders the discovered listing. */
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
  guard: GuardResult;
  /** Set when the index was unusable and rebuilt (one line). */
  recovered?: string;
}

/** Reads facts from the index; buffers new ones and writes them in one transaction. */
function bufferedCache(store: IndexStore): FactCache & { flush(): void } {
  const pending: [string, string, unknown][] = [];
  return {
    get: (extractor, hash) => store.getFacts(extractor, hash),
    put: (extractor, hash, facts) => void pending.push([extractor, hash, facts]),
    flush: () =>
      store.transaction(() => {
        for (const [extractor, hash, facts] of pending) store.putFacts(extractor, hash, facts);
      }),
  };
}

function headings(facts: ExtractedFacts): Heading[] {
  const out: Heading[] = [];
  for (const [path, doc] of facts.docs)
    for (const h of doc.headings) out.push({ path, text: h.text, slug: h.slug, line: h.line });
  return out;
}

export async function scan(options: ScanOptions): Promise<ScanResult> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((now - mark) * 10) / 10;
    mark = now;
    options.onProgress?.(name);
  };

  const root = realRoot(options.root);
  const writing = options.write !== false;
  const useIndex = options.index ?? writing;
  // One writer at a time: a second scan of the same repository waits, then fails clearly.
  const release = writing ? await acquireScanLock(root, options.lockTimeoutMs) : undefined;
  const store = useIndex ? openIndex(root) : undefined;
  try {
    return await scanLocked(root, options, stage, timings, store);
  } finally {
    store?.close();
    release?.();
  }
}

async function scanLocked(
  root: string,
  options: ScanOptions,
  stage: (name: string) => void,
  timings: Record<string, number>,
  store: IndexStore | undefined,
): Promise<ScanResult> {
  const loaded = loadConfig(root);
  const maxFileBytes = options.maxFileBytes ?? loaded.config.scan?.maxFileBytes;
  const found = discover(root, {
    ...(maxFileBytes ? { maxFileBytes } : {}),
    ...(options.order ? { order: options.order } : {}),
  });
  stage('discover');

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

  const packageDirs = new Map([...resolver.workspaces].map(([name, ws]) => [ws.dir, name] as const));
  const previous = readMapFile(root);
  const flows = resolveFlows(loaded.config, loaded, snapshot.entities, verified.edges);
  const coverage: Coverage[] = [
    ...found.coverage,
    ...snapshot.coverage,
    ...verified.coverage,
    ...flows.coverage,
  ];
  const map = assembleMap({
    entities: snapshot.entities,
    edges: verified.edges,
    coverage,
    zones: assignZones(snapshot.entities.values(), packageDirs),
    flows: flows.flows,
    files: found.files,
    findings: [...findings, ...verified.findings],
    identity: facts.manifests.get('package.json')?.name ?? '(unnamed)',
    previous,
  });
  stage('assemble');

  // The guardian reads the map as it will be written (a JSON round trip), not the objects that
  // built it, and the tree as it is on disk.
  const verdict = guard(root, JSON.parse(serializeMap(map)) as ProofMap, { before: treeState(found.files) });
  map.meta.status = verdict.status;
  map.meta.blockers = verdict.blockers;
  stage('guard');

  const mapFile = options.write === false ? undefined : writeMap(root, map);
  stage('emit');
  if (store) {
    store.writeSnapshot(map, found.files, headings(facts));
    writeGateCache(store, map, loaded.config, new Map());
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
    guard: verdict,
    ...(store?.recovered ? { recovered: store.recovered } : {}),
  };
}
