/** What both cross-repository queries start from: each repository's commit read, and the target's packages. */
import type { Sql } from 'postgres';
import { IMPORT_RELATIONS } from '../../graph/views.js';
import type { CommitRead } from './read.js';

/** Import relations that make a user of a package, type-only imports included (an API change breaks them too). */
export const REF_RELATIONS: readonly string[] = [...IMPORT_RELATIONS, 'type-imports'];

/** The newest published commit of every repository; the origin at the commit the answer read. */
export async function headsOf(sql: Sql, origin: CommitRead): Promise<Map<string, CommitRead>> {
  const heads = await sql`SELECT DISTINCT ON (repo) repo, seq, commit, published_at FROM proofmap_commits
    ORDER BY repo, seq DESC`;
  const headOf = new Map<string, CommitRead>(
    heads.map((h) => [
      h.repo as string,
      { repo: h.repo, commit: h.commit, seq: h.seq, published_at: new Date(h.published_at).toISOString() },
    ]),
  );
  headOf.set(origin.repo, origin);
  return headOf;
}

export interface ContainingPackage {
  name: string;
  version: string;
  dir: string;
}

/** The workspace packages of `at` that contain any of these files (a root package contains all). */
export async function containingPackages(
  sql: Sql,
  at: CommitRead,
  paths: readonly string[],
): Promise<ContainingPackage[]> {
  const packages = await sql<ContainingPackage[]>`SELECT name, version, dir FROM proofmap_packages
    WHERE repo = ${at.repo} AND seq = ${at.seq} ORDER BY name`;
  return packages.filter((pkg) =>
    paths.some((t) => pkg.dir === '' || t === pkg.dir || t.startsWith(`${pkg.dir}/`)),
  );
}
