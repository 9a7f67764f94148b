/**
 * `proofmap watch [dir]`: keeps the map current while files change. Each burst of changes is one
 * line (text, or JSON with --json): what changed, whether it was a delta or a full scan (and why),
 * the milliseconds from the first event to the index commit, and (JSON) when it committed. Ends
 * on SIGINT or SIGTERM, or when stdin closes with --stdin (for tools that run it as a child).
 */
import { realRoot } from '../../discover/contain.js';
import { Resident, type WatchUpdate } from '../../resident/watcher.js';
import { onlyDir, parse, repoDir } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { residentQueries } from '../resident-queries.js';
import { type CommandSpec, DIR_NOTE, helpText } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'watch',
  args: '[dir]',
  summary: 'Keep the map current while files change: one line per burst of changes (delta or full, and why).',
  notes: [
    DIR_NOTE,
    'Ends on SIGINT or SIGTERM (or when stdin closes, with --stdin).',
    'While it runs (inotify, Linux), `proofmap scan` asks it instead of scanning, and the query commands (impact, context, refs, path, cycles, packages, rank, changes) ask it to answer from the session it keeps open: one round trip, once its map is proven current.',
  ],
  options: {
    json: { type: 'boolean', description: 'one JSON object per line instead of text' },
    stdin: { type: 'boolean', description: 'also end when stdin closes (for tools that run it as a child)' },
  },
  examples: ['proofmap watch', 'proofmap watch ../repo --json --stdin'],
};

export async function watchCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const dir = repoDir(io, onlyDir(positionals, SPEC), 'watch');
  let failed = false;
  const queries = residentQueries(realRoot(dir));
  const resident = await Resident.start(dir, {
    onUpdate: (u) => {
      queries.drop();
      io.stdout.write(values.json ? `${JSON.stringify(u)}\n` : render(u));
    },
    query: (question) => queries.query(question),
    onError: (error) => {
      failed = true;
      io.stderr.write(`proofmap watch: ${(error as Error).message ?? String(error)}\n`);
    },
    onNote: (message) => io.stderr.write(`proofmap watch: ${message}\n`),
  });
  const ready = { ready: true, root: resident.root, epoch: resident.epoch, events: resident.events };
  io.stdout.write(
    values.json
      ? `${JSON.stringify(ready)}\n`
      : `proofmap watch: watching ${resident.root} (${resident.events} events)\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    if (values.stdin) {
      process.stdin.once('end', resolve);
      process.stdin.once('close', resolve);
      process.stdin.resume();
    }
  });
  await resident.stop();
  queries.drop();
  return { exitCode: failed ? 3 : 0 };
}

function render(u: WatchUpdate): string {
  // No paths: the catch-up after subscribing (watcher.ts), which names no files, or a rescan a
  // scan's question asked for (its reason).
  const what =
    u.paths.length === 1
      ? u.paths[0]
      : u.paths.length === 0
        ? (u.reason ?? 'changes while starting')
        : `${u.paths.length} paths`;
  const why = u.fullBecause ? ` (${u.fullBecause})` : '';
  return `proofmap watch: ${what}: ${u.mode}${why} in ${u.ms} ms, epoch ${u.epoch}\n`;
}
