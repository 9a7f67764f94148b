/** `proofmap guard [dir]`: re-runs every guardian gate on .proofmap/map.json; exit 1 on a blocker. */
import path from 'node:path';
import { guardMap } from '../../guard.js';
import { parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';

const USAGE = 'usage: proofmap guard [dir] [--json]';

export async function guardCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, USAGE);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const result = guardMap(path.resolve(io.cwd, positionals[0] ?? '.'));
  if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const gates = Object.entries(result.checked)
      .map(([g, n]) => `${g} ${n}`)
      .join(', ');
    const lines = [
      `proofmap guard: ${result.status} (${result.blockers.length} blockers, ${result.warnings.length} warnings; checks run: ${gates})`,
    ];
    for (const b of result.blockers) lines.push(`  blocker [${b.gate}] ${b.message}`);
    for (const w of result.warnings) lines.push(`  warning [${w.gate}] ${w.message}`);
    io.stdout.write(`${lines.join('\n')}\n`);
  }
  return { exitCode: result.blockers.length > 0 ? 1 : 0 };
}
