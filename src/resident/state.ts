/**
 * What a resident process keeps between changes: the index connection, the configuration, every
 * file's record and the map as MapText. Loaded from what a scan just wrote, and only trusted while
 * the index epoch and map.json's stamp are still the ones it loaded (another writer makes it
 * reload).
 */
import { type LoadedConfig, loadConfig } from '../discover/config.js';
import { mapPath, readMapBytes } from '../map/emit.js';
import { MapText } from '../map/map-text.js';
import type { SourceFile } from '../model/facts.js';
import { fileStamp, LAST_SCAN, type LastScan } from '../scan-support.js';
import type { FileRecord, IndexStore } from '../store/index.js';

export interface ResidentState {
  loaded: LoadedConfig;
  /** Every file, sorted by path (the order discovery gives). */
  files: Map<string, SourceFile>;
  text: MapText;
  last: LastScan;
  epoch: number;
}

/** The state after a scan, or undefined when the index and map.json do not agree. */
export function loadState(root: string, store: IndexStore): ResidentState | undefined {
  const last = store.getSignals<LastScan>(LAST_SCAN);
  if (!last?.meta || fileStamp(mapPath(root)) !== last.mapStamp) return undefined;
  const text = MapText.parse(readMapBytes(root));
  if (!text || text.small.meta.source_fingerprint !== last.meta.source_fingerprint) return undefined;
  const files = new Map<string, SourceFile>();
  for (const [path, record] of store.files()) files.set(path, sourceFile(path, record));
  return { loaded: loadConfig(root), files, text, last, epoch: store.epoch() };
}

/** Whether another process wrote a snapshot or the map since the state was loaded. */
export function stateIsCurrent(root: string, store: IndexStore, state: ResidentState): boolean {
  return store.epoch() === state.epoch && fileStamp(mapPath(root)) === state.last.mapStamp;
}

function sourceFile(path: string, r: FileRecord): SourceFile {
  return {
    path,
    role: r.role,
    size: r.size,
    hash: r.hash,
    mtimeMs: r.mtimeMs,
    ...(r.stamp ? { stamp: r.stamp } : {}),
    ...(r.content ? { content: r.content } : {}),
  };
}
