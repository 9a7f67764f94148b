/**
 * Opening the shared index. The connection string is the only credential: it is passed to the
 * client and nowhere else — never into the map, the local index, an answer or an error message
 * (errors name the host and database, not the user or password).
 */
import postgres, { type Sql } from 'postgres';
import { InputError } from '../../model/errors.js';

export type { Sql } from 'postgres';

/** The environment variable queries and `serve` read when `--db` is not given. */
export const DB_ENV = 'PROOFMAP_DB';

export function isDbUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//.test(text);
}

/** `host:port/database` of a connection string, for messages. */
export function describeDb(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'the database';
  }
}

export function openDb(url: string, opts: { max?: number } = {}): Sql {
  if (!isDbUrl(url))
    throw new InputError('--db must be a postgres:// connection string', {
      hint: `pass --db postgres://… or set ${DB_ENV}`,
    });
  return postgres(url, {
    max: opts.max ?? 1,
    onnotice: () => {},
    // Text ids and JSON text throughout: no type parsing beyond the defaults is needed.
    connection: { application_name: 'proofmap' },
  });
}

/** Runs fn on a connection and closes it; connection failures become one-line InputErrors. */
export async function withDb<T>(url: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = openDb(url);
  try {
    return await fn(sql);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')
      throw new InputError(`cannot reach the shared index at ${describeDb(url)} (${code})`, {
        hint: 'check --db / PROOFMAP_DB',
        cause: error,
      });
    throw error;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
