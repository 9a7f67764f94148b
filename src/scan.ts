/**
 * The scan: take the lock, discover, and stop there when no file changed since the last scan;
 * otherwise load and run the build stages (scan-build.ts: extract → resolve → snapshot → verify →
 * assemble → guard → emit → index). Loading them lazily keeps an unchanged rescan from paying
 * for the parser, the resolver and the graph library.
 */
import { findConfigFile, type LoadedConfig, NO_CONFIG } from './discover/config-read.js';
import { discoverTree, realRoot, type StatTree, statTree } from './discover/index.js';
import { type MovedDiscovery, movedDiscovery } from './discover/moved-discovery.js';
import { racyFilesUnchanged, restampedFiles } from './discover/racy-recheck.js';
import { keepTreeStamps, keptTreeStamps } from './discover/stamps-file.js';
import { keepTreeFiles, keptTreeFiles, treeFilesOf } from './discover/tree-files.js';
import type { GuardResult } from './map/guardian.js';
import { mapPath, readMapBytes } from './map/map-file.js';
import type { ProofMap } from './map/schema.js';
import { sha1 } from './model/ids.js';
import { holdYoungGeneration } from './model/young-generation.js';
import type { DocDelta } from './scan-delta-docs.js';
import {
  fileStamp,
  LAST_SCAN,
  type LastScan,
  recordedFindings,
  type ScanFinding,
  scanKey,
  stageTimer,
  treeKey,
} from './scan-support.js';
import type { FileRecord, IndexStore } from './store/index.js';
import { keepScanRecord, keptScanRecord } from './store/last-scan-file.js';
import { acquireScanLock } from './store/lock.js';

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
  onProgress?: (stage: string, detail?: string) => void;
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
  /**
   * How the map was made: kept as it was, spliced from the changed files' own parts (delta), or
   * built from every file's facts (full).
   */
  mode: 'unchanged' | 'delta' | 'full';
  /** Why a rescan with a previous map could not be a delta (one line). */
  fullBecause?: string;
  /** The guardian's verdict; for an unchanged tree, the verdict recorded in the kept map (`checked` is empty: no gate re-ran). */
  guard: GuardResult;
  /** Set when the index was unusable and rebuilt (one line). */
  recovered?: string;
  /** The map's meta and its findings (rule, file:line:column, message), for summaries without reading the whole map. */
  meta: ProofMap['meta'];
  findings: ScanFinding[];
}

export async function scan(options: ScanOptions): Promise<ScanResult> {
  const root = realRoot(options.root);
  const writing = options.write !== false;
  const indexed = options.index ?? writing;
  // One writer at a time: a second scan of the same repository waits, then fails clearly.
  const release = writing ? await acquireScanLock(root, options.lockTimeoutMs) : undefined;
  // Started once the lock is held: `discover` then counts the record check or the index open.
  const timer = stageTimer(options.onProgress);
  let store: IndexStore | undefined;
  try {
    // Taken before the configuration and the stamps are read: files modified near it are
    // distrusted by the next scan.
    const startedMs = Date.now();
    const configFile = findConfigFile(root);
    // Under the lock, so no other scan writes the index between this check and its answer.
    const early =
      writing && indexed && !options.force && !options.order
        ? unchangedByRecord(root, options, timer, configFile)
        : undefined;
    if (early && 'result' in early) return early.result;
    // Loaded here: an unchanged tree answered from the record does without SQLite.
    store = indexed ? (await import('./store/index.js')).openIndex(root) : undefined;
    const loaded = await parseFoundConfig(configFile);
    const last = store?.getSignals<LastScan>(LAST_SCAN);
    // No map to start from: a full build, discovery's reading of every file included.
    const letGo = !last || options.force ? holdYoungGeneration() : undefined;
    let scanned: ScanResult;
    try {
      scanned = await scanLocked(root, options, store, { loaded, timer, early, startedMs, last });
    } finally {
      letGo?.();
    }
    const result = store?.recovered ? { ...scanned, recovered: store.recovered } : scanned;
    if (writing && store) {
      const kept = store.recovered ? undefined : store.getSignals<LastScan>(LAST_SCAN);
      store.close();
      store = undefined;
      // After the close: the record names index.db as the closed connection left it.
      keepScanRecord(
        root,
        kept && {
          config: configFingerprint(configFile),
          configMaxFileBytes: loaded.config.scan?.maxFileBytes ?? null,
          last: kept,
        },
      );
    }
    return result;
  } finally {
    store?.close();
    release?.();
  }
}

