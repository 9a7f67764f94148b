/** map_changes: the files changed since a git revision, their severity, dependents and checks. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { changes } from '../../query/index.js';
import { cursor, pageSize, visitLimit } from '../inputs.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

export function registerChangesTool(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    'map_changes',
    {
      title: 'What changed and what it touches',
      description:
        'Files changed since a git revision (committed, staged, unstaged and untracked), each with its severity and dependents, plus the checks that prove the change. Paginated.',
      inputSchema: {
        base: z
          .string()
          .min(1)
          .max(200)
          .default('HEAD')
          .describe('git revision to compare against (default HEAD)'),
        limit: pageSize(50, 500),
        visit_limit: visitLimit,
        cursor,
      },
      outputSchema: envelopeOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(log, (args) =>
      changes(ws.session(), {
        base: args.base,
        limit: args.limit,
        visitLimit: args.visit_limit,
        ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
      }),
    ),
  );
}
