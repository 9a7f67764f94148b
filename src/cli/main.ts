/** The CLI dispatcher: one command per file under commands/, run in-process with injected io. */
import { VERSION } from '../map/version.js';
import { askWatcherFirst } from './ask-watcher.js';
import { reportError } from './errors.js';
import type { CommandResult, Io } from './io.js';

type Command = (argv: string[], io: Io) => Promise<CommandResult>;

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  scan: {
    summary: 'scan a repository into .proofmap/map.json',
    load: async () => (await import('./commands/scan.js')).scanCommand,
  },
  watch: {
    summary: 'keep the map current while files change (deltas in milliseconds)',
    load: async () => (await import('./commands/watch.js')).watchCommand,
  },
  gate: {
    summary: 'the edit gate for coding agents (--claude hook protocol, or --file)',
    load: async () => (await import('./commands/gate.js')).gateCommand,
  },
  init: {
    summary:
      'write proofmap.config.json from the workspaces, frameworks and package manager; --agent claude|codex|cursor wires in the MCP server, gate and notes',
    load: async () => (await import('./commands/init.js')).initCommand,
  },
  hooks: {
    summary: 'install or uninstall the gate in .claude/settings.json',
    load: async () => (await import('./commands/hooks.js')).hooksCommand,
  },
  guard: {
    summary: 're-check map.json against the repository; confirm it when every gate passes',
    load: async () => (await import('./commands/guard.js')).guardCommand,
  },
  impact: {
    summary: 'who depends on a file or symbol, transitively, with severity',
    load: async () => (await import('./commands/impact.js')).impactCommand,
  },
  context: {
    summary: 'zone, owners, documents, checks and neighbours of a file before editing it',
    load: async () => (await import('./commands/context.js')).contextCommand,
  },
  refs: {
    summary: 'every importer of a file or exported name, with file:line',
    load: async () => (await import('./commands/refs.js')).refsCommand,
  },
  path: {
    summary: 'the shortest chain of relations between two files or documents',
    load: async () => (await import('./commands/path.js')).pathCommand,
  },
  cycles: {
    summary: 'import cycles, one per strongly connected component',
    load: async () => (await import('./commands/cycles.js')).cyclesCommand,
  },
  packages: {
    summary: 'the workspace package graph with counted imports (--format dot|mermaid)',
    load: async () => (await import('./commands/packages.js')).packagesCommand,
  },
  search: {
    summary: 'paths, exported symbols and document headings matching some words',
    load: async () => (await import('./commands/search.js')).searchCommand,
  },
  rank: {
    summary: 'files by centrality or fan-in, documents by canonicality',
    load: async () => (await import('./commands/rank.js')).rankCommand,
  },
  changes: {
    summary: 'files changed in git, their dependents, severity and checks',
    load: async () => (await import('./commands/changes.js')).changesCommand,
  },
  claims: {
    summary: 'check what docs and agent files claim against the code',
    load: async () => (await import('./commands/claims.js')).claimsCommand,
  },
  check: {
    summary: 'check proofmap.config.* against the graph (rules, entries, cycles)',
    load: async () => (await import('./commands/check.js')).checkCommand,
  },
  crosscheck: {
    summary: "agreement of proofmap's import resolution with the TypeScript compiler's, per cause",
    load: async () => (await import('./commands/crosscheck.js')).crosscheckCommand,
  },
  publish: {
    summary: 'write the map at its commit into a shared PostgreSQL index (--db postgres://…)',
    load: async () => (await import('./commands/publish.js')).publishCommand,
  },
  export: {
    summary: 'export the map for other tools (--format scip: a SCIP index for Sourcegraph)',
    load: async () => (await import('./commands/export.js')).exportCommand,
  },
  serve: {
    summary: 'an MCP server for coding agents over stdio (tools: map_context, map_impact, …)',
    load: async () => (await import('./commands/serve.js')).serveCommand,
  },
  areas: {
    summary: 'suggest areas from the import graph (--write adds them to proofmap.config.json)',
    load: async () => (await import('./commands/areas.js')).areasCommand,
  },
  view: {
    summary: 'write the map as one self-contained HTML page (.proofmap/map.html)',
    load: async () => (await import('./commands/view.js')).viewCommand,
  },
};

export function usage(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `proofmap ${VERSION} — a map of a repository whose every edge can be re-checked\n\nusage: proofmap <command> [options]\n\n${rows.join('\n')}\n\nEvery command takes the repository as a positional [dir] (default: the current directory),\nprints JSON with --json, and explains itself with proofmap <command> --help.\n-V, --version prints the version.\n\nExit codes: 0 ok, 1 findings or blocked, 2 bad input, 3 internal error.\n`;
}

export const COMMAND_NAMES = Object.keys(COMMANDS);

export async function run(argv: string[], io: Io): Promise<number> {
  const [first, ...after] = argv;
  // `proofmap help impact` is `proofmap impact --help`.
  const [name, rest] =
    first === 'help' && after[0] !== undefined && COMMANDS[after[0]]
      ? [after[0], ['--help']]
      : [first, after];
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V' || name === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr.write(
      name.startsWith('-')
        ? `proofmap: unknown option ${name} — options come after the command; run proofmap --help for the list\n`
        : `proofmap: unknown command "${name}" — run proofmap --help for the list\n`,
    );
    return 2;
  }
  try {
    // A running watcher answers a query before the command's modules load (ask-watcher.ts).
    const answered = await askWatcherFirst(name, rest, io);
    if (answered) return answered.exitCode;
    return (await (await command.load())(rest, io)).exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}
