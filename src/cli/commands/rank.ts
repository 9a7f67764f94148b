/** `proofmap rank --by centrality|canonicality|fan-in`: the load-bearing files, the canonical docs. */
import { rank, type UnusedRankItem } from '../../query/rank.js';
import { renderEnvelope } from '../../query/render.js';
import { choiceOption } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

const RANKINGS = ['centrality', 'canonicality', 'fan-in', 'unused'] as const;

export const SPEC: CommandSpec = querySpec({
  name: 'rank',
  args: '[dir]',
  summary:
    'Files by centrality or fan-in (the load-bearing ones), documents by canonicality, or the exports no file uses (unused).',
  notes: [DIR_NOTE],
  options: {
    ...PAGE_FLAGS,
    ...limitOption(20),
    by: { type: 'string', value: RANKINGS.join('|'), default: 'centrality', description: 'what to rank by' },
  },
  examples: [
    'proofmap rank',
    'proofmap rank --by canonicality --limit 10 --json',
    'proofmap rank --by unused',
  ],
});

export const rankCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      answer: (session, a) =>
        rank(session, choiceOption(a.values.by, 'by', RANKINGS, 'centrality'), {
          limit: a.limit(20),
          ...(a.cursor ? { cursor: a.cursor } : {}),
        }),
      render: (answer) =>
        renderEnvelope(answer, (r) => {
          if (!('symbol' in r)) return `${String(r.value).padEnd(10)} ${r.path}`;
          const u = r as UnusedRankItem;
          return `${u.status.padEnd(10)} ${u.path}:${u.line} ${u.name}${u.reason ? ` (${u.reason})` : ''}`;
        }),
    },
    argv,
    io,
  );
