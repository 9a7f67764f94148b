/**
 * Publishing one repository's map at one commit into the shared index, in one transaction: a
 * reader sees the previous commit or this one, and a publisher killed halfway leaves nothing
 * (PostgreSQL rolls the transaction back). Publishers of one repository queue on an advisory
 * lock on its name; publishers of different repositories run side by side. Only rows whose
 * JSON changed since the repository's last publish are written: the old row is closed at this
 * publish (to_seq) and the new one opened, so older commits stay readable until retention
 * drops them.
 */
import crypto from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import type { MapEdge, MapNode, ProofMap } from '../../map/schema.js';

export interface PublishOptions {
  /** Commits kept per repository, newest first (default 20). */
  keep?: number;
  /** The signals computed for this map (the local index's cache), stored beside it. */
  signals?: unknown;
  /** Each path's search rows as the local index keys them (IndexStore.searchSources). */
  search?: readonly (readonly [string, string])[];
}

export interface PublishResult {
  repo: string;
  commit: string;
  /** Publish sequence number of the commit within the repository. */
  seq: number;
  /** False when the same commit was already published with the same map (nothing written). */
  changed: boolean;
  nodes: { written: number; closed: number; total: number };
  edges: { written: number; closed: number; total: number };
  /** Paths whose search rows were written (changed since the last publish). */
  search: { written: number; closed: number; total: number };
  /** Commits dropped by retention. */
  dropped: string[];
}

export const DEFAULT_KEEP = 20;
const CHUNK = 5_000;
const digestOf = (json: string): string => crypto.hash('sha1', json, 'base64');

