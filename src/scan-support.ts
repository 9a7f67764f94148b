/**
 * What the scan orchestrator needs besides the stages: the fact cache over the index, the headings
 * for search, stage timing, and the unchanged-tree check that lets a rescan of an untouched tree
 * stop after discovery.
 */

import { statSync } from 'node:fs';
import type { ExtractedFacts, FactCache } from './extract/index.js';
import type { Signals } from './graph/signals.js';
import { SIGNALS_KIND, SIGNALS_VERSION } from './graph/signals-keys.js';
import { statStamp } from './map/map-file.js';
import type { ProofMap } from './map/schema.js';
import { VERSION } from './map/version.js';
import { EXTRACTOR_VERSION } from './model/constants.js';
import type { SourceFile } from './model/facts.js';
import { sha1 } from './model/ids.js';
import { compareStrings } from './model/paths.js';
import type { Coverage } from './model/types.js';
import type { Heading, IndexStore } from './store/index.js';

/** Reads facts from the index in one query per extractor; writes new ones in one transaction. */
export function bufferedCache(store: IndexStore): FactCache & { flush(): void } {
  const loaded = new Map<string, Map<string, unknown>>();
  const pending: [string, string, unknown, string | undefined][] = [];
  return {
    get: <T>(extractor: string, hash: string) => {
      let all = loaded.get(extractor);
      if (!all) {
        all = store.allFacts<unknown>(extractor);
        loaded.set(extractor, all);
      }
      return all.get(hash) as T | undefined;
    },
    put: (extractor, hash, facts, json) => void pending.push([extractor, hash, facts, json]),
    flush: () => {
      store.transaction(() => {
        for (const [extractor, hash, facts, json] of pending) store.putFacts(extractor, hash, facts, json);
      });
      // The cache lives as long as the build; the JSON texts need not (tens of MB on a large repository).
      pending.length = 0;
    },
  };
}

export function headings(facts: ExtractedFacts): Heading[] {
  const out: Heading[] = [];
  for (const [path, doc] of facts.docs)
    for (const h of doc.headings) out.push({ path, text: h.text, slug: h.slug, line: h.line });
  return out;
}

/**
 * The stat-level twin of scanKey: equal when the listing and every stamp are as the last scan saw
 * them (and versions and options are the same), which proves scanKey equal without loading the
 * previous scan's file table.
 */
export function treeKey(stamps: string, maxFileBytes: number | undefined): string {
  return sha1(JSON.stringify([VERSION, EXTRACTOR_VERSION, maxFileBytes ?? null, stamps]));
}

/**
 * Everything a map depends on: every file's bytes (configuration included, it is a discovered
 * file), the generator and extractor versions, and the options that change what is read.
 */
export function scanKey(
  files: readonly SourceFile[],
  maxFileBytes: number | undefined,
  coverage: readonly Coverage[] = [],
): string {
  const outside = unlistedCoverage(files, coverage);
  return sha1(
    JSON.stringify([
      VERSION,
      EXTRACTOR_VERSION,
      maxFileBytes ?? null,
      files.map((f) => [f.path, f.hash]),
      // Only when there are any, so the key of an ordinary tree stays what it always was.
      ...(outside.length > 0 ? [outside] : []),
    ]),
  );
}

/**
 * Discovery's coverage of listed entries that never became files (names a repo path cannot hold,
 * symlinks leaving the root, submodules, a git-ignored virtual environment read for its
 * distributions), as sorted lines. No file's bytes stand for them, so the
 * scan key and the delta compare these themselves: adding one must change the map.
 */
export function unlistedCoverage(files: readonly SourceFile[], coverage: readonly Coverage[]): string[] {
  const discovered = coverage.filter((c) => c.analyzer === 'discover');
  // Most trees have no such entry: the set of 7,000 paths (three times a delta) is then not made.
  if (discovered.length === 0) return [];
  const paths = new Set(files.map((f) => f.path));
  return (
    discovered
      .filter((c) => !paths.has(c.scope))
      // The detail only when there is one (a virtual environment's fingerprint, python-env.ts), so
      // the key of every other tree stays what it was.
      .map((c) => JSON.stringify([c.scope, c.status, c.reason, ...(c.detail ? [c.detail] : [])]))
      .sort(compareStrings)
  );
}

export const LAST_SCAN = 'scan:last';
export interface LastScan {
  key: string;
  /** stat stamp of map.json as written, so a hand-edited or replaced map is never taken as current. */
  mapStamp: string;
  /** When the scan that wrote it started (ms since the epoch): files touched after it are re-read. */
  startedMs: number;
  /** treeKey of the tree this scan saw, when its stamps proved something (see stat-tree.ts). */
  tree?: string;
  /** What a summary needs, so an unchanged rescan need not parse the whole map. */
  meta: ProofMap['meta'];
  findings: ScanFinding[];
}

/** A finding as `scan --json` reports it: the rule, where (file:line:column), and the sentence. */
export interface ScanFinding {
  rule: string;
  path: string;
  line?: number;
  column?: number;
  message: string;
  target?: string;
}

export function scanFindings(findings: ProofMap['findings']): ScanFinding[] {
  return findings.map((f) => {
    const at = f.evidence[0]!;
    return {
      rule: f.code,
      path: at.path,
      ...(at.line !== undefined ? { line: at.line } : {}),
      ...(at.column !== undefined ? { column: at.column } : {}),
      message: f.message,
      ...(f.target !== undefined ? { target: f.target } : {}),
    };
  });
}

/** A record written by an older build held the messages only. */
export function recordedFindings(last: LastScan): ScanFinding[] {
  return (last.findings as (ScanFinding | string)[]).map((f) =>
    typeof f === 'string' ? { rule: 'finding', path: '', message: f } : f,
  );
}

/** size:mtime:inode of a file, or undefined when it cannot be stat'ed. */
export function fileStamp(file: string): string | undefined {
  try {
    return statStamp(statSync(file));
  } catch {
    return undefined;
  }
}

export function stageTimer(onProgress?: (stage: string, detail?: string) => void) {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  return {
    timings,
    /** Marks a stage done; `detail` (counts) goes to the progress line only. */
    stage(name: string, detail?: string) {
      const now = performance.now();
      timings[name] = Math.round((now - mark) * 10) / 10;
      mark = now;
      onProgress?.(name, detail);
    },
  };
}

const SIGNALS_GRAPH_KEY = 'signals:graph';

/**
 * Signals for this map, recomputed only when the graph changed: edge ids depend on endpoints and
 * relation, not on lines, so an edit that moves code around reuses the previous signals. Must be
 * read before writeSnapshot, which retires every cached signal of the older snapshot.
 */
export function previousSignals(store: IndexStore, map: ProofMap): { key: string; signals?: Signals } {
  const key = sha1(`${map.nodes.map((n) => n.id).join(',')}|${map.edges.map((e) => e.id).join(',')}`);
  const signals =
    store.getSignals<{ key: string }>(SIGNALS_GRAPH_KEY)?.key === key
      ? store.getSignals<Signals>(SIGNALS_KIND)
      : undefined;
  return signals?.version === SIGNALS_VERSION ? { key, signals } : { key };
}

export function storeSignals(store: IndexStore, key: string, signals: Signals): void {
  store.putSignals(SIGNALS_KIND, signals);
  store.putSignals(SIGNALS_GRAPH_KEY, { key });
}
