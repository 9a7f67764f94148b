/**
 * `proofmap watch [dir]`: keeps the map current while files change. Each burst of changes is one
 * line (text, or JSON with --json): what changed, whether it was a delta or a full scan (and why),
 * and the milliseconds from the first event to the index commit. Ends on SIGINT or SIGTERM, or
 * when stdin closes with --stdin (for tools that run it as a child).
 */
import path from 'node:path';
import { Resident, type WatchUpdate } from '../../resident/watcher.js';
import { parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';

const USAGE = 'usage: proofmap watch [dir] [--json] [--stdin]';

export async function watchCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    { json: { type: 'boolean' }, stdin: { type: 'boolean' } },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const dir = path.resolve(io.cwd, positionals[0] ?? '.');
  let failed = false;
  const resident = await Resident.start(dir, {
    onUpdate: (u) => io.stdout.write(values.json ? `${JSON.stringify(u)}\n` : render(u)),
    onError: (error) => {
      failed = true;
      io.stderr.write(`proofmap watch: ${(error as Error).message ?? String(error)}\n`);
    },
  });
  const ready = { ready: true, root: resident.root, epoch: resident.epoch };
  io.stdout.write(values.json ? `${JSON.stringify(ready)}\n` : `proofmap watch: watching ${resident.root}\n`);
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
  return { exitCode: failed ? 3 : 0 };
}

function render(u: WatchUpdate): string {
  const what = u.paths.length === 1 ? u.paths[0] : `${u.paths.length} paths`;
  const why = u.fullBecause ? ` (${u.fullBecause})` : '';
  return `proofmap watch: ${what}: ${u.mode}${why} in ${u.ms} ms, epoch ${u.epoch}\n`;
}