/** The configuration file as the record names it: its name and a digest of its text. */
const configFingerprint = (found: { file: string; text: string } | undefined): string | null =>
  found ? `${found.file}:${sha1(found.text)}` : null;

/** loadConfig for the scan: zod and the schema are imported only when there is a configuration file. */
async function parseFoundConfig(found: { file: string; text: string } | undefined): Promise<LoadedConfig> {
  if (!found) return NO_CONFIG;
  const { parseConfig } = await import('./discover/config.js');
  return parseConfig(found.file, found.text);
}

/** The tree the record check stat'ed, for the scan that follows it under the same lock. */
interface EarlyTree {
  tree: StatTree;
  /** The previous scan's start its `settled` was judged against. */
  previousStartMs: number;
}

/**
 * The last scan's result when its record (store/last-scan-file.ts) still holds: the same
 * configuration text, every stamp as it saw them and settled, and map.json the file it wrote (the
 * scan key follows, as in scanLocked's first test). Otherwise the tree it stat'ed, if it did.
 */
function unchangedByRecord(
  root: string,
  options: ScanOptions,
  timer: ReturnType<typeof stageTimer>,
  configFile: { file: string; text: string } | undefined,
): { result: ScanResult } | EarlyTree | undefined {
  const kept = keptScanRecord<LastScan>(root);
  const last = kept?.last;
  if (!kept || !last?.startedMs || !last.tree) return undefined;
  const tree = statTree(root, { listingCache: true, previousStartMs: last.startedMs });
  const early = { tree, previousStartMs: last.startedMs };
  if (kept.config !== configFingerprint(configFile)) return early;
  const maxFileBytes = options.maxFileBytes ?? kept.configMaxFileBytes ?? undefined;
  if (!tree.settled || treeKey(tree.stamps, maxFileBytes) !== last.tree) return early;
  const sameKept = unchangedMap(root, last, last.key);
  if (!sameKept) return early;
  timer.stage('discover', `${tree.paths.length} files, every stamp unchanged`);
  return { result: unchangedResult(root, tree.listing.via, timer.timings, sameKept) };
}

