/**
 * Reading a published commit back as a ProofMap, in the order it was published (the order
 * strings give the positions), so it serialises to the same bytes as the map.json it came from
 * and every query answers from it exactly as it would from the local index.
 */
import type { Sql } from 'postgres';
import type { MapEdge, MapNode, ProofMap } from '../../map/schema.js';
import { InputError } from '../../model/errors.js';

/** Which commit of which repository an answer read, and when that commit was published. */
export interface CommitRead {
  repo: string;
  commit: string;
  seq: number;
  published_at: string;
}

export interface PublishedMap {
  map: ProofMap;
  read: CommitRead;
  /** The signals published with the map, when the publisher had them. */
  signals?: unknown;
}

/** The commit `commit` of `repo`, or its newest published commit. */
export async function findCommit(sql: Sql, repo: string, commit?: string): Promise<CommitRead | undefined> {
  const rows = commit
    ? await sql`SELECT repo, commit, seq, published_at FROM proofmap_commits WHERE repo = ${repo} AND commit = ${commit}`
    : await sql`SELECT repo, commit, seq, published_at FROM proofmap_commits WHERE repo = ${repo} ORDER BY seq DESC LIMIT 1`;
  const r = rows[0];
  if (!r) return undefined;
  return { repo: r.repo, commit: r.commit, seq: r.seq, published_at: new Date(r.published_at).toISOString() };
}

export async function readPublishedMap(sql: Sql, repo: string, commit?: string): Promise<PublishedMap> {
  return sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
    const read = await findCommit(tx as unknown as Sql, repo, commit);
    if (!read)
      throw new InputError(`${repo}${commit ? `@${commit}` : ''} is not published in the shared index`, {
        hint: 'run `proofmap publish --db …` in that repository first',
      });
    const [row] = await tx`SELECT json, node_order, edge_order, coverage, signals FROM proofmap_commits
      WHERE repo = ${repo} AND seq = ${read.seq}`;
    const [nodes] = await tx`SELECT string_agg(json, ',') AS j FROM proofmap_nodes WHERE repo = ${repo}
      AND from_seq <= ${read.seq} AND (to_seq IS NULL OR to_seq > ${read.seq})`;
    const [edges] = await tx`SELECT string_agg(json, ',') AS j FROM proofmap_edges WHERE repo = ${repo}
      AND from_seq <= ${read.seq} AND (to_seq IS NULL OR to_seq > ${read.seq})`;
    const map = JSON.parse(row!.json) as ProofMap;
    map.nodes = inOrder<MapNode>(JSON.parse(`[${nodes?.j ?? ''}]`), row!.node_order);
    map.edges = inOrder<MapEdge>(JSON.parse(`[${edges?.j ?? ''}]`), row!.edge_order);
    map.coverage = JSON.parse(row!.coverage);
    return { map, read, ...(row!.signals ? { signals: JSON.parse(row!.signals) } : {}) };
  }) as Promise<PublishedMap>;
}

function inOrder<T extends { id: string }>(rows: T[], order: string): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ids = order === '' ? [] : order.split(',');
  return ids.map((id) => {
    const found = byId.get(id);
    if (!found) throw new Error(`shared index: commit lists ${id} but has no row for it`);
    return found;
  });
}
