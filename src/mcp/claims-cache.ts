/**
 * map_check claims, cached by content. A claims run scans the tree in memory (seconds on a large
 * repository); its report depends only on the files' bytes and the documents asked for, so the
 * server keeps the last report under a fingerprint of every file's content hash. Discovery with
 * the previous stamps re-hashes only files whose stat changed; before even that, the stamps of
 * the files and folders it listed are compared (discover/tree-stamps.ts), so a repeated call with
 * nothing changed costs one lstat per file, no listing and no hashing — and with a change
 * witness (the server's inotify watches, mcp/witnessed-stamps.ts) only the few stamps outside the
 * watched folders. Any edit, addition or removal changes a stamp, then the fingerprint, and
 * reruns the claims.
 */
import { createHash } from 'node:crypto';
import type { ClaimsReport } from '../claims/index.js';
import { runClaims } from '../claims-run.js';
import { discover, type KnownFile } from '../discover/index.js';
import { type TreeStamps, takeTreeStamps } from '../discover/tree-stamps.js';
import type { ChangeWitness } from '../resident/witness.js';
import { settle, type WitnessedStamps, witnessedTree } from './witnessed-stamps.js';

export interface ClaimsCache {
  report(files: readonly string[] | undefined): Promise<{
    report: ClaimsReport;
    cached: boolean;
    /**
     * How the cache knew nothing changed: the witness and the few stamps it cannot see, every
     * stamp, or discovery's content hashes.
     */
    checked?: 'witness' | 'stamps' | 'content';
  }>;
}

/**
 * `clock` says when the stamps are taken (tests move it past the racy window instead of waiting);
 * `witness`, when it gives one, spares the stat of every stamp a watched folder vouches for.
 */
export function claimsCache(
  root: string,
  clock: () => number = Date.now,
  witness: () => ChangeWitness | undefined = () => undefined,
): ClaimsCache {
  let previous: Map<string, KnownFile> | undefined;
  let previousStartMs: number | undefined;
  let last:
    | { key: string; report: ClaimsReport; files: string; tree?: WitnessedStamps<TreeStamps> }
    | undefined;
  return {
    async report(files) {
      const asked = JSON.stringify(files ?? null);
      // Settled before anything is read: a change after this moment moves the count.
      const now = await settle(witness());
      const held = last?.tree && last.files === asked ? last.tree.check(now) : false;
      if (last && held) return { report: last.report, cached: true, checked: held };
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
      const taken = takeTreeStamps(
        found.root,
        found.files.map((f) => f.path),
        clock(),
      );
      const tree = taken && witnessedTree(taken, now);
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
