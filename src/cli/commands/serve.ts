/**
 * `proofmap serve [dir]`: the MCP server over stdio. stdout carries only protocol messages, so
 * every diagnostic goes to stderr. The command returns when the client closes stdin: bin/ awaits
 * it, and a promise left pending with nothing else alive would end Node with exit code 13.
 */
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { realRoot } from '../../discover/contain.js';
import { createServer } from '../../mcp/server.js';
import { Resident } from '../../resident/watcher.js';
import { onlyDir, parse, repoDir } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'serve',
  args: '[dir]',
  summary:
    'An MCP server for coding agents on stdin/stdout (map_context, map_impact, …); scan first, or call map_rescan.',
  notes: [
    DIR_NOTE,
    'stdout carries only protocol messages; diagnostics go to stderr. There is no --json: the output is MCP.',
  ],
  options: { watch: { type: 'boolean', description: 'keep the map current as files change' } },
  examples: ['proofmap serve', 'proofmap serve ../repo --watch'],
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
  const { factory, close } = createServer(root, log);
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = resolve;
  });
  // serveStdio decides the era from the opening message (server/discover or initialize) and
  // pins one instance from the factory for the connection.
  const served = serveStdio(factory, {
    transport,
    onerror: (error) => log(`proofmap serve: ${error.message}`),
  });
  // The watcher writes each change's delta to the index; the server's session reopens on the
  // next call because the epoch moved, so answers follow the files without map_rescan.
  const resident = values.watch
    ? await Resident.start(root, {
        onUpdate: (u) =>
          log(`proofmap serve: ${u.paths.length} changed: ${u.mode} in ${u.ms} ms (epoch ${u.epoch})`),
        onError: (error) => log(`proofmap serve: watch: ${(error as Error).message ?? String(error)}`),
      })
    : undefined;
  log(`proofmap serve: answering about ${root} over stdio${resident ? ', watching for changes' : ''}`);
  await ended;
  await resident?.stop();
  await served.close();
  await close();
  return { exitCode: 0 };
}
