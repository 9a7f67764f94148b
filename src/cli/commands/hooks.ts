/**
 * `proofmap hooks install|uninstall [--claude] [--dry-run] [--command CMD] [dir]`: adds or removes
 * proofmap's gate in `.claude/settings.json`, merging with what is there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { installHooks, lineDiff, uninstallHooks } from '../../gate/hooks-settings.js';
import { writeAtomic } from '../../map/emit.js';
import { InputError } from '../../model/errors.js';
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';

const USAGE =
  'usage: proofmap hooks install|uninstall [dir] [--claude] [--dry-run] [--command "proofmap gate --claude"]';

export async function hooksCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    { claude: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, command: { type: 'string' } },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const [verb, dir] = positionals;
  if (verb !== 'install' && verb !== 'uninstall')
    throw new UsageError(`unknown hooks action "${verb ?? ''}"`, { hint: USAGE });
  const file = path.join(path.resolve(io.cwd, dir ?? '.'), '.claude', 'settings.json');
  let before = '';
  let settings: Record<string, unknown> = {};
  try {
    before = readFileSync(file, 'utf8');
    settings = JSON.parse(before) as Record<string, unknown>;
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
      throw new Error('not an object');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new InputError(`${file} is not valid JSON (${(error as Error).message}); not changed`, {
        hint: 'fix or remove it, then run again',
      });
  }
  const command = typeof values.command === 'string' ? values.command : 'proofmap gate --claude';
  const result = verb === 'install' ? installHooks(settings, command) : uninstallHooks(settings);
  const after = `${JSON.stringify(result.settings, null, 2)}\n`;
  if (!result.changed) {
    io.stdout.write(
      `proofmap: ${file} already ${verb === 'install' ? 'has' : 'has no'} proofmap hooks; nothing to do\n`,
    );
    return { exitCode: 0 };
  }
  if (values['dry-run']) {
    io.stdout.write(`--- ${file}\n+++ ${file} (after ${verb})\n${lineDiff(before, after)}\n`);
    return { exitCode: 0 };
  }
  writeAtomic(file, after);
  io.stdout.write(
    `proofmap: ${verb === 'install' ? 'added the gate to' : 'removed the gate from'} ${file}\n`,
  );
  return { exitCode: 0 };
}
