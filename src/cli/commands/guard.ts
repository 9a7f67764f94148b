/** `proofmap guard [dir]`: re-runs every guardian gate on .proofmap/map.json; exit 1 on a blocker. */
import { guardMap } from '../../guard.js';
import { onlyDir, parse, repoDir } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'guard',
  args: '[dir]',
  summary: 'Re-check .proofmap/map.json against the files; confirm it when every guardian gate passes.',
  notes: [DIR_NOTE, 'Exit code 1 when a gate blocks.'],
  options: { json: { type: 'boolean', description: 'print the result as JSON' } },
  examples: ['proofmap guard', 'proofmap guard ../repo --json'],
};

export async function guardCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const result = guardMap(repoDir(io, onlyDir(positionals, SPEC), 'guard'));
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
