/** map_search: where is it — paths, exported symbols and headings, from the index's search. */
import { z } from 'zod';
import { searchStore } from '../../query/search.js';
import { searchRepairing } from '../../search-run.js';
import { searchCursorAt, searchCursorOffset } from '../../store/index.js';
import type { Answer } from '../budget.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOf, searchItem } from '../schemas.js';
import { READ_ONLY, type ToolSpec } from '../spec.js';

const input = {
  text: z.string().min(1).max(400).describe('words to find, e.g. "resolve tsconfig"'),
  kinds: z
    .array(z.enum(['path', 'symbol', 'heading']))
    .min(1)
    .max(3)
    .optional()
    .describe('restrict to these kinds (default all)'),
  limit: pageSize(20, 200),
  cursor,
};

export const searchTool: ToolSpec<typeof input> = {
  name: 'map_search',
  title: 'Where is it',
  description:
    'Call when you know a name but not the file: substring search over file paths, exported symbol names and document headings (case- and accent-insensitive; every word must match), with line numbers. Cheaper than grep over the tree.',
  input,
  output: envelopeOf(searchItem),
  annotations: READ_ONLY,
  async run(ws, args) {
    ws.session(); // reopens on a new epoch and refuses an unscanned repository, like every tool
    const opts = {
      limit: args.limit,
      ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
      ...(args.kinds ? { kinds: args.kinds } : {}),
    };
    // The shared index is PostgreSQL's to keep sound; a local one with damaged search pages is
    // rebuilt by a full scan, then the session reopens on the new index.
    if (ws.shared) return searchStore(ws.searcher(), args.text, opts) as unknown as Promise<Answer>;
    const answer = await searchRepairing(
      ws.root,
      { store: () => ws.store(), rebuilt: () => ws.refresh() },
      args.text,
      opts,
    );
    return answer as unknown as Answer;
  },
  cursor: {
    offset: (cursor, args) => searchCursorOffset(args.text, args.kinds, cursor),
    at: (offset, args) => searchCursorAt(args.text, args.kinds, offset),
  },
  next(a) {
    if (a.total === 0) return { hint: 'nothing found: try fewer or shorter words' };
    const first = a.items[0] as { path: string };
    return {
      hint: 'consult the best hit before editing it',
      tool: 'map_context',
      arguments: { target: first.path },
    };
  },
};
