/**
 * The shape every query command shares: parse the common flags (--json, --limit, --cursor and
 * the command's own), take the targets and the optional trailing [dir], open one session, answer,
 * print JSON or the text rendering, close. A command supplies only what differs: its spec, its
 * call and its line format.
 */
import type { Envelope } from '../model/envelope.js';
import { openSession, type Session } from '../query/session.js';
import { intOption, type Parsed, parse, repoDir, targetsAndDir } from './args.js';
import type { CommandResult, Io } from './io.js';
import { type CommandSpec, helpText, JSON_OPTION, type OptionSpec, ROOT_OPTION } from './spec.js';

export interface QueryCommand<A extends Envelope<unknown>> {
  /** The command's own options; --json and --root are added here. */
  spec: CommandSpec;
  /** How many target arguments come before [dir], and what to say when they are missing. */
  positionals?: { count: number; missing: string };
  answer(
    session: Session,
    args: {
      positionals: string[];
      values: Parsed['values'];
      limit(fallback: number): number;
      cursor?: string;
    },
  ): A;
  /** Text rendering for people (JSON is printed as is with --json). */
  render(answer: A): string;
}

/** The full spec of a query command: its own options plus the shared ones. */
export function querySpec(spec: CommandSpec): CommandSpec {
  return { ...spec, options: { ...JSON_OPTION, ...ROOT_OPTION, ...spec.options } };
}

export async function runQueryCommand<A extends Envelope<unknown>>(
  command: QueryCommand<A>,
  argv: string[],
  io: Io,
): Promise<CommandResult> {
  const spec = querySpec(command.spec);
  const parsed = parse(argv, spec);
  const { values } = parsed;
  if (values.help) {
    io.stdout.write(helpText(spec));
    return { exitCode: 0 };
  }
  const { targets, dir } = targetsAndDir(
    parsed,
    spec,
    command.positionals?.count ?? 0,
    command.positionals?.missing ?? '',
  );
  // The gate lets an edit through once its impact was consulted: from the CLI, asking counts.
  const session = openSession(repoDir(io, dir, spec.name), { recordConsults: true });
  try {
    const answer = command.answer(session, {
      positionals: targets,
      values,
      limit: (fallback) => intOption(values.limit, 'limit', fallback, { min: 1 }),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
    io.stdout.write(values.json ? `${JSON.stringify(answer, null, 2)}\n` : command.render(answer));
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}

export const PAGE_FLAGS: Record<string, OptionSpec> = {
  cursor: { type: 'string', value: 'C', description: 'continue after the page that returned this cursor' },
};

/** --limit with the command's own default shown in the help. */
export const limitOption = (fallback: number): Record<string, OptionSpec> => ({
  limit: {
    type: 'string',
    value: 'N',
    default: String(fallback),
    description: 'at most N items (total still counts all)',
  },
});
