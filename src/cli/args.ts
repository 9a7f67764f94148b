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
  // Digits only: Number() would also take "0x10", "1e3", " 5" and "" (which is 0).
  const n = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0)
    throw new UsageError(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** A whole number ≥ 1 (sizes, counts that 0 would make meaningless). */
export function positiveIntOption(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  const n = intOption(value, name, 0);
  if (n < 1) throw new UsageError(`--${name} must be a whole number of at least 1, got "${value}"`);
  return n;
}
