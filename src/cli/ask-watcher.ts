/**
 * A query command asked of a running watcher before anything of the command loads: a CLI process
 * that only relays a question costs Node's start, this module and one round trip, not the ~100 ms
 * of loading the query, store and rendering modules it would answer with (resident-queries.ts
 * runs the same command in the watcher). Whatever the watcher cannot vouch for, or a question it
 * does not take, the command then answers by itself, as it does when no watcher runs.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { askResidentQuery, servedAt } from '../resident/scan-socket.js';
import { DB_ENV } from '../store/pg/db-env.js';
import type { CommandResult, Io } from './io.js';

/** The commands that answer through runQueryCommand (query-command.ts), and only those. */
export const RESIDENT_QUERIES: ReadonlySet<string> = new Set([
  'impact',
  'context',
  'refs',
  'path',
  'cycles',
  'packages',
  'rank',
  'changes',
]);

/**
 * Whether a watcher may answer these arguments: a local question (no --db, which reads the shared
 * index instead) that is not a request for help. Conservative: an argument that only looks like
 * one of these flags (after `--`) just makes the command answer by itself.
 */
export function askable(command: string, argv: readonly string[]): boolean {
  return (
    RESIDENT_QUERIES.has(command) &&
    !argv.some((a) => a === '--db' || a.startsWith('--db=') || a === '--help' || a === '-h')
  );
}

/** The command's output from a watcher, or undefined when the command must answer by itself. */
export async function askWatcherFirst(
  command: string,
  argv: string[],
  io: Io,
): Promise<CommandResult | undefined> {
  if (io.keptSession || io.env[DB_ENV] || !askable(command, argv)) return undefined;
  const root = watchedRoot(argv, io.cwd);
  if (!root) return undefined;
  const answered = await askResidentQuery(root, { command, argv, cwd: io.cwd });
  if (!answered) return undefined;
  io.stdout.write(answered.stdout);
  if (answered.stderr) io.stderr.write(answered.stderr);
  return { exitCode: answered.exitCode };
}

/**
 * The repository a watcher serves among those the arguments can name: the trailing [dir] (or
 * --root) is one of the positionals or flag values, else it is the working directory. Which one
 * the command reads is decided by its own parse, in the watcher, which answers only when that is
 * the repository it holds.
 */
function watchedRoot(argv: readonly string[], cwd: string): string | undefined {
  const named = argv.flatMap((a) => (a.startsWith('--root=') ? [a.slice(7)] : a.startsWith('-') ? [] : [a]));
  const candidates = [...named.reverse(), '.'];
  for (const candidate of candidates) {
    let real: string;
    try {
      real = realpathSync(path.resolve(cwd, candidate));
    } catch {
      continue;
    }
    if (servedAt(real)) return real;
  }
  return undefined;
}
