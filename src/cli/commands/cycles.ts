/** `proofmap cycles`: import cycles, one per strongly connected component. */
import { cycles } from '../../query/cycles.js';
import { diagramOf } from '../../query/diagram.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { PAGE_FLAGS, runQueryCommand } from '../query-command.js';

export const cyclesCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage: 'usage: proofmap cycles [--limit N] [--cursor C] [--root DIR] [--json|--format dot|mermaid]',
      flags: PAGE_FLAGS,
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
