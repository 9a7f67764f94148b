/**
 * map_check claims, cached by content. A claims run scans the tree in memory (seconds on a large
 * repository); its report depends only on the files' bytes and the documents asked for, so the
 * server keeps the last report under a fingerprint of every file's content hash. Discovery with
 * the previous stamps re-hashes only files whose stat changed, so a repeated call costs a stat
 * walk, not a scan; any edit, addition or removal changes the fingerprint and reruns the claims.
 */
import { createHash } from 'node:crypto';
import type { ClaimsReport } from '../claims/index.js';
import { runClaims } from '../claims-run.js';
import { discover, type KnownFile } from '../discover/index.js';

export interface ClaimsCache {
  report(files: readonly string[] | undefined): Promise<{ report: ClaimsReport; cached: boolean }>;
}

export function claimsCache(root: string): ClaimsCache {
  let previous: Map<string, KnownFile> | undefined;
  let previousStartMs: number | undefined;
  let last: { key: string; report: ClaimsReport } | undefined;
  return {
    async report(files) {
      const started = Date.now();
      let found: ReturnType<typeof discover>;
      try {
        found = discover(root, {
          ...(previous ? { previous } : {}),
          ...(previousStartMs !== undefined ? { previousStartMs } : {}),
        });
      } catch {
        // An unreadable root: no fingerprint, so no cache; runClaims gives the blocked report.
        return { report: await runClaims({ root, ...(files ? { files } : {}) }), cached: false };
      }
      previous = new Map(
        found.files.map((f) => [
          f.path,
          { hash: f.hash, role: f.role, ...(f.stamp ? { stamp: f.stamp } : {}) },
        ]),
      );
      previousStartMs = started;
      const hash = createHash('sha1');
      for (const f of found.files) hash.update(`${f.path}\0${f.hash}\n`);
      hash.update(`files:${JSON.stringify(files ?? null)}`);
      const key = hash.digest('hex');
      if (last?.key === key) return { report: last.report, cached: true };
      const report = await runClaims({ root, ...(files ? { files } : {}) });
      last = { key, report };
      return { report, cached: false };
    },
  };
}
