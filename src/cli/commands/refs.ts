/** `proofmap refs <symbol|path>`: every importer with file:line; the total is the true count. */
import { refs } from '../../query/refs.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { PAGE_FLAGS, runQueryCommand } from '../query-command.js';

export const refsCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage: 'usage: proofmap refs <symbol|path> [--limit N] [--cursor C] [--root DIR] [--json]',
      flags: PAGE_FLAGS,
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
