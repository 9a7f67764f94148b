/**
 * map_search: the index's full-text search over paths, exported symbols and headings, in the
 * common envelope. The store pages and counts; this only adds freshness for the files on the page.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Envelope } from '../../model/envelope.js';
import { searchIndex } from '../../query/search.js';
import type { SearchHit } from '../../store/index.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

export function registerSearchTool(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    'map_search',
    {
      title: 'Find files, symbols and headings',
      description:
        'Substring search over file paths, exported symbol names and document headings (case- and accent-insensitive; every word must match). Paginated.',
      inputSchema: {
        text: z.string().min(1).max(400).describe('words to find, e.g. "resolve tsconfig"'),
        kinds: z
          .array(z.enum(['path', 'symbol', 'heading']))
          .min(1)
          .optional()
          .describe('restrict to these kinds (default all)'),
        limit: pageSize(20, 200),
        cursor,
      },
      outputSchema: envelopeOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(log, (args): Envelope<SearchHit> => {
      ws.session(); // reopens on a new epoch and refuses an unscanned repository, like every tool
      return searchIndex(ws.store(), args.text, {
        limit: args.limit,
        ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
        ...(args.kinds ? { kinds: args.kinds } : {}),
      });
    }),
  );
}
