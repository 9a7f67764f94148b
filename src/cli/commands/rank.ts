/** `proofmap rank --by centrality|canonicality|fan-in`: the load-bearing files, the canonical docs. */
import { rank } from '../../query/rank.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { PAGE_FLAGS, runQueryCommand } from '../query-command.js';

export const rankCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage:
        'usage: proofmap rank [--by centrality|canonicality|fan-in] [--limit N] [--cursor C] [--root DIR] [--json]',
      flags: { ...PAGE_FLAGS, by: { type: 'string' } },
      answer: (session, a) =>
        rank(session, String(a.values.by ?? 'centrality'), {
          limit: a.limit(20),
          ...(a.cursor ? { cursor: a.cursor } : {}),
        }),
      render: (answer) => renderEnvelope(answer, (r) => `${String(r.value).padEnd(10)} ${r.path}`),
    },
    argv,
    io,
  );
