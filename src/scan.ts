/**
 * The scan, as a list of stages: discover → extract → resolve → snapshot → verify → index → emit →
 * guard. Each stage is a call; this file holds no analysis of its own.
 */
import { discover } from './discover/index.js';
import { extractAll, type FactCache, noCache } from './extract/index.js';
import { assembleMap } from './map/assemble.js';
import { addCodeEdges } from './map/code-edges.js';
import { readMapFile, serializeMap, writeMap } from './map/emit.js';
import { addDocEdges, typedEndpoint } from './map/doc-edges.js';
import { addFileNodes } from './map/file-nodes.js';
import { repoView } from './map/repo-view.js';
import { artifactKey } from './extract/artifact.js';
import { type GuardResult, guard } from './map/guardian.js';
import { addManifestEdges } from './map/manifest-edges.js';
import type { ProofMap } from './map/schema.js';
import { Snapshot } from './map/snapshot.js';
import { treeState } from './map/tree-state.js';
import { assignZones } from './map/zones.js';
import type { Coverage } from './model/types.js';
import { createResolver } from './resolve/index.js';
import { verify } from './verify/index.js';

export interface ScanOptions {
  /** Repository root (any path; it is realpath'd). */
  root: string;
  /** Write `.proofmap/map.json` (default true). */
  write?: boolean;
  maxFileBytes?: number;
  cache?: FactCache;
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

  const found = discover(options.root, { maxFileBytes: options.maxFileBytes, order: options.order });
  const root = found.root;
  stage('discover');

  const facts = await extractAll(found.files, found.texts, options.cache ?? noCache);
  stage('extract');

  const paths = new Set(found.files.map((f) => f.path));
  const resolver = createResolver({ root, files: paths, readText: (rel) => found.texts.get(rel) });
  const snapshot = new Snapshot();
  const nodeOfPath = addFileNodes(snapshot, found.files, (p) => facts.modules.get(p)?.exports, facts.artifacts);
  addCodeEdges(snapshot, facts.modules, found.texts, resolver, nodeOfPath);
  addManifestEdges(snapshot, facts.manifests, found.texts, nodeOfPath, resolver);
  const findings = addDocEdges(snapshot, facts.docs, facts.artifacts, nodeOfPath, repoView(found.texts, paths, facts));
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
  const coverage: Coverage[] = [...found.coverage, ...snapshot.coverage, ...verified.coverage];
  const map = assembleMap({
    entities: snapshot.entities,
    edges: verified.edges,
    coverage,
    zones: assignZones(snapshot.entities.values(), packageDirs),
    flows: [],
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
  return {
    root,
    map,
    ...(mapFile ? { mapFile } : {}),
    via: found.via,
    timings,
    parsed: facts.parsed,
    reused: facts.reused,
    guard: verdict,
  };
}
