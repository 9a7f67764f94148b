/** Argument parsing over node:util parseArgs; unknown flags are usage errors (exit 2). */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './errors.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

export function parse(argv: string[], options: Options, usage: string): Parsed {
  try {
    return parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' }, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (cause) {
    throw new UsageError((cause as Error).message.split('\n')[0]!, { cause, hint: usage });
  }
}

export function intOption(value: string | boolean | undefined, name: string, fallback: number): number {
  if (value === undefined || typeof value === 'boolean') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}
