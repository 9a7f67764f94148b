/**
 * Cross-repository refs: the imports, in the other repositories' newest commits, of the packages
 * that contain the target files — each with the importing file and line from its evidence. By
 * symbol, an import counts when it names the symbol or takes the whole module (`*`), as a local
 * refs by symbol does. When the symbol stage lands (edges to `symbol` nodes), the names filter
 * gives way to those edges: `usersOf` is the one place that decides which edges are users.
 */
import type { Sql } from 'postgres';
import type { MapEdge } from '../../map/schema.js';
import { compareStrings } from '../../model/paths.js';
import { containingPackages, headsOf, REF_RELATIONS } from './heads.js';
import type { CommitRead } from './read.js';

export interface CrossRef {
  repo: string;
  /** The importing file in that repository. */
  path: string;
  line?: number;
  /** The package imported (`name`, as the importer's manifest names it). */
  target: string;
  relation: string;
  names: string[];
  excerpt?: string;
  edge: string;
  /** The package (`name@version` as its repository published it) the import goes through. */
  via: string;
}

export interface CrossRefs {
  items: CrossRef[];
  /** The newest commit read of each repository an import was found in. */
  read: CommitRead[];
  notes: string[];
}

export async function crossRefs(
  sql: Sql,
  from: CommitRead,
  targetPaths: readonly string[],
  symbol?: string,
): Promise<CrossRefs> {
  const headOf = await headsOf(sql, from);
  const items: CrossRef[] = [];
  for (const pkg of await containingPackages(sql, from, targetPaths)) {
    const via = `${pkg.name}@${pkg.version}`;
    for (const row of await usersOf(sql, pkg.name, from.repo)) {
      const edge = JSON.parse(row.json) as MapEdge;
      const names = edge.names ?? [];
      if (symbol && !names.includes(symbol) && !names.includes('*')) continue;
      for (const ev of edge.evidence)
        items.push({
          repo: row.repo,
          path: row.path,
          ...(ev.line ? { line: ev.line } : {}),
          target: pkg.name,
          relation: edge.relation,
          names,
          ...(ev.excerpt ? { excerpt: ev.excerpt } : {}),
          edge: edge.id,
          via,
        });
    }
  }
  items.sort(
    (a, b) =>
      compareStrings(a.repo, b.repo) ||
      compareStrings(a.path, b.path) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      compareStrings(a.edge, b.edge),
  );
  const repos = [...new Set(items.map((i) => i.repo))].sort(compareStrings);
  return { items, read: repos.map((r) => headOf.get(r)!), notes: [] };
}

interface UserRow {
  repo: string;
  path: string;
  json: string;
}

/**
 * Import edges into package `name`'s external node in every other repository's newest commit
 * (rows still open, to_seq NULL, are the newest commit's), with the importer's path.
 */
function usersOf(sql: Sql, name: string, origin: string): Promise<UserRow[]> {
  return sql<UserRow[]>`
    SELECT e.repo, f.path, e.json FROM proofmap_nodes x
    JOIN proofmap_edges e ON e.repo = x.repo AND e.to_id = x.id AND e.to_seq IS NULL
      AND e.relation = ANY(${REF_RELATIONS as string[]}::text[])
    JOIN proofmap_nodes f ON f.repo = e.repo AND f.id = e.from_id AND f.to_seq IS NULL AND f.path IS NOT NULL
    WHERE x.key = ${`external:npm:${name}`} AND x.repo <> ${origin} AND x.to_seq IS NULL
    ORDER BY e.repo, f.path`;
}
