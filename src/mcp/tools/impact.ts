/**
 * map_impact: who depends on a target (transitively, nearest first), or with `importers` every
 * import of it with line and excerpt. An empty answer says whether "none" is proven (complete
 * analysis) or only "none found" (the coverage gaps that could hide a dependent are listed).
 */
import { z } from 'zod';
import { impact, refs } from '../../query/index.js';
import type { Answer } from '../budget.js';
import { cursor, pageSize, target, visitLimit } from '../inputs.js';
import { envelopeOf, impactItem, refItem } from '../schemas.js';
import { READ_ONLY, type ToolSpec } from '../spec.js';

const input = {
  target,
  importers: z
    .boolean()
    .default(false)
    .describe('list each direct import (file, line, imported names) instead of the transitive dependents'),
  depth: z.number().int().min(1).optional().describe('how many import levels to follow (default all)'),
  limit: pageSize(50, 500),
  visit_limit: visitLimit,
  cursor,
};

export const impactTool: ToolSpec<typeof input> = {
  name: 'map_impact',
  title: 'What an edit could break',
  description:
    'Call before changing a file or an exported symbol\'s signature (`path#export`: only the files using that export, through barrels): who depends on it, transitively, nearest first, with severities and the documents that mention it; `importers: true` gives each direct import with its line instead. "No dependents" comes with `absence.proven`: true only when the analysis was complete, else the gaps are listed. Records the consultation the edit gate accepts.',
  input,
  output: envelopeOf(z.union([impactItem, refItem])),
  annotations: { ...READ_ONLY, idempotentHint: false },
  run(ws, args) {
    const page = {
      limit: args.limit,
      ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
    };
    const answer = (args.importers
      ? refs(ws.session(), args.target, page)
      : impact(ws.session(), args.target, {
          ...page,
          visitLimit: args.visit_limit,
          ...(args.depth !== undefined ? { depth: args.depth } : {}),
        })) as unknown as Answer;
    return args.cursor === undefined ? withAbsence(answer) : answer;
  },
  next(a) {
    if (a.total === 0) return { hint: 'nothing more to learn here: no dependent to check' };
    const first = a.items[0] as { path: string };
    return {
      hint: 'read the nearest dependent before editing',
      tool: 'map_context',
      arguments: { target: first.path },
    };
  },
};

/** "None found" is proven only when no note says the walk was a lower bound. */
export function withAbsence(a: Answer): Answer {
  if (a.total > 0) return a;
  const gaps = (a.notes ?? []).filter((n) =>
    /lower bound|unresolved|not analysed|visit limit|may miss|suspect/i.test(n),
  );
  return { ...a, absence: { proven: gaps.length === 0, gaps } };
}
