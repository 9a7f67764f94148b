/**
 * The shape every query command shares: parse the common flags (--json, --root, --limit,
 * --cursor and the command's own), open one session, answer, print JSON or the text rendering,
 * close. A command supplies only what differs: its flags, its call and its line format.
 */
import path from 'node:path';
import type { Envelope } from '../model/envelope.js';
import { openDbSession } from '../query/db-session.js';
import { openSession, type Session } from '../query/session.js';
import { type CommitRead, DB_ENV, repoName, type Sql, withDb } from '../store/pg/index.js';
import { intOption, type Options, type Parsed, parse } from './args.js';
import { UsageError } from './errors.js';
import type { CommandResult, Io } from './io.js';

export interface QueryCommand<A extends Envelope<unknown>> {
  usage: string;
  /** Flags beyond --json and --root (string-valued unless declared otherwise). */
  flags?: Options;
  /** How many positional arguments the command needs, and what to say when they are missing. */
  positionals?: { count: number; missing: string };
  answer(
    session: Session,
    args: {
      positionals: string[];
      values: Parsed['values'];
      limit(fallback: number): number;
      cursor?: string;
    },
  ): A;
  /** Text rendering for people (JSON is printed as is with --json). */
  render(answer: A): string;
  /** With --db: what the answer gains from the other repositories of the shared index. */
  shared?(answer: A & { read: CommitRead[] }, sql: Sql, values: Parsed['values']): Promise<A>;
}

/** Flags every query command takes to read the shared index instead of the local one. */
const DB_FLAGS: Options = { db: { type: 'string' }, repo: { type: 'string' }, commit: { type: 'string' } };

export async function runQueryCommand<A extends Envelope<unknown>>(
  spec: QueryCommand<A>,
  argv: string[],
  io: Io,
): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    { json: { type: 'boolean' }, root: { type: 'string' }, ...DB_FLAGS, ...spec.flags },
    spec.usage,
  );
  if (values.help) {
    io.stdout.write(`${spec.usage}\n`);
    return { exitCode: 0 };
  }
  if (spec.positionals && positionals.length < spec.positionals.count)
    throw new UsageError(spec.positionals.missing, { hint: spec.usage });
  const root = path.resolve(io.cwd, String(values.root ?? '.'));
  const ask = (session: Session) =>
    spec.answer(session, {
      positionals,
      values,
      limit: (fallback) => intOption(values.limit as string | undefined, 'limit', fallback),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
  const url = typeof values.db === 'string' ? values.db : io.env[DB_ENV];
  let answer: A;
  if (url) {
    answer = await withDb(url, async (sql) => {
      const repo = typeof values.repo === 'string' ? values.repo : repoName(root);
      const commit = typeof values.commit === 'string' ? values.commit : undefined;
      const { session, read } = await openDbSession(sql, root, repo, commit);
      // The answer says which commit of which repository it read (and when it was published).
      const local = { ...ask(session), read: [read] };
      return spec.shared ? spec.shared(local, sql, values) : local;
    });
  } else {
    const session = openSession(root);
    try {
      answer = ask(session);
    } finally {
      session.close();
    }
  }
  io.stdout.write(values.json ? `${JSON.stringify(answer, null, 2)}\n` : spec.render(answer));
  return { exitCode: 0 };
}

export const PAGE_FLAGS: Options = { limit: { type: 'string' }, cursor: { type: 'string' } };
