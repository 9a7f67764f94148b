/** `proofmap impact <path|symbol>`: who depends on it, transitively, with severity. */
import path from 'node:path';
import { impact } from '../../query/impact.js';
import { renderEnvelope } from '../../query/render.js';
import { openSession } from '../../query/session.js';
import { intOption, parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';

const USAGE =
  'usage: proofmap impact <path|symbol> [--depth N] [--limit N] [--visit-limit N] [--cursor C] [--root DIR] [--json]';

export async function impactCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    {
      json: { type: 'boolean' },
      root: { type: 'string' },
      depth: { type: 'string' },
      limit: { type: 'string' },
      'visit-limit': { type: 'string' },
      cursor: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return help(io, USAGE);
  const [target] = positionals;
  if (target === undefined) throw new UsageError('impact needs a path or symbol', { hint: USAGE });
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = impact(session, target, {
      depth: intOption(values.depth as string | undefined, 'depth', Number.POSITIVE_INFINITY),
      limit: intOption(values.limit as string | undefined, 'limit', 50),
      visitLimit: intOption(values['visit-limit'] as string | undefined, 'visit-limit', 10_000),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else {
      const header = [
        `impact of ${answer.target.paths.join(', ')}: severity ${answer.severity}, ${answer.total} dependents`,
      ];
      const text = renderEnvelope(
        answer,
        (i) => `${i.depth}  ${i.path}  (${i.relation}, ${i.severity})`,
        header,
      );
      const mentions = answer.mentions.map(
        (m) => `  mentioned in ${m.path}${m.line ? `:${m.line}` : ''} (${m.relation})`,
      );
      io.stdout.write(text + (mentions.length > 0 ? `${mentions.join('\n')}\n` : ''));
    }
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}

export function help(io: Io, usage: string): CommandResult {
  io.stdout.write(`${usage}\n`);
  return { exitCode: 0 };
}
