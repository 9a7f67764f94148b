/** The read-only graph tools: path between two nodes, import cycles, ranking by signal. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { cycles, RANK_BY, rank, shortestPath } from '../../query/index.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

const annotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;
const node = z.string().min(1).describe('a repo-relative path or a workspace package name');

export function registerGraphTools(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    'map_path',
    {
      title: 'How two files are connected',
      description:
        'The shortest chain of relations (imports, links, covers, depends-on) joining two files, documents or packages, each hop with its edge and evidence.',
      inputSchema: { from: node, to: node },
      outputSchema: envelopeOutput,
      annotations,
    },
    guarded(log, (args) => shortestPath(ws.session(), args.from, args.to)),
  );

  server.registerTool(
    'map_cycles',
    {
      title: 'Import cycles',
      description: 'The import cycles of the repository, one per strongly connected component. Paginated.',
      inputSchema: { limit: pageSize(10, 100), cursor },
      outputSchema: envelopeOutput,
      annotations,
    },
    guarded(log, (args) =>
      cycles(ws.session(), {
        limit: args.limit,
        ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
      }),
    ),
  );

  server.registerTool(
    'map_rank',
    {
      title: 'Load-bearing files',
      description:
        'Files ranked by centrality or fan-in (the load-bearing ones), or documents by canonicality (where to start reading), highest first. Paginated.',
      inputSchema: { by: z.enum(RANK_BY).default('centrality'), limit: pageSize(20, 200), cursor },
      outputSchema: envelopeOutput,
      annotations,
    },
    guarded(log, (args) =>
      rank(ws.session(), args.by, {
        limit: args.limit,
        ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
      }),
    ),
  );
}
