/** `proofmap path <a> <b>`: the shortest chain of relations joining two files or documents. */
import { shortestPath } from '../../query/path.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { runQueryCommand } from '../query-command.js';

export const pathCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage: 'usage: proofmap path <a> <b> [--root DIR] [--json]',
      positionals: { count: 2, missing: 'path needs two paths' },
      answer: (session, a) => shortestPath(session, a.positionals[0]!, a.positionals[1]!),
      render: (answer) =>
        renderEnvelope(
          answer,
          (h) =>
            `${h.from} ${h.direction === 'forward' ? '→' : '←'} ${h.to}  ${h.relation} @ ${h.evidence.path}:${h.evidence.line ?? '?'}`,
        ),
    },
    argv,
    io,
  );
