/** `proofmap path <a> <b>`: the shortest chain of relations joining two files or documents. */
import path from 'node:path';
import { shortestPath } from '../../query/path.js';
import { renderEnvelope } from '../../query/render.js';
import { openSession } from '../../query/session.js';
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { help } from './impact.js';

const USAGE = 'usage: proofmap path <a> <b> [--root DIR] [--json]';

export async function pathCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' }, root: { type: 'string' } }, USAGE);
  if (values.help) return help(io, USAGE);
  const [a, b] = positionals;
  if (a === undefined || b === undefined) throw new UsageError('path needs two paths', { hint: USAGE });
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = shortestPath(session, a, b);
    if (values.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else
      io.stdout.write(
        renderEnvelope(
          answer,
          (h) =>
            `${h.from} ${h.direction === 'forward' ? '→' : '←'} ${h.to}  ${h.relation} @ ${h.evidence.path}:${h.evidence.line ?? '?'}`,
        ),
      );
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}
