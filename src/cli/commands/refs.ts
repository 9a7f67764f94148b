/** `proofmap refs <symbol|path>`: every importer with file:line; the total is the true count. */
import path from 'node:path';
import { refs } from '../../query/refs.js';
import { renderEnvelope } from '../../query/render.js';
import { openSession } from '../../query/session.js';
import { intOption, parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { help } from './impact.js';

const USAGE = 'usage: proofmap refs <symbol|path> [--limit N] [--cursor C] [--root DIR] [--json]';

export async function refsCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    {
      json: { type: 'boolean' },
      root: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return help(io, USAGE);
  const [target] = positionals;
  if (target === undefined) throw new UsageError('refs needs a symbol or path', { hint: USAGE });
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = refs(session, target, {
      limit: intOption(values.limit as string | undefined, 'limit', 100),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else
      io.stdout.write(
        renderEnvelope(
          answer,
          (r) =>
            `${r.path}:${r.line ?? '?'}  ${r.relation} ${r.target}${r.names.length ? ` {${r.names.join(', ')}}` : ''}`,
        ),
      );
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}
