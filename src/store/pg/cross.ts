/**
 * Cross-repository impact: the packages that contain the target files are looked up by name
 * among the external package nodes of the other repositories' newest commits; the files there
 * that import such a package, and whoever depends on those files, are found by a recursive CTE
 * over that commit's import edges — bounded by the same depth and visit limits as a local
 * impact, and saying when a limit cut the walk.
 */
import type { Sql } from 'postgres';
import { IMPORT_RELATIONS } from '../../graph/views.js';
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
  const packages = await sql`SELECT name, version, dir FROM proofmap_packages
    WHERE repo = ${from.repo} AND seq = ${from.seq} ORDER BY name`;
  const hit = packages.filter((p) =>
    targetPaths.some((t) => p.dir === '' || t === p.dir || t.startsWith(`${p.dir}/`)),
  );
  const items: CrossItem[] = [];
  const read: CommitRead[] = [];
  const notes: string[] = [];
  if (hit.length === 0) return { items, read, notes };
  // Each other repository at its newest commit, with its external node for each hit package.
  const users = await sql`
    WITH heads AS (SELECT DISTINCT ON (repo) repo, seq, commit, published_at FROM proofmap_commits
      WHERE repo <> ${from.repo} ORDER BY repo, seq DESC)
    SELECT h.repo, h.seq, h.commit, h.published_at, n.id AS node_id, n.key
    FROM heads h JOIN proofmap_nodes n ON n.repo = h.repo AND n.from_seq <= h.seq
      AND (n.to_seq IS NULL OR n.to_seq > h.seq)
    WHERE n.key = ANY(${hit.map((p) => `external:npm:${p.name}`)}::text[])
    ORDER BY h.repo, n.key`;
  const maxDepth = Number.isFinite(opts.depth) ? opts.depth : CROSS_DEPTH_CAP;
  if (!Number.isFinite(opts.depth) && users.length > 0)
    notes.push(`cross-repository walks stop at depth ${CROSS_DEPTH_CAP}`);
  for (const u of users) {
    const name = (u.key as string).slice('external:npm:'.length);
    const pkg = hit.find((p) => p.name === name)!;
    if (!read.some((r) => r.repo === u.repo))
      read.push({
        repo: u.repo,
        commit: u.commit,
        seq: u.seq,
        published_at: new Date(u.published_at).toISOString(),
      });
    const rows = await sql`
      WITH RECURSIVE live AS (
        SELECT from_id, to_id FROM proofmap_edges WHERE repo = ${u.repo} AND from_seq <= ${u.seq}
          AND (to_seq IS NULL OR to_seq > ${u.seq}) AND relation = ANY(${WALK_RELATIONS as string[]}::text[])
      ), walk (id, depth) AS (
        SELECT ${u.node_id as string}::text, 0
        UNION
        SELECT l.from_id, w.depth + 1 FROM walk w JOIN live l ON l.to_id = w.id WHERE w.depth < ${maxDepth}
      ), best AS (SELECT id, min(depth) AS depth FROM walk WHERE depth > 0 GROUP BY id)
      SELECT n.path, b.depth FROM best b JOIN proofmap_nodes n ON n.repo = ${u.repo} AND n.id = b.id
        AND n.from_seq <= ${u.seq} AND (n.to_seq IS NULL OR n.to_seq > ${u.seq})
      WHERE n.path IS NOT NULL AND n.kind = 'file'
      ORDER BY b.depth, n.path LIMIT ${opts.visitLimit + 1}`;
    if (rows.length > opts.visitLimit)
      notes.push(
        `${u.repo}: the walk stopped at the visit limit (${opts.visitLimit}); its dependents are a lower bound`,
      );
    for (const r of rows.slice(0, opts.visitLimit))
      items.push({ repo: u.repo, path: r.path, depth: Number(r.depth), via: `${pkg.name}@${pkg.version}` });
  }
  return { items, read, notes };
}

/** Import relations a cross-repository walk follows, type-only imports included (an API change breaks them too). */
const WALK_RELATIONS: readonly string[] = [...IMPORT_RELATIONS, 'type-imports'];

/** Depth bound of an unbounded cross-repository walk (the CTE carries depth, so it needs one). */
export const CROSS_DEPTH_CAP = 64;
