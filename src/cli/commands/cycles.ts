/** `proofmap cycles`: import cycles, one per strongly connected component. */
import path from 'node:path';
import { cycles } from '../../query/cycles.js';
import { renderEnvelope } from '../../query/render.js';
import { openSession } from '../../query/session.js';
import { intOption, parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { help } from './impact.js';

const USAGE = 'usage: proofmap cycles [--limit N] [--cursor C] [--root DIR] [--json]';

export async function cyclesCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values } = parse(
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
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = cycles(session, {
      limit: intOption(values.limit as string | undefined, 'limit', 16),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else
      io.stdout.write(
        renderEnvelope(
          answer,
          (c) => `${[...c.paths, c.paths[0]].join(' → ')}  (component of ${c.component})`,
        ),
      );
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}
