/**
 * `proofmap crosscheck [dir]`: agreement of proofmap's import resolution with the repository's own
 * TypeScript compiler, and every disagreement grouped by cause with file:line. The compiler is the
 * repository's (resolved from `dir` as its own code would import it) or `--typescript PATH`; with
 * neither, exit 2. Exit 1 only when `--min-agreement` is given and not reached.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCrosscheck, type TypeScriptApi } from '../../crosscheck/index.js';
import { crosscheckSarif, crosscheckText } from '../../crosscheck/report.js';
import { VERSION } from '../../map/version.js';
import { InputError } from '../../model/errors.js';
import { formatOption, intOption, onlyDir, parse, repoDir } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, formatOptions, helpText, usageLine } from '../spec.js';

const FORMATS = ['text', 'json', 'sarif'] as const;

export const SPEC: CommandSpec = {
  name: 'crosscheck',
  args: '[dir]',
  summary:
    "Agreement of proofmap's import resolution with the TypeScript compiler's, per cause of disagreement.",
  notes: [
    DIR_NOTE,
    "Compares every import specifier's target (or a seeded sample) with ts.resolveModuleName under the file's tsconfig.",
    'Exit codes: 0 done, 1 agreement below --min-agreement, 2 bad input (no typescript found).',
  ],
  options: {
    ...formatOptions(FORMATS),
    typescript: {
      type: 'string',
      value: 'PATH',
      default: "the repository's own typescript",
      description: 'the typescript package to compare with',
    },
    sample: {
      type: 'string',
      value: 'N',
      default: 'every specifier',
      description: 'compare a seeded sample of N specifiers',
    },
    seed: { type: 'string', value: 'N', default: '1', description: 'the sample seed' },
    'min-agreement': {
      type: 'string',
      value: 'PCT',
      description: 'exit 1 when agreement is below PCT percent',
    },
  },
  examples: ['proofmap crosscheck', 'proofmap crosscheck ../repo --sample 500 --min-agreement 99 --json'],
};

export async function crosscheckCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const format = formatOption(values, FORMATS);
  const minimum = values['min-agreement'] === undefined ? undefined : Number(values['min-agreement']);
  if (minimum !== undefined && !(minimum >= 0 && minimum <= 100))
    throw new UsageError(`--min-agreement must be a percentage, got "${String(values['min-agreement'])}"`, {
      hint: usageLine(SPEC),
    });
  const root = repoDir(io, onlyDir(positionals, SPEC), 'crosscheck');
  const ts = await loadTypeScript(root, values.typescript as string | undefined, io.cwd);
  const report = await runCrosscheck(root, ts, {
    ...(values.sample !== undefined ? { sample: intOption(values.sample, 'sample', 0, { min: 1 }) } : {}),
    seed: intOption(values.seed, 'seed', 1),
  });
  io.stdout.write(
    format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : format === 'sarif'
        ? crosscheckSarif(report, VERSION)
        : crosscheckText(report),
  );
  return { exitCode: minimum !== undefined && report.agreement * 100 < minimum ? 1 : 0 };
}

/** The repository's own typescript (as its code would import it), or the one --typescript names. */
async function loadTypeScript(root: string, given: string | undefined, cwd: string): Promise<TypeScriptApi> {
  let entry: string;
  try {
    // A folder resolves through its package.json `main`, as require() would load it.
    entry = given
      ? createRequire(import.meta.url).resolve(path.resolve(cwd, given))
      : createRequire(path.join(root, 'noop.js')).resolve('typescript');
  } catch (cause) {
    throw new InputError(
      given
        ? `--typescript ${given}: no TypeScript compiler there`
        : `no typescript package found from ${root}`,
      {
        cause,
        hint: 'install typescript in the repository (npm i -D typescript) or pass --typescript PATH to its package folder',
      },
    );
  }
  const loaded = (await import(pathToFileURL(entry).href)) as { default?: TypeScriptApi } & TypeScriptApi;
  const ts = loaded.default ?? loaded;
  if (typeof ts.resolveModuleName !== 'function' || typeof ts.version !== 'string')
    throw new InputError(`${entry} is not the TypeScript compiler API`, {
      hint: 'pass --typescript PATH to the folder of the typescript package',
    });
  return ts;
}
