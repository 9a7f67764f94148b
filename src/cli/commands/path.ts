/** `proofmap path <a> <b>`: the shortest chain of relations joining two files or documents. */
import { diagramOf } from '../../query/diagram.js';
import { shortestPath } from '../../query/path.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { runQueryCommand } from '../query-command.js';

export const pathCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage: 'usage: proofmap path <a> <b> [--root DIR] [--json|--format dot|mermaid]',
      positionals: { count: 2, missing: 'path needs two paths' },
      answer: (session, a) => shortestPath(session, a.positionals[0]!, a.positionals[1]!),
      // Each hop drawn the way its edge runs, labelled with the relation.
      diagram: (answer) =>
        diagramOf(
          `path ${answer.items[0]?.from ?? ''} to ${answer.items.at(-1)?.to ?? ''}`,
          answer.items.map((h) =>
            h.direction === 'forward'
              ? { from: h.from, to: h.to, label: h.relation }
              : { from: h.to, to: h.from, label: h.relation },
          ),
        ),
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