export async function publishMap(
  sql: Sql,
  repo: string,
  commit: string,
  map: ProofMap,
  opts: PublishOptions = {},
): Promise<PublishResult> {
  const keep = Math.max(1, opts.keep ?? DEFAULT_KEEP);
  const nodeJson = map.nodes.map((n) => JSON.stringify(n));
  const edgeJson = map.edges.map((e) => JSON.stringify(e));
  const small = JSON.stringify({ ...map, nodes: null, edges: null, coverage: null });
  const coverage = JSON.stringify(map.coverage);
  const search = opts.search ?? [];
  const digest = digestOf(
    `${small}\n${nodeJson.join('\n')}\n${edgeJson.join('\n')}\n${coverage}\n${JSON.stringify(search)}`,
  );
  return (await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`proofmap:repo:${repo}`}))`;
    const [same] =
      await tx`SELECT seq, digest FROM proofmap_commits WHERE repo = ${repo} AND commit = ${commit}`;
    if (same && same.digest === digest) {
      const counts = { written: 0, closed: 0 };
      return {
        repo,
        commit,
        seq: same.seq as number,
        changed: false,
        nodes: { ...counts, total: map.nodes.length },
        edges: { ...counts, total: map.edges.length },
        search: { ...counts, total: search.length },
        dropped: [],
      } satisfies PublishResult;
    }
    // The same commit with another map (rescanned by another proofmap): the new one replaces it.
    if (same) await tx`DELETE FROM proofmap_commits WHERE repo = ${repo} AND seq = ${same.seq}`;
    const [head] = await tx`SELECT coalesce(max(seq), 0) AS seq FROM proofmap_commits WHERE repo = ${repo}`;
    const seq = Number(head?.seq ?? 0) + 1;
    const nodes = await syncRows(tx, 'node', repo, seq, map.nodes, nodeJson);
    const edges = await syncRows(tx, 'edge', repo, seq, map.edges, edgeJson);
    const searched = await syncSearch(tx, repo, seq, search);
    const signals = opts.signals === undefined ? null : JSON.stringify(opts.signals);
    await tx`INSERT INTO proofmap_commits (repo, seq, commit, digest, json, node_order, edge_order, coverage, signals, has_search)
      VALUES (${repo}, ${seq}, ${commit}, ${digest}, ${small}, ${map.nodes.map((n) => n.id).join(',')},
        ${map.edges.map((e) => e.id).join(',')}, ${coverage}, ${signals}, ${opts.search !== undefined})`;
    const provided = providedPackages(map);
    if (provided.length > 0)
      await tx`INSERT INTO proofmap_packages (repo, seq, name, version, node_id, dir)
        SELECT ${repo}, ${seq}, * FROM unnest(${provided.map((p) => p.name)}::text[],
          ${provided.map((p) => p.version)}::text[], ${provided.map((p) => p.nodeId)}::text[],
          ${provided.map((p) => p.dir)}::text[]) ON CONFLICT DO NOTHING`;
    const dropped = await retain(tx, repo, keep);
    return {
      repo,
      commit,
      seq,
      changed: true,
      nodes,
      edges,
      search: searched,
      dropped,
    } satisfies PublishResult;
  })) as PublishResult;
}

async function syncRows(
  tx: TransactionSql,
  kind: 'node' | 'edge',
  repo: string,
  seq: number,
  rows: readonly (MapNode | MapEdge)[],
  jsons: readonly string[],
): Promise<{ written: number; closed: number; total: number }> {
  const live =
    kind === 'node'
      ? await tx`SELECT id, digest FROM proofmap_nodes WHERE repo = ${repo} AND to_seq IS NULL`
      : await tx`SELECT id, digest FROM proofmap_edges WHERE repo = ${repo} AND to_seq IS NULL`;
  const old = new Map(live.map((r) => [r.id as string, r.digest as string]));
  const changed: number[] = [];
  const close: string[] = [];
  const digests: string[] = [];
  for (const [i, row] of rows.entries()) {
    const d = digestOf(jsons[i]!);
    digests.push(d);
    const before = old.get(row.id);
    if (before !== d) {
      changed.push(i);
      if (before !== undefined) close.push(row.id);
    }
    old.delete(row.id);
  }
  close.push(...old.keys());
  for (let i = 0; i < close.length; i += CHUNK) {
    const ids = close.slice(i, i + CHUNK);
    if (kind === 'node')
      await tx`UPDATE proofmap_nodes SET to_seq = ${seq} WHERE repo = ${repo} AND to_seq IS NULL AND id = ANY(${ids}::text[])`;
    else
      await tx`UPDATE proofmap_edges SET to_seq = ${seq} WHERE repo = ${repo} AND to_seq IS NULL AND id = ANY(${ids}::text[])`;
  }
  for (let i = 0; i < changed.length; i += CHUNK) {
    const part = changed.slice(i, i + CHUNK);
    const ids = part.map((k) => rows[k]!.id);
    const json = part.map((k) => jsons[k]!);
    const dig = part.map((k) => digests[k]!);
    if (kind === 'node') {
      const ns = part.map((k) => rows[k] as MapNode);
      await tx`INSERT INTO proofmap_nodes (repo, from_seq, id, kind, key, path, json, digest)
        SELECT ${repo}, ${seq}, * FROM unnest(${ids}::text[], ${ns.map((n) => n.kind)}::text[],
          ${ns.map((n) => n.key)}::text[], ${ns.map((n) => n.path ?? null) as string[]}::text[],
          ${json}::text[], ${dig}::text[])`;
    } else {
      const es = part.map((k) => rows[k] as MapEdge);
      await tx`INSERT INTO proofmap_edges (repo, from_seq, id, from_id, to_id, relation, json, digest)
        SELECT ${repo}, ${seq}, * FROM unnest(${ids}::text[], ${es.map((e) => e.from)}::text[],
          ${es.map((e) => e.to)}::text[], ${es.map((e) => e.relation)}::text[], ${json}::text[], ${dig}::text[])`;
    }
  }
  return { written: changed.length, closed: close.length, total: rows.length };
}

/** Search rows by path, versioned like nodes: a path whose rows changed closes its old row. */
async function syncSearch(
  tx: TransactionSql,
  repo: string,
  seq: number,
  sources: readonly (readonly [string, string])[],
): Promise<{ written: number; closed: number; total: number }> {
  const live = await tx`SELECT path, rows FROM proofmap_search WHERE repo = ${repo} AND to_seq IS NULL`;
  const old = new Map(live.map((r) => [r.path as string, r.rows as string]));
  const write: (readonly [string, string])[] = [];
  const close: string[] = [];
  for (const source of sources) {
    const before = old.get(source[0]);
    if (before !== source[1]) {
      write.push(source);
      if (before !== undefined) close.push(source[0]);
    }
    old.delete(source[0]);
  }
  close.push(...old.keys());
  for (let i = 0; i < close.length; i += CHUNK)
    await tx`UPDATE proofmap_search SET to_seq = ${seq} WHERE repo = ${repo} AND to_seq IS NULL
      AND path = ANY(${close.slice(i, i + CHUNK)}::text[])`;
  for (let i = 0; i < write.length; i += CHUNK) {
    const part = write.slice(i, i + CHUNK);
    await tx`INSERT INTO proofmap_search (repo, from_seq, path, rows)
      SELECT ${repo}, ${seq}, * FROM unnest(${part.map((w) => w[0])}::text[], ${part.map((w) => w[1])}::text[])`;
  }
  return { written: write.length, closed: close.length, total: sources.length };
}

/** Keeps the newest `keep` commits; rows closed at or before the oldest kept one are unreachable. */
async function retain(tx: TransactionSql, repo: string, keep: number): Promise<string[]> {
  const gone = await tx`SELECT seq, commit FROM proofmap_commits WHERE repo = ${repo}
    ORDER BY seq DESC OFFSET ${keep}`;
  if (gone.length === 0) return [];
  const [oldest] = await tx`SELECT min(seq) AS seq FROM (SELECT seq FROM proofmap_commits
    WHERE repo = ${repo} ORDER BY seq DESC LIMIT ${keep}) kept`;
  const floor = Number(oldest!.seq);
  await tx`DELETE FROM proofmap_commits WHERE repo = ${repo} AND seq < ${floor}`;
  await tx`DELETE FROM proofmap_packages WHERE repo = ${repo} AND seq < ${floor}`;
  await tx`DELETE FROM proofmap_nodes WHERE repo = ${repo} AND to_seq <= ${floor}`;
  await tx`DELETE FROM proofmap_edges WHERE repo = ${repo} AND to_seq <= ${floor}`;
  await tx`DELETE FROM proofmap_search WHERE repo = ${repo} AND to_seq <= ${floor}`;
  return gone.map((r) => r.commit as string).sort();
}

export interface ProvidedPackage {
  name: string;
  version: string;
  nodeId: string;
  /** The package's folder, '' at the root: files under it belong to the package. */
  dir: string;
}

/** The workspace packages a map declares (package.json name and version). */
export function providedPackages(map: ProofMap): ProvidedPackage[] {
  const out: ProvidedPackage[] = [];
  for (const n of map.nodes) {
    if (n.kind !== 'package' || n.external || n.metadata?.workspace !== true || !n.path) continue;
    const version = typeof n.metadata.version === 'string' ? n.metadata.version : '0.0.0';
    const dir = n.path.includes('/') ? n.path.slice(0, n.path.lastIndexOf('/')) : '';
    out.push({ name: n.label, version, nodeId: n.id, dir });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
