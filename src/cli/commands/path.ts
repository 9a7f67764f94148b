/** `proofmap path <a> <b>`: the shortest chain of relations joining two files or documents. */
import { shortestPath } from '../../query/path.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec({
  name: 'path',
  args: '<a> <b> [dir]',
  summary: 'The shortest chain of relations between two files or documents, each hop with its evidence.',
  notes: [DIR_NOTE],
  options: {},
  examples: ['proofmap path src/cli.ts src/store/db.ts', 'proofmap path docs/adr/001.md src/a.ts --json'],
});

export const pathCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
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
