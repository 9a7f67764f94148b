/**
 * map_check claims, cached by content. A claims run scans the tree in memory (seconds on a large
 * repository); its report depends only on the files' bytes and the documents asked for, so the
 * server keeps the last report under a fingerprint of every file's content hash. Discovery with
 * the previous stamps re-hashes only files whose stat changed; before even that, the stamps of
 * the files and folders it listed are compared (discover/tree-stamps.ts), so a repeated call with
 * nothing changed costs one lstat per file, no listing and no hashing. Any edit, addition or
 * removal changes a stamp, then the fingerprint, and reruns the claims.
 */
import { createHash } from 'node:crypto';
import type { ClaimsReport } from '../claims/index.js';
import { runClaims } from '../claims-run.js';
import { discover, type KnownFile } from '../discover/index.js';
import { type TreeStamps, takeTreeStamps, treeUnchanged } from '../discover/tree-stamps.js';

export interface ClaimsCache {
  report(files: readonly string[] | undefined): Promise<{
    report: ClaimsReport;
    cached: boolean;
    /** How the cache knew nothing changed: the stamps alone, or discovery's content hashes. */
    checked?: 'stamps' | 'content';
  }>;
}

/** `clock` says when the stamps are taken (tests move it past the racy window instead of waiting). */
export function claimsCache(root: string, clock: () => number = Date.now): ClaimsCache {
  let previous: Map<string, KnownFile> | undefined;
  let previousStartMs: number | undefined;
  let last: { key: string; report: ClaimsReport; files: string; tree?: TreeStamps } | undefined;
  return {
    async report(files) {
      const asked = JSON.stringify(files ?? null);
      if (last?.tree && last.files === asked && treeUnchanged(last.tree))
        return { report: last.report, cached: true, checked: 'stamps' };
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
          {
            hash: f.hash,
            role: f.role,
            // Without the content kind discover trusts no stamp and re-reads every file.
            ...(f.content ? { content: f.content } : {}),
            ...(f.stamp ? { stamp: f.stamp } : {}),
          },
        ]),
      );
      previousStartMs = started;
      const hash = createHash('sha1');
      for (const f of found.files) hash.update(`${f.path}\0${f.hash}\n`);
      hash.update(`files:${JSON.stringify(files ?? null)}`);
      const key = hash.digest('hex');
      // Taken after the listing: a write landing between the two makes the next call discover
      // again (its stamp differs), never answer from stamps that predate it.
      const tree = takeTreeStamps(
        found.root,
        found.files.map((f) => f.path),
        clock(),
      );
      if (last?.key === key) {
        last = { ...last, files: asked, ...(tree ? { tree } : {}) };
        if (!tree) delete last.tree;
        return { report: last.report, cached: true, checked: 'content' };
      }
      const report = await runClaims({ root, ...(files ? { files } : {}) });
      last = { key, report, files: asked, ...(tree ? { tree } : {}) };
      return { report, cached: false };
    },
  };
}