async function scanLocked(
  root: string,
  options: ScanOptions,
  store: IndexStore | undefined,
  context: {
    loaded: LoadedConfig;
    timer: ReturnType<typeof stageTimer>;
    early: EarlyTree | undefined;
    startedMs: number;
    /** The last scan's record in the index, if there is one. */
    last: LastScan | undefined;
  },
): Promise<ScanResult> {
  const { loaded, early, startedMs, last } = context;
  const { timings, stage } = context.timer;
  const writing = options.write !== false;
  const maxFileBytes = options.maxFileBytes ?? loaded.config.scan?.maxFileBytes;
  const trusting = store && last?.startedMs && !options.force;
  // The tree the record check took serves when it was judged against this same previous start:
  // it was stat'ed under this lock, after this scan's start, as the one below would be.
  const tree =
    (early && trusting && early.previousStartMs === last.startedMs ? early.tree : undefined) ??
    statTree(root, {
      ...(options.order ? { order: options.order } : {}),
      ...(writing && store ? { listingCache: true } : {}),
      ...(trusting ? { previousStartMs: last.startedMs } : {}),
    });
  const treeNow = treeKey(tree.stamps, maxFileBytes);
  const reusable = writing && store && !options.force && !options.order;
  // Every stamp as the last scan saw it: its key still holds, and the file table stays unread.
  const sameKept = reusable && last && treeNow === last.tree ? unchangedMap(root, last, last.key) : undefined;
  if (sameKept && tree.settled) {
    stage('discover', `${tree.paths.length} files, every stamp unchanged`);
    return unchangedResult(root, tree.listing.via, timings, sameKept);
  }
  // The same stamps, a few of them too recent to prove their bytes: those files alone are read
  // again. The record then takes this scan's start, as the kept path below does after reading.
  if (
    sameKept &&
    store &&
    racyFilesUnchanged(tree, sameKept.startedMs, (paths) => store.filesAt(paths), maxFileBytes)
  ) {
    store.putSignals(LAST_SCAN, { ...sameKept, startedMs });
    stage('discover', `${tree.paths.length} files, every stamp unchanged, recent ones re-read`);
    return unchangedResult(root, tree.listing.via, timings, sameKept);
  }
  // The same listing with a few stamps moved (files touched, or saved with the same bytes): the
  // last scan's stamps, entry by entry, tell which; those files alone are read, and when each
  // still has its row's bytes the map is kept and the rows take their new stamps.
  const keptBefore = reusable && !sameKept && last?.tree ? unchangedMap(root, last, last.key) : undefined;
  let moved: MovedDiscovery<FileRecord> | undefined;
  if (keptBefore?.tree && store) {
    const stamps = keptTreeStamps(root, tree.numbers.length);
    const before =
      stamps && treeKey(tree.digestOf(stamps), maxFileBytes) === keptBefore.tree ? stamps : undefined;
    const rows = (paths: readonly string[]) => store.filesAt(paths);
    const restamped = before
      ? restampedFiles(tree, keptBefore.startedMs, before, rows, maxFileBytes)
      : undefined;
    // The same listing, with files whose bytes changed: discovery's answer from those files alone
    // (a one-file edit then loads neither the file table nor looks at every file again).
    const kept = before && !restamped ? keptTreeFiles(root, keptBefore.key, tree) : undefined;
    moved = kept ? movedDiscovery(tree, before!, kept, keptBefore.startedMs, rows, maxFileBytes) : undefined;
    if (restamped) {
      if (restamped.length > 0) store.updateFiles(restamped);
      store.putSignals(LAST_SCAN, { ...keptBefore, startedMs, tree: treeNow });
      keepTreeStamps(root, tree.numbers);
      stage('discover', `${tree.paths.length} files, ${restamped.length} re-read, same bytes`);
      return unchangedResult(root, tree.listing.via, timings, keptBefore);
    }
  }
  const discoverAll = () => {
    const rows = trusting ? store.files() : undefined;
    const all = discoverTree(tree, {
      ...(maxFileBytes ? { maxFileBytes } : {}),
      ...(rows && last ? { previous: rows, previousStartMs: last.startedMs } : {}),
    });
    return { previous: rows, found: all, key: scanKey(all.files, maxFileBytes, all.coverage) };
  };
  let { previous, found, key } = moved
    ? {
        previous: moved.previous,
        found: moved.found,
        key: scanKey(moved.found.files, maxFileBytes, moved.found.coverage),
      }
    : discoverAll();
  stage(
    'discover',
    `${found.files.length} files, ${found.read.length} read${moved ? ' (moved stamps)' : ''}`,
  );
  if (writing && store && !options.order)
    keepTreeFiles(root, moved ? moved.treeFiles(key) : treeFilesOf(key, tree, found));

  const kept = reusable ? unchangedMap(root, last, key) : undefined;
  if (kept && store) {
    // Touched files (new stamp, same bytes) get their new stamp, so the next scan need not re-read
    // them, and the record this scan's start and tree key, so the next one need not even load the
    // file table. (The start moves as a full scan's would: every stamp in the table was read or
    // trusted by now, and files modified near it are distrusted by the next scan.)
    if (found.read.length > 0) {
      const read = new Set(found.read);
      store.updateFiles(found.files.filter((f) => read.has(f.path)));
    }
    if (found.read.length > 0 || treeNow !== kept.tree) {
      store.putSignals(LAST_SCAN, { ...kept, startedMs, tree: treeNow });
      keepTreeStamps(root, tree.numbers);
    }
    return unchangedResult(root, found.via, timings, kept);
  }

  let fullBecause: string | undefined;
  if (writing && store && last?.meta && previous && !options.force && !options.order) {
    const read = new Set(found.read);
    const docRead = found.files.some((f) => f.role === 'doc' && read.has(f.path));
    const [{ deltaScan }, { DeltaRefused, DocumentHalfNeeded }, docs] = await Promise.all([
      import('./scan-delta.js'),
      import('./map/delta.js'),
      docRead ? import('./scan-delta-docs.js') : undefined,
    ]);
    const rows = previous;
    const delta = (docs: DocDelta | undefined) =>
      deltaScan({
        root,
        store,
        loaded,
        found,
        previous: rows,
        last,
        key,
        timings,
        stage,
        startedMs,
        tree: treeNow,
        ...(docs ? { docs } : {}),
        ...(moved ? { moved: moved.moved } : {}),
        beforeRenames: () => keepTreeStamps(root, tree.numbers),
      });
    try {
      try {
        return delta(docs);
      } catch (error) {
        // Documents follow a code file's change (they mention its names, or link into it).
        if (docs || !(error instanceof DocumentHalfNeeded)) throw error;
        return delta(await import('./scan-delta-docs.js'));
      }
    } catch (error) {
      // Refusals happen before anything is written; the full build below starts from the same state.
      if (!(error instanceof DeltaRefused)) throw error;
      fullBecause = error.message;
    }
  }
  // A full build starts from discoverTree's own answer, as it always has.
  if (moved) {
    ({ previous, found, key } = discoverAll());
    if (writing && store) keepTreeFiles(root, treeFilesOf(key, tree, found));
  }
  const { buildMap } = await import('./scan-build.js');
  const built = await buildMap({
    root,
    options,
    store,
    loaded,
    found,
    key,
    timings,
    stage,
    startedMs,
    tree: treeNow,
  });
  if (writing && store) keepTreeStamps(root, tree.numbers);
  return fullBecause ? { ...built, fullBecause } : built;
}

