/**
 * `proofmap init [dir]`: sets a repository up for proofmap. With `--agent NAME` it wires proofmap
 * into that coding agent (init-agent.ts). Other set-up steps dispatch from here on their own
 * options, each in its own file, so they grow without touching one another.
 */
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { INIT_AGENT_USAGE, initAgentCommand } from './init-agent.js';

const USAGE = `usage: proofmap init [dir] --agent claude|codex|cursor [--dry-run]\n  ${INIT_AGENT_USAGE}`;

export async function initCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    { agent: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const dir = positionals[0] ?? '.';
  if (typeof values.agent === 'string')
    return initAgentCommand(values.agent, dir, values['dry-run'] === true, io);
  throw new UsageError('init needs --agent', { hint: USAGE });
}
