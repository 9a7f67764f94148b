/**
 * map_context: what an agent reads before editing a file, folder or package. The query records
 * the consult marker the edit gate accepts (this layer must not record a second one).
 */
import { z } from 'zod';
import { context } from '../../query/index.js';
import type { Answer } from '../budget.js';
import { pageSize } from '../inputs.js';
import { contextItem, envelopeOf } from '../schemas.js';
import { READ_ONLY, type ToolSpec } from '../spec.js';

const input = {
  target: z
    .string()
    .min(1)
    .max(1000)
    .describe(
      'a repo-relative path (file, document or folder), a workspace package name, or `path#export` for one export and the files using it',
    ),
  limit: pageSize(25, 200),
  hops: z
    .number()
    .int()
    .min(1)
    .max(6)
    .default(3)
    .describe('how many relations away `related` looks for documents and decision records (default 3)'),
};

export const contextTool: ToolSpec<typeof input> = {
  name: 'map_context',
  title: 'Consult before editing',
  description:
    'Call BEFORE editing a file, folder or package: its zone, owners, the documents to read first, the checks that prove a change, what it uses and what uses it, its import cycles, its exports with how many files use each (through barrels), and the documents and decision records within `hops` relations with the path to each; `path#export` adds that export’s users with import line and first use. This is the consultation the edit gate accepts. Lists are cut to `limit` and to `max_tokens`, each cut named with its exact total.',
  input,
  output: envelopeOf(contextItem),
  annotations: { ...READ_ONLY, idempotentHint: false },
  // Exports with their user counts, and a `path#export` target's users, are lists the token
  // budget halves like every other (each cut named with its total).
  run: (ws, args) =>
    context(ws.session(), args.target, { limit: args.limit, hops: args.hops }) as unknown as Answer,
  next(a, args) {
    const record = a.items[0] as { dependents?: { total: number } } | undefined;
    return (record?.dependents?.total ?? 0) > 0
      ? {
          hint: 'see who breaks if this changes, nearest first',
          tool: 'map_impact',
          arguments: { target: args.target },
        }
      : { hint: 'nothing more to learn here: edit, then call map_rescan' };
  },
};
