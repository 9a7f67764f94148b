/** `proofmap refs <symbol|path>`: every importer with file:line; the total is the true count. */
import { refs } from '../../query/refs.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec({
  name: 'refs',
  args: '<symbol|path> [dir]',
  summary: 'Every importer of a file or exported name, with file:line; the total is the true count.',
  notes: [DIR_NOTE],
  options: { ...PAGE_FLAGS, ...limitOption(100) },
  examples: ['proofmap refs scan', 'proofmap refs src/a.ts --limit 20 --json'],
});

export const refsCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      positionals: { count: 1, missing: 'refs needs a symbol or path' },
      answer: (session, a) =>
        refs(session, a.positionals[0]!, { limit: a.limit(100), ...(a.cursor ? { cursor: a.cursor } : {}) }),
      render: (answer) =>
        renderEnvelope(
          answer,
          (r) =>
            `${r.path}:${r.line ?? '?'}  ${r.relation} ${r.target}${r.names.length ? ` {${r.names.join(', ')}}` : ''}`,
        ),
    },
    argv,
    io,
  );
