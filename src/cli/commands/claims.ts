/**
 * `proofmap claims [files…] [--strict] [--format text|json|sarif] [--root dir]`: checks what docs
 * and agent-context files claim against the code (runClaims), renders the report and gates on it.
 * Named files are relative to the working directory, as a shell user types them.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { gateExitCode, renderSarif, renderText } from '../../claims/index.js';
import { runClaims } from '../../claims-run.js';
import { InputError } from '../../model/errors.js';
import { relativeToRoot } from '../../model/paths.js';
import { formatOption, parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, formatOptions, helpText, ROOT_OPTION } from '../spec.js';

const FORMATS = ['text', 'json', 'sarif'] as const;

export const SPEC: CommandSpec = {
  name: 'claims',
  args: '[dir] [files…]',
  summary: 'Check what docs and agent-context files claim (paths, commands, symbols) against the code.',
  notes: [
    `${DIR_NOTE} A first argument that is a directory is [dir]; the rest are documents to check (default: all), relative to the working directory.`,
    'Exit code 1 when a claim is false (with --strict, also when one cannot be checked).',
  ],
  options: {
    ...ROOT_OPTION,
    ...formatOptions(FORMATS),
    strict: { type: 'boolean', description: 'also fail on claims that could not be checked' },
  },
  examples: [
    'proofmap claims',
    'proofmap claims README.md AGENTS.md --format sarif',
    'proofmap claims ../repo --json',
  ],
};

export async function claimsCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const format = formatOption(values, FORMATS);
  const leadingDir =
    values.root === undefined &&
    positionals[0] !== undefined &&
    isDirectory(path.resolve(io.cwd, positionals[0]))
      ? positionals[0]
      : undefined;
  // No repoDir check: a missing repository is the claims report's own blocked_execution_report.
  const root = path.resolve(io.cwd, leadingDir ?? (values.root as string | undefined) ?? '.');
  const files = positionals.slice(leadingDir === undefined ? 0 : 1).map((f) => repoPath(root, io.cwd, f));
  const report = await runClaims({ root, files });
  if (format === 'json') io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (format === 'sarif') io.stdout.write(`${JSON.stringify(renderSarif(report), null, 2)}\n`);
  else io.stdout.write(renderText(report));
  return { exitCode: gateExitCode(report, values.strict === true) };
}

/** Both sides unresolved: a root reached through a symlink still contains the files under it. */
function repoPath(root: string, cwd: string, file: string): string {
  const rel = relativeToRoot(root, path.resolve(cwd, file));
  if (rel === undefined || rel === '') throw new InputError(`${file} is outside the repository ${root}`);
  return rel;
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
