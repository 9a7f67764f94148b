/**
 * `proofmap claims [files…] [--strict] [--format text|json|sarif] [--root dir]`: checks what docs
 * and agent-context files claim against the code (runClaims), renders the report and gates on it.
 * Named files are relative to the working directory, as a shell user types them.
 */
import path from 'node:path';
import { gateExitCode, renderSarif, renderText } from '../../claims/index.js';
import { runClaims } from '../../claims-run.js';
import { InputError } from '../../model/errors.js';
import { relativeToRoot } from '../../model/paths.js';
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';

const USAGE = 'usage: proofmap claims [files…] [--strict] [--format text|json|sarif] [--root dir]';

export async function claimsCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    {
      strict: { type: 'boolean' },
      format: { type: 'string' },
      root: { type: 'string' },
      json: { type: 'boolean' },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const format = values.json ? 'json' : String(values.format ?? 'text');
  if (!['text', 'json', 'sarif'].includes(format))
    throw new UsageError(`--format must be text, json or sarif, got "${format}"`);
  const root = path.resolve(io.cwd, String(values.root ?? '.'));
  const files = positionals.map((f) => repoPath(root, io.cwd, f));
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