/**
 * The last scan's record, when no file changed since it and map.json is still the file it wrote
 * (same stat stamp: a hand edit or a checkout changes it). The parse happens only if `map` is read.
 */
/** The result of a scan that found the map current: its summary is the last scan's record. */
function unchangedResult(
  root: string,
  via: ScanResult['via'],
  timings: Record<string, number>,
  kept: LastScan,
): ScanResult {
  const { meta } = kept;
  const recorded: GuardResult = { status: meta.status, blockers: meta.blockers, warnings: [], checked: {} };
  const result = {
    root,
    mapFile: mapPath(root),
    via,
    timings,
    parsed: 0,
    reused: 0,
    unchanged: true,
    mode: 'unchanged' as const,
    guard: recorded,
    meta,
    findings: recordedFindings(kept),
  };
  return lazyMap(result, () => JSON.parse(readMapBytes(root).toString('utf8')) as ProofMap);
}

function unchangedMap(root: string, last: LastScan | undefined, key: string): LastScan | undefined {
  // A ':retry' key (scan-build.ts) marks a parse stopped for time: never kept as it is.
  if (last?.key !== key || last.key.endsWith(':retry') || !last.meta || !last.mapStamp) return undefined;
  return fileStamp(mapPath(root)) === last.mapStamp ? last : undefined;
}

/** A result whose `map` is parsed from disk on first read. */
function lazyMap(result: Omit<ScanResult, 'map'>, load: () => ProofMap): ScanResult {
  let map: ProofMap | undefined;
  return Object.defineProperty(result, 'map', {
    enumerable: true,
    get: () => (map ??= load()),
  }) as ScanResult;
}
