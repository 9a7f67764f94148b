/** `proofmap cycles`: import cycles, one per strongly connected component. */
import { cycles } from '../../query/cycles.js';
import { diagramOf } from '../../query/diagram.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec(
  {
    name: 'cycles',
    args: '[dir]',
    summary: 'Import cycles, one per strongly connected component, shortest first.',
    notes: [DIR_NOTE],
    options: { ...PAGE_FLAGS, ...limitOption(16) },
    examples: ['proofmap cycles', 'proofmap cycles ../repo --limit 5 --json'],
  },
  true,
);

export const cyclesCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      answer: (session, a) =>
        cycles(session, { limit: a.limit(16), ...(a.cursor ? { cursor: a.cursor } : {}) }),
      diagram: (answer) =>
        diagramOf(
          'import cycles',
          answer.items.flatMap((c) =>
            c.paths.map((p, i) => ({ from: p, to: c.paths[(i + 1) % c.paths.length]! })),
          ),
        ),
      render: (answer) =>
        renderEnvelope(
          answer,
          (c) => `${[...c.paths, c.paths[0]].join(' → ')}  (component of ${c.component})`,
        ),
    },
    argv,
    io,
  );
