/**
 * The environment variable queries and `serve` read when `--db` is not given. Its own module: the
 * CLI reads it before deciding to load anything of PostgreSQL's (cli/ask-watcher.ts).
 */
export const DB_ENV = 'PROOFMAP_DB';
