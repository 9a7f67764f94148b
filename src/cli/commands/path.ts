/** `proofmap path <a> <b>`: the shortest chain of relations joining two files or documents. */
import { diagramOf } from '../../query/diagram.js';
import { shortestPath } from '../../query/path.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec(
  {
    name: 'path',
    args: '<a> <b> [dir]',
    summary: 'The shortest chain of relations between two files or documents, each hop with its evidence.',
    notes: [DIR_NOTE],
    options: {},
    examples: ['proofmap path src/cli.ts src/store/db.ts', 'proofmap path docs/adr/001.md src/a.ts --json'],
  },
  true,
);

export const pathCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
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
