/**
 * `proofmap init [dir] [--dry-run] [--areas packages] [--force]`: writes `proofmap.config.json`
 * from what the repository already says (workspace packages, framework conventions, package
 * entry points, the package manager). `--dry-run` prints the file instead, with the reasons on
 * stderr, so `proofmap init --dry-run > proofmap.config.json` works too. With `--agent NAME` it
 * wires proofmap into that coding agent instead (init-agent.ts); each set-up step keeps its own
 * file and dispatches from here on its own option.
 */
import path from 'node:path';
import { configText, writeConfigFile } from '../../discover/config-write.js';
import { listFiles } from '../../discover/list.js';
import { proposeConfig } from '../../init/propose.js';
import { InputError } from '../../model/errors.js';
import { readRepoFile } from '../../store/read-file.js';
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText, usageLine } from '../spec.js';
import { INIT_AGENT_USAGE, initAgentCommand } from './init-agent.js';

export const SPEC: CommandSpec = {
  name: 'init',
  args: '[dir]',
  summary:
    'Write proofmap.config.json from what the repository says (areas, entries, checks); with --agent, wire proofmap into that coding agent.',
  notes: [
    DIR_NOTE,
    "areas: one per workspace package. entries: framework conventions (Next.js app/pages, Remix/React Router routes, Astro and SvelteKit pages), Vite index.html module scripts, package bin and exports (wildcard subpaths as globs). checks: each package's test script, run with the package manager in use.",
    INIT_AGENT_USAGE,
  ],
  options: {
    'dry-run': {
      type: 'boolean',
      description: 'print what would be written (the config on stdout, reasons on stderr) and write nothing',
    },
    areas: {
      type: 'string',
      value: 'list|packages',
      default: 'list',
      description: 'one area per package, or the "packages" shorthand',
    },
    force: { type: 'boolean', description: 'replace an existing proofmap.config.*' },
    agent: {
      type: 'string',
      value: 'claude|codex|cursor',
      description: 'wire proofmap into that coding agent instead (MCP server, gate, notes)',
    },
  },
  examples: [
    'proofmap init --dry-run',
    'proofmap init ../repo --areas packages',
    'proofmap init --agent claude',
  ],
};

export async function initCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  const USAGE = usageLine(SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  if (typeof values.agent === 'string') {
    if (values.areas !== undefined || values.force)
      throw new UsageError('--agent does not take --areas or --force', { hint: USAGE });
    return initAgentCommand(values.agent, positionals[0] ?? '.', values['dry-run'] === true, io);
  }
  if (values.areas !== undefined && values.areas !== 'list' && values.areas !== 'packages')
    throw new UsageError(`--areas must be list or packages, got "${String(values.areas)}"`, { hint: USAGE });
  if (positionals.length > 1) throw new UsageError('init takes at most one directory', { hint: USAGE });
  const root = path.resolve(io.cwd, positionals[0] ?? '.');
  let files: string[];
  try {
    files = listFiles(root).paths;
  } catch (cause) {
    throw new InputError(`cannot list files in ${root}`, { cause, hint: 'pass a repository directory' });
  }
  const proposal = proposeConfig(files, (rel) => readRepoFile(root, rel), {
    packagesShorthand: values.areas === 'packages',
  });
  if (values['dry-run']) {
    io.stdout.write(configText(proposal.config));
    for (const r of proposal.reasons) io.stderr.write(`proofmap init: ${r}\n`);
    return { exitCode: 0 };
  }
  const file = writeConfigFile(root, proposal.config, { force: values.force === true });
  io.stdout.write(
    `proofmap init: wrote ${path.relative(io.cwd, file) || file}\n${proposal.reasons.map((r) => `  ${r}\n`).join('')}Next: proofmap check${positionals[0] ? ` ${positionals[0]}` : ''}\n`,
  );
  return { exitCode: 0 };
}
