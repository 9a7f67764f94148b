/**
 * The shape every query command shares: parse the common flags (--json, --root, --limit,
 * --cursor and the command's own), open one session, answer, print JSON or the text rendering,
 * close. A command supplies only what differs: its flags, its call and its line format.
 */
import path from 'node:path';
import type { Envelope } from '../model/envelope.js';
import { type Diagram, renderDiagram } from '../query/diagram.js';
import { openSession, type Session } from '../query/session.js';
import { intOption, type Options, type Parsed, parse } from './args.js';
import { UsageError } from './errors.js';
import type { CommandResult, Io } from './io.js';

export interface QueryCommand<A extends Envelope<unknown>> {
  usage: string;
  /** Flags beyond --json and --root (string-valued unless declared otherwise). */
  flags?: Options;
  /** How many positional arguments the command needs, and what to say when they are missing. */
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
  /** The answer as a graph, for `--format dot|mermaid`; commands without one reject those formats. */
  diagram?(answer: A, session: Session): Diagram;
}

export async function runQueryCommand<A extends Envelope<unknown>>(
  spec: QueryCommand<A>,
  argv: string[],
  io: Io,
): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    {
      json: { type: 'boolean' },
      root: { type: 'string' },
      ...(spec.diagram ? { format: { type: 'string' } } : {}),
      ...spec.flags,
    },
    spec.usage,
  );
  if (values.help) {
    io.stdout.write(`${spec.usage}\n`);
    return { exitCode: 0 };
  }
  const format = values.json ? 'json' : (values.format ?? 'text');
  if (format !== 'json' && format !== 'text' && format !== 'dot' && format !== 'mermaid')
    throw new UsageError(`--format must be one of text, json, dot, mermaid, got "${String(format)}"`, {
      hint: spec.usage,
    });
  if (spec.positionals && positionals.length < spec.positionals.count)
    throw new UsageError(spec.positionals.missing, { hint: spec.usage });
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = spec.answer(session, {
      positionals,
      values,
      limit: (fallback) => intOption(values.limit as string | undefined, 'limit', fallback),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
    io.stdout.write(
      format === 'json'
        ? `${JSON.stringify(answer, null, 2)}\n`
        : (format === 'dot' || format === 'mermaid') && spec.diagram
          ? renderDiagram(spec.diagram(answer, session), format)
          : spec.render(answer),
    );
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}

export const PAGE_FLAGS: Options = { limit: { type: 'string' }, cursor: { type: 'string' } };
