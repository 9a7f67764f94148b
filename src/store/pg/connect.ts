/**
 * Opening the shared index. The connection string is the only credential: it is passed to the
 * client and nowhere else — never into the map, the local index, an answer or an error message
 * (errors name the host and database, not the user or password).
 */
import postgres, { type Sql } from 'postgres';
import { InputError } from '../../model/errors.js';
import { DB_ENV } from './db-env.js';

export type { Sql } from 'postgres';
export { DB_ENV };

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

/** Runs fn on a connection and closes it; connection and permission failures become InputErrors. */
export async function withDb<T>(url: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = openDb(url);
  try {
    return await guardDb(url, () => fn(sql));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Server errors that mean "cannot get in": refused, unknown host, authentication, no such database. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', '28P01', '28000', '3D000']);

/**
 * Turns the failures a user can fix into one-line InputErrors (exit 2) that name the database by
 * host and name only; the server's own message is kept for permissions (it names the table,
 * never the connection string).
 */
export async function guardDb<T>(url: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (UNREACHABLE.has(code))
      throw new InputError(`cannot reach the shared index at ${describeDb(url)} (${code})`, {
        hint: 'check --db / PROOFMAP_DB',
        cause: error,
      });
    if (code === '42501' || code === '25006')
      throw new InputError(
        `the role cannot write the shared index at ${describeDb(url)} (${(error as Error).message})`,
        {
          hint: 'publish with a role that may write the proofmap_* tables; queries and serve need only SELECT (README: shared index roles)',
          cause: error,
        },
      );
    throw error;
  }
}
