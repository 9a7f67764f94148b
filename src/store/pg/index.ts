/** The shared index on PostgreSQL: migrations, publish, reading a commit back, cross-repository impact. */
export { DB_ENV, describeDb, guardDb, isDbUrl, openDb, type Sql, withDb } from './connect.js';
export { type CrossImpact, type CrossItem, crossImpact } from './cross.js';
export { type CrossRef, type CrossRefs, crossRefs } from './cross-refs.js';
export {
  DEFAULT_KEEP,
  type PublishOptions,
  type PublishResult,
  providedPackages,
  publishMap,
} from './publish.js';
export { type CommitRead, findCommit, type PublishedMap, readPublishedMap } from './read.js';
export { headCommit, repoName } from './repo-identity.js';
export { migratePg, PG_MIGRATIONS, pgSchemaVersion, requireSchema } from './schema.js';
export { type SharedStore, sharedStore } from './shared-store.js';
