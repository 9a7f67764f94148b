/**
 * `proofmap serve [dir]`: the MCP server over stdio. stdout carries only protocol messages, so
 * every diagnostic goes to stderr. The command returns when the client closes stdin: bin/ awaits
 * it, and a promise left pending with nothing else alive would end Node with exit code 13.
 */
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { realRoot } from '../../discover/contain.js';
import { boundedLines } from '../../mcp/bounded-input.js';
import { createServer } from '../../mcp/server.js';
import { Resident } from '../../resident/watcher.js';
import { DB_ENV, describeDb, isDbUrl, repoName } from '../../store/pg/index.js';
import { onlyDir, parse, repoDir } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { residentQueries } from '../resident-queries.js';
import { type CommandSpec, DIR_NOTE, helpText, usageLine } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'serve',
  args: '[dir]',
  summary:
    'An MCP server for coding agents on stdin/stdout (map_context, map_impact, …); scan first, or call map_rescan.',
  notes: [
    DIR_NOTE,
    'stdout carries only protocol messages; diagnostics go to stderr. There is no --json: the output is MCP.',
  ],
  options: {
    watch: { type: 'boolean', description: 'keep the map current as files change' },
    db: {
      type: 'string',
      value: 'URL',
      description: `answer from the shared PostgreSQL index (or ${DB_ENV}), following each newly published commit`,
    },
    repo: {
      type: 'string',
      value: 'NAME',
      description: 'with --db: the repository (default: its folder name)',
    },
    commit: { type: 'string', value: 'SHA', description: 'with --db: pin this commit instead of the newest' },
  },
  examples: [
    'proofmap serve',
    'proofmap serve ../repo --watch',
    'proofmap serve --db postgres://reader@db/maps --repo @org/core',
  ],
};

export async function serveCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  // The real path, as the gate computes it: consult markers are signed over the root.
  const root = realRoot(repoDir(io, onlyDir(positionals, SPEC), 'serve'));
  const log = (line: string) => void io.stderr.write(`${line}\n`);
  const url = typeof values.db === 'string' ? values.db : io.env[DB_ENV];
  if (url && values.watch)
    throw new UsageError('serve --db reads the shared index; --watch keeps a local one current', {
      hint: 'pass one of them',
    });
  // Checked before the transport starts, so a bad URL is a one-line error with exit 2.
  if (url && !isDbUrl(url))
    throw new UsageError('--db must be a postgres:// connection string', { hint: usageLine(SPEC) });
  const repo = typeof values.repo === 'string' ? values.repo : url ? repoName(root) : '';
  const shared = url
    ? { url, repo, ...(typeof values.commit === 'string' ? { commit: values.commit } : {}) }
    : undefined;
  const { factory, close } = createServer(root, log, shared ? { shared } : {});
  // Each message is bounded before the SDK buffers it: an oversized one is answered with an
  // error here instead of closing the connection (mcp/bounded-input.ts).
  const input = process.stdin.pipe(boundedLines((line) => void process.stdout.write(line)));
  const transport = new StdioServerTransport(input, process.stdout);
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = resolve;
    // A client that closed stdin and waited sends SIGTERM (the stdio transport's shutdown): the
    // watcher is stopped all the same, and takes its scan socket with it.
    if (values.watch) for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, resolve);
  });
  // serveStdio decides the era from the opening message (server/discover or initialize) and
  // pins one instance from the factory for the connection.
  const served = serveStdio(factory, {
    transport,
    onerror: (error) => log(`proofmap serve: ${error.message}`),
  });
  // The watcher writes each change's delta to the index; the server's session reopens on the
  // next call because the epoch moved, so answers follow the files without map_rescan.
  const queries = values.watch ? residentQueries(root) : undefined;
  const resident = queries
    ? await Resident.start(root, {
        onUpdate: (u) => {
          queries.drop();
          log(`proofmap serve: ${u.paths.length} changed: ${u.mode} in ${u.ms} ms (epoch ${u.epoch})`);
        },
        query: (question) => queries.query(question),
        onError: (error) => log(`proofmap serve: watch: ${(error as Error).message ?? String(error)}`),
        onNote: (message) => log(`proofmap serve: watch: ${message}`),
      })
    : undefined;
  log(
    shared
      ? `proofmap serve: answering about ${repo} from the shared index at ${describeDb(shared.url)} over stdio`
      : `proofmap serve: answering about ${root} over stdio${resident ? `, watching for changes (${resident.events} events)` : ''}`,
  );
  await ended;
  await resident?.stop();
  queries?.drop();
  await served.close();
  await close();
  // Ended by a signal, stdin may still be open: reading it would keep the process alive.
  process.stdin.destroy();
  return { exitCode: 0 };
}
