/**
 * Argument parsing over node:util parseArgs. The parser's own messages (multi-line, naming
 * internals) are rewritten into our one-line usage errors (exit 2) that say what to do; numeric
 * flags and the repository directory are validated here, once, for every command.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { InputError } from '../model/errors.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import { type CommandSpec, usageLine } from './spec.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** Parses against a command's spec (preferred), or a bare option table with a usage line. */
export function parse(argv: string[], spec: CommandSpec): Parsed;
export function parse(argv: string[], options: Options, usage: string): Parsed;
export function parse(argv: string[], specOrOptions: CommandSpec | Options, usage?: string): Parsed {
  const spec = isSpec(specOrOptions) ? specOrOptions : undefined;
  const options: Options = spec
    ? Object.fromEntries(
        Object.entries(spec.options).map(([name, o]) => [
          name,
          { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) },
        ]),
      )
    : (specOrOptions as Options);
  const hint = spec ? `run proofmap ${spec.name} --help for its options` : usage;
  try {
    return parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' }, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (cause) {
    throw new UsageError(parserMessage(cause as Error & { code?: string }, spec?.name), {
      cause,
      ...(hint ? { hint } : {}),
    });
  }
}

const isSpec = (x: CommandSpec | Options): x is CommandSpec =>
  typeof (x as CommandSpec).name === 'string' && typeof (x as CommandSpec).options === 'object';

/** One line in our words for each parseArgs failure; the raw first line for any we do not know. */
export function parserMessage(error: Error & { code?: string }, command?: string): string {
  const first = error.message.split('\n')[0]!;
  const option = /'(-{1,2}[^' ]+)/.exec(first)?.[1] ?? '';
  const where = command ? ` for proofmap ${command}` : '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}${where}`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const long = /--[\w-]+/.exec(first)?.[0] ?? option;
    if (/does not take an argument/.test(first)) return `${long} takes no value`;
    if (/ambiguous/.test(first))
      return `${long} needs a value; write a value starting with "-" as ${long}=-N`;
    return `${long} needs a value`;
  }
  return first.replace(/\.$/, '');
}

/**
 * The one validation of numeric flags (--limit, --depth, --max-file-bytes …): a whole number of
 * at least `min`, written in decimal. "1e3", "2.5", "-1", "" and "0x10" are refused, not coerced.
 */
export function intOption(
  value: string | boolean | (string | boolean)[] | undefined,
  name: string,
  fallback: number,
  { min = 0 }: { min?: number } = {},
): number {
  if (value === undefined) return fallback;
  const text = String(Array.isArray(value) ? value.at(-1) : value);
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got "${text}"`);
  return n;
}

/** A value from a closed set (`--format`, `--by`): anything else is a usage error naming the set. */
export function choiceOption<T extends string>(
  value: string | boolean | (string | boolean)[] | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${String(value)}"`);
}

/**
 * The repository directory a command works on: the positional [dir] (or the older --root),
 * resolved against the working directory. A file or a missing path is bad input (exit 2): a
 * scan of one file would otherwise "succeed" on a repository of nothing.
 */
export function repoDir(io: Io, given: string | undefined, command: string): string {
  const dir = path.resolve(io.cwd, given ?? '.');
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new InputError(`no such directory: ${given ?? dir}`, {
      hint: `proofmap ${command} takes the repository's directory`,
    });
  }
  if (!isDir)
    throw new InputError(`${given ?? dir} is a file, not a directory`, {
      hint: `proofmap ${command} takes the repository's directory; pass the folder that holds it`,
    });
  return dir;
}

/**
 * Splits positionals into the command's targets and the optional trailing [dir]; --root is the
 * older spelling of [dir]. Too few or too many arguments are usage errors.
 */
export function targetsAndDir(
  parsed: Parsed,
  spec: CommandSpec,
  count: number,
  missing: string,
): { targets: string[]; dir: string | undefined } {
  const { positionals, values } = parsed;
  if (positionals.length < count) throw new UsageError(missing, { hint: usageLine(spec) });
  const extra = positionals.slice(count);
  const root = typeof values.root === 'string' ? values.root : undefined;
  if (extra.length > 1 || (extra.length === 1 && root !== undefined))
    throw new UsageError(`too many arguments: ${positionals.join(' ')}`, {
      hint: `${usageLine(spec)} (quote a target with spaces)`,
    });
  return { targets: positionals.slice(0, count), dir: extra[0] ?? root };
}

/** The positional [dir] of a command that takes nothing else; a second positional is a usage error. */
export function onlyDir(positionals: string[], spec: CommandSpec): string | undefined {
  if (positionals.length > 1)
    throw new UsageError(`too many arguments: ${positionals.join(' ')}`, { hint: usageLine(spec) });
  return positionals[0];
}

/** `--format` from a command's set, with `--json` as the shorthand for `--format json`. */
export function formatOption<T extends string>(values: Parsed['values'], formats: readonly T[]): T {
  if (values.json === true) {
    if (values.format !== undefined && values.format !== 'json')
      throw new UsageError(`--json and --format ${String(values.format)} disagree; give one of them`);
    return 'json' as T;
  }
  return choiceOption(values.format, 'format', formats, formats[0]!);
}
