/**
 * Cross-repository impact: the packages that contain the target files are looked up by name
 * among the external package nodes of the other repositories' newest commits; the files there
 * that import such a package, and whoever depends on those files, are found by a recursive CTE
 * over that commit's import edges — bounded by the same depth and visit limits as a local
 * impact, and saying when a limit cut the walk.
 */
import type { Sql } from 'postgres';
import { compareStrings } from '../../model/paths.js';
import { containingPackages, headsOf, REF_RELATIONS } from './heads.js';
import type { CommitRead } from './read.js';

export interface CrossItem {
  repo: string;
  path: string;
  /** 1 for a file importing the package, +1 per import step beyond. */
  depth: number;
  /** The package (`name@version` as its repository published it) this dependency goes through. */
  via: string;
}

export interface CrossImpact {
  items: CrossItem[];
  /** The newest commit read of each repository the walk entered. */
  read: CommitRead[];
  notes: string[];
}

export async function crossImpact(
  sql: Sql,
  from: CommitRead,
  targetPaths: readonly string[],
  opts: { depth: number; visitLimit: number },
): Promise<CrossImpact> {
  const headOf = await headsOf(sql, from);
  const maxDepth = Number.isFinite(opts.depth) ? opts.depth : CROSS_DEPTH_CAP;
  const best = new Map<string, CrossItem>();
  const notes = new Set<string>();
  // A package is affected when a file in it is: the target's packages at depth 0, then the
  // packages of every file reached in another repository, so app → ui → core is followed.
  const queue: { repo: string; paths: readonly string[]; depth: number }[] = [
    { repo: from.repo, paths: targetPaths, depth: 0 },
  ];
  const done = new Set<string>();
  while (queue.length > 0) {
    const step = queue.shift()!;
    const at = headOf.get(step.repo)!;
    for (const pkg of await containingPackages(sql, at, step.paths)) {
      if (done.has(pkg.name)) continue;
      done.add(pkg.name);
      const via = `${pkg.name}@${pkg.version}`;
      for (const user of await externalUsers(sql, pkg.name, from.repo, headOf)) {
        const budget = maxDepth - step.depth;
        if (budget <= 0) continue;
        const rows = await walkUp(sql, user.repo, user.seq, user.nodeId, budget, opts.visitLimit);
        if (rows.length > opts.visitLimit)
          notes.add(
            `${user.repo}: the walk stopped at the visit limit (${opts.visitLimit}); its dependents are a lower bound`,
          );
        const reached: string[] = [];
        for (const r of rows.slice(0, opts.visitLimit)) {
          const depth = step.depth + Number(r.depth);
          const key = `${user.repo}\0${r.path}`;
          const seen = best.get(key);
          if (!seen || seen.depth > depth) best.set(key, { repo: user.repo, path: r.path, depth, via });
          reached.push(r.path);
        }
        if (reached.length > 0) queue.push({ repo: user.repo, paths: reached, depth: step.depth + 1 });
      }
    }
  }
  if (!Number.isFinite(opts.depth) && best.size > 0)
    notes.add(`cross-repository walks stop at depth ${CROSS_DEPTH_CAP}`);
  const items = [...best.values()].sort(
    (a, b) => a.depth - b.depth || compareStrings(a.repo, b.repo) || compareStrings(a.path, b.path),
  );
  const repos = [...new Set(items.map((i) => i.repo))].sort(compareStrings);
  return { items, read: repos.map((r) => headOf.get(r)!), notes: [...notes] };
}

/** The external node of package `name` in each other repository's newest commit. */
async function externalUsers(
  sql: Sql,
  name: string,
  origin: string,
  headOf: Map<string, CommitRead>,
): Promise<{ repo: string; seq: number; nodeId: string }[]> {
  const rows = await sql`SELECT repo, id, from_seq, to_seq FROM proofmap_nodes
    WHERE key = ${`external:npm:${name}`} AND repo <> ${origin} ORDER BY repo`;
  return rows
    .filter((r) => {
      const head = headOf.get(r.repo);
      return head && r.from_seq <= head.seq && (r.to_seq === null || r.to_seq > head.seq);
    })
    .map((r) => ({ repo: r.repo, seq: headOf.get(r.repo)!.seq, nodeId: r.id }));
}

/** Files that reach `nodeId` over import edges, nearest first, one row past the visit limit. */
function walkUp(sql: Sql, repo: string, seq: number, nodeId: string, maxDepth: number, visitLimit: number) {
  return sql`
    WITH RECURSIVE live AS (
      SELECT from_id, to_id FROM proofmap_edges WHERE repo = ${repo} AND from_seq <= ${seq}
        AND (to_seq IS NULL OR to_seq > ${seq}) AND relation = ANY(${REF_RELATIONS as string[]}::text[])
    ), walk (id, depth) AS (
      SELECT ${nodeId}::text, 0
      UNION
      SELECT l.from_id, w.depth + 1 FROM walk w JOIN live l ON l.to_id = w.id WHERE w.depth < ${maxDepth}
    ), best AS (SELECT id, min(depth) AS depth FROM walk WHERE depth > 0 GROUP BY id)
    SELECT n.path, b.depth FROM best b JOIN proofmap_nodes n ON n.repo = ${repo} AND n.id = b.id
      AND n.from_seq <= ${seq} AND (n.to_seq IS NULL OR n.to_seq > ${seq})
    WHERE n.path IS NOT NULL AND n.kind = 'file'
    ORDER BY b.depth, n.path LIMIT ${visitLimit + 1}`;
}

/** Depth bound of an unbounded cross-repository walk (the CTE carries depth, so it needs one). */
export const CROSS_DEPTH_CAP = 64;
