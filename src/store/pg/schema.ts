/**
 * The shared index's schema on PostgreSQL, as ordered migration steps like the local one
 * (src/store/schema.ts): step n brings a database from schema_version n to n + 1, and a
 * released step is never edited. The tables mirror the local index's (nodes, edges, coverage,
 * the snapshot's small JSON) with every row keyed by repository and commit: a row lives from
 * the publish that introduced it (from_seq) until the publish that replaced it (to_seq), so a
 * commit that changed one file writes that file's rows and nothing else.
 */
import type { Sql } from 'postgres';
import { InputError } from '../../model/errors.js';
import { describeDb } from './connect.js';

export const PG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE proofmap_meta (key text PRIMARY KEY, value text NOT NULL);
  -- One row per published commit of a repository; seq orders a repository's publishes.
  CREATE TABLE proofmap_commits (repo text NOT NULL, seq integer NOT NULL, commit text NOT NULL,
    published_at timestamptz NOT NULL DEFAULT now(), digest text NOT NULL, json text NOT NULL,
    node_order text NOT NULL, edge_order text NOT NULL, coverage text NOT NULL,
    PRIMARY KEY (repo, seq), UNIQUE (repo, commit));
  CREATE TABLE proofmap_nodes (repo text NOT NULL, id text NOT NULL, from_seq integer NOT NULL,
    to_seq integer, kind text NOT NULL, key text NOT NULL, path text, json text NOT NULL,
    digest text NOT NULL, PRIMARY KEY (repo, id, from_seq));
  CREATE INDEX proofmap_nodes_key ON proofmap_nodes (key, repo);
  CREATE TABLE proofmap_edges (repo text NOT NULL, id text NOT NULL, from_seq integer NOT NULL,
    to_seq integer, from_id text NOT NULL, to_id text NOT NULL, relation text NOT NULL,
    json text NOT NULL, digest text NOT NULL, PRIMARY KEY (repo, id, from_seq));
  CREATE INDEX proofmap_edges_to ON proofmap_edges (repo, to_id);
  -- The packages a commit provides (workspace package.json name@version): what other
  -- repositories' external package nodes are matched against.
  CREATE TABLE proofmap_packages (repo text NOT NULL, seq integer NOT NULL, name text NOT NULL,
    version text NOT NULL, node_id text NOT NULL, dir text NOT NULL,
    PRIMARY KEY (repo, seq, name));
  CREATE INDEX proofmap_packages_name ON proofmap_packages (name);
  `,
  // The signals (severity, centrality) the scan computed for the map, so a query against the
  // shared index reads them like a local one instead of recomputing them per answer.
  `
  ALTER TABLE proofmap_commits ADD COLUMN signals text;
  `,
  // Each path's search rows (paths, exported names, headings) as the local index keys them, so a
  // search against the shared index loads them and ranks like the local one. Versioned like
  // nodes: a one-file commit writes that file's row. Commits published before this step have none.
  `
  CREATE TABLE proofmap_search (repo text NOT NULL, path text NOT NULL, from_seq integer NOT NULL,
    to_seq integer, rows text NOT NULL, PRIMARY KEY (repo, path, from_seq));
  ALTER TABLE proofmap_commits ADD COLUMN has_search boolean NOT NULL DEFAULT false;
  `,
];

/** Applies the missing steps under a transaction-scoped advisory lock (many CI jobs start at once). */
export async function migratePg(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('proofmap:migrate'))`;
    const [exists] = await tx`SELECT to_regclass('proofmap_meta') IS NOT NULL AS ok`;
    let from = 0;
    if (exists?.ok) {
      const [row] = await tx`SELECT value FROM proofmap_meta WHERE key = 'schema_version'`;
      from = Number(row?.value ?? 0);
    }
    if (from > PG_MIGRATIONS.length)
      throw new Error(
        `the shared index has schema version ${from}, newer than this proofmap (${PG_MIGRATIONS.length}); upgrade proofmap`,
      );
    for (const step of PG_MIGRATIONS.slice(from)) await tx.unsafe(step);
    if (from < PG_MIGRATIONS.length)
      await tx`INSERT INTO proofmap_meta (key, value) VALUES ('schema_version', ${String(PG_MIGRATIONS.length)})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
  });
}

/** The schema version of a database, for readers (a read-only role cannot migrate). */
export async function pgSchemaVersion(sql: Sql): Promise<number> {
  const [exists] = await sql`SELECT to_regclass('proofmap_meta') IS NOT NULL AS ok`;
  if (!exists?.ok) return 0;
  const [row] = await sql`SELECT value FROM proofmap_meta WHERE key = 'schema_version'`;
  return Number(row?.value ?? 0);
}

/**
 * Readers check the schema before reading: an empty database, or one an older proofmap last
 * migrated, gets a one-line answer instead of a missing-table error (a read-only role cannot migrate).
 */
export async function requireSchema(sql: Sql, url: string): Promise<void> {
  const version = await pgSchemaVersion(sql);
  const where = describeDb(url);
  if (version === 0)
    throw new InputError(`no proofmap tables in the shared index at ${where}`, {
      hint: 'run `proofmap publish --db …` in a repository first',
    });
  if (version < PG_MIGRATIONS.length)
    throw new InputError(
      `the shared index at ${where} has schema version ${version}, this proofmap reads ${PG_MIGRATIONS.length}`,
      { hint: 'the next `proofmap publish` (with a role that may write) migrates it' },
    );
  if (version > PG_MIGRATIONS.length)
    throw new InputError(
      `the shared index at ${where} has schema version ${version}, newer than this proofmap`,
      {
        hint: 'upgrade proofmap',
      },
    );
}
