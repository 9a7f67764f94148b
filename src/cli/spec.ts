/**
 * What a command accepts, declared once: the parser is built from it and so is `--help`, so the
 * help can never miss an option the parser takes (nor list one it refuses).
 */

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The placeholder shown after a string option: `--limit N`. */
  value?: string;
  /** The value used when the option is absent, as the user would type it; omitted for flags that are off. */
  default?: string;
  description: string;
}

export interface CommandSpec {
  name: string;
  /** Positional arguments as shown in the usage line: `<path|symbol> [dir]`. */
  args: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /** Whole command lines a user can paste, starting with `proofmap`. */
  examples: string[];
  /** Extra paragraphs: exit codes that differ, what a positional means. */
  notes?: string[];
}

/** The options every query command reading the index shares. */
export const JSON_OPTION: Record<string, OptionSpec> = {
  json: {
    type: 'boolean',
    description: 'print the answer as JSON (the envelope: items, total, truncated, freshness)',
  },
};

export const ROOT_OPTION: Record<string, OptionSpec> = {
  root: {
    type: 'string',
    value: 'DIR',
    description: 'the repository, for scripts written before [dir]; prefer the positional [dir]',
  },
};

/** --format from a closed set, its first value the default, and --json as the shorthand for json. */
export function formatOptions(formats: readonly string[]): Record<string, OptionSpec> {
  return {
    json: { type: 'boolean', description: 'the same as --format json' },
    format: {
      type: 'string',
      value: formats.join('|'),
      ...(formats[0] !== undefined ? { default: formats[0] } : {}),
      description: 'how to print the result',
    },
  };
}

export const DIR_NOTE = '[dir] is the repository root (default: the current directory).';

export function usageLine(spec: CommandSpec): string {
  return `usage: proofmap ${spec.name}${spec.args ? ` ${spec.args}` : ''} [options]`;
}

export function helpText(spec: CommandSpec): string {
  const rows = Object.entries(spec.options)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, o]) => {
      const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
      const extra = [o.multiple ? 'repeatable' : '', o.default !== undefined ? `default: ${o.default}` : '']
        .filter(Boolean)
        .join('; ');
      return `  ${flag.padEnd(30)} ${o.description}${extra ? ` (${extra})` : ''}`;
    });
  rows.push(`  ${'-h, --help'.padEnd(30)} show this help`);
  return [
    usageLine(spec),
    '',
    spec.summary,
    '',
    ...(spec.notes ?? []).flatMap((n) => [n, '']),
    'Options:',
    ...rows,
    '',
    'Examples:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
    'Exit codes: 0 ok, 1 findings or blocked, 2 bad input, 3 internal error.',
    '',
  ].join('\n');
}
