/** map_repo: the repository's load-bearing files and their exports, centred on the task's files. */
import { z } from 'zod';
import { repoMap } from '../../query/index.js';
import type { Answer } from '../budget.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOf, repoItem } from '../schemas.js';
import { READ_ONLY, type ToolSpec } from '../spec.js';

const input = {
  focus: z
    .array(z.string().min(1).max(1000))
    .max(50)
    .optional()
    .describe('the files (or folders, packages) the task is about; the ranking centres on them'),
  limit: pageSize(30, 500),
  cursor,
};

export const repoTool: ToolSpec<typeof input> = {
  name: 'map_repo',
  title: 'Repository map for a task',
  description:
    'Call at the START of a task in an unfamiliar area: the most central source files and their key exports, ranked by PageRank over the import graph, personalised on the `focus` files you are working on (their neighbourhood first). Cut to `max_tokens`. Follow with map_context on the file you will edit.',
  input,
  output: envelopeOf(repoItem, { focus: z.array(z.string()) }),
  annotations: READ_ONLY,
  run: (ws, args) =>
    repoMap(ws.session(), {
      ...(args.focus ? { focus: args.focus } : {}),
      limit: args.limit,
      ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
    }) as unknown as Answer,
  next(a) {
    const first = a.items.find((i) => !(i as { focus: boolean }).focus) as { path: string } | undefined;
    return first
      ? {
          hint: 'consult the top file before editing near it',
          tool: 'map_context',
          arguments: { target: first.path },
        }
      : { hint: 'nothing more to learn here' };
  },
};
