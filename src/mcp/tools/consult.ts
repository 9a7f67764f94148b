/**
 * The consulting tools — context, impact, refs: what an agent asks before an edit. The queries
 * themselves record the consult marker for their target files (session.deps.consulted), which
 * is what the edit gate later accepts as proof that the agent looked; this layer must not record
 * a second one.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { context, impact, refs } from '../../query/index.js';
import { cursor, depth, pageSize, target, visitLimit } from '../inputs.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

// The only write is the marker in .proofmap/index.db (derived data), never the repository.
const annotations = { readOnlyHint: true, openWorldHint: false } as const;

export function registerConsultTools(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    'map_context',
    {
      title: 'Context before editing a file',
      description:
        'Before editing a file, folder or package: its zone, owners, the documents to read first, the checks that prove a change, what it uses and what uses it, its import cycles. Records that you consulted it.',
      inputSchema: {
        target: z
          .string()
          .min(1)
          .describe('a repo-relative path (file, document or folder) or a workspace package name'),
        limit: pageSize(25, 200).describe(
          'at most this many documents, dependencies and dependents (default 25)',
        ),
        hops: z
          .number()
          .int()
          .min(1)
          .max(6)
          .default(3)
          .describe('how many relations away `related` looks for documents and decision records (default 3)'),
      },
      outputSchema: envelopeOutput,
      annotations,
    },
    guarded(log, (args) => context(ws.session(), args.target, { limit: args.limit, hops: args.hops })),
  );

  server.registerTool(
    'map_impact',
    {
      title: 'What an edit could break',
      description:
        'Who depends on a file, folder or exported symbol, transitively, nearest first, with severities and the documents that mention it. Paginated; notes say when the answer is a lower bound. Records that you consulted it.',
      inputSchema: { target, depth, limit: pageSize(50, 500), visit_limit: visitLimit, cursor },
      outputSchema: envelopeOutput,
      annotations,
    },
    guarded(log, (args) =>
      impact(ws.session(), args.target, {
        ...(args.depth !== undefined ? { depth: args.depth } : {}),
        limit: args.limit,
        visitLimit: args.visit_limit,
        ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
      }),
    ),
  );

  server.registerTool(
    'map_refs',
    {
      title: 'Importers of a file or symbol',
      description:
        'Every import of a file or of an exported name, with the importing file, line and excerpt. Paginated; total counts every reference. Records that you consulted it.',
      inputSchema: { target, limit: pageSize(50, 500), cursor },
      outputSchema: envelopeOutput,
      annotations,
    },
    guarded(log, (args) =>
      refs(ws.session(), args.target, {
        limit: args.limit,
        ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
      }),
    ),
  );
}
