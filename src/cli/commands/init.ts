/**
 * `proofmap init [dir]`: sets a repository up for proofmap. With `--agent NAME` it wires proofmap
 * into that coding agent (init-agent.ts). Other set-up steps dispatch from here on their own
 * options, each in its own file, so they grow without touching one another.
 */
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText, usageLine } from '../spec.js';
import { INIT_AGENT_USAGE, initAgentCommand } from './init-agent.js';

export const SPEC: CommandSpec = {
  name: 'init',
  args: '[dir]',
  summary: 'Set a repository up for proofmap; with --agent, wire proofmap into that coding agent.',
  notes: [DIR_NOTE, INIT_AGENT_USAGE],
  options: {
    agent: {
      type: 'string',
      value: 'claude|codex|cursor',
      description: 'the coding agent to wire proofmap into',
    },
    'dry-run': { type: 'boolean', description: 'print what would be written and write nothing' },
  },
  examples: ['proofmap init --agent claude', 'proofmap init ../repo --agent cursor --dry-run'],
};

export async function initCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const dir = positionals[0] ?? '.';
  if (typeof values.agent === 'string')
    return initAgentCommand(values.agent, dir, values['dry-run'] === true, io);
  throw new UsageError('init needs --agent', { hint: usageLine(SPEC) });
}
