/** `proofmap rank --by centrality|canonicality|fan-in`: the load-bearing files, the canonical docs. */
import path from 'node:path';
import { rank } from '../../query/rank.js';
import { renderEnvelope } from '../../query/render.js';
import { openSession } from '../../query/session.js';
import { intOption, parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { help } from './impact.js';

const USAGE =
  'usage: proofmap rank [--by centrality|canonicality|fan-in] [--limit N] [--cursor C] [--root DIR] [--json]';

export async function rankCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values } = parse(
    argv,
    {
      json: { type: 'boolean' },
      root: { type: 'string' },
      by: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return help(io, USAGE);
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = rank(session, String(values.by ?? 'centrality'), {
      limit: intOption(values.limit as string | undefined, 'limit', 20),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else io.stdout.write(renderEnvelope(answer, (r) => `${String(r.value).padEnd(10)} ${r.path}`));
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}
