/** map_areas: the areas the import graph suggests, as `proofmap areas` lists them (read-only). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { suggestAreas } from '../../graph/areas.js';
import { paginate } from '../../model/envelope.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

export function registerAreasTool(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    'map_areas',
    {
      title: 'Suggested areas',
      description:
        'Parts of the repository the import graph suggests (seeded Louvain communities): each with its files, path globs, cohesion and the import edges that cross its border, with evidence. Suggestions for a person to review, not declared areas. Paginated.',
      inputSchema: {
        seed: z.number().int().min(0).default(1).describe('the same seed gives the same areas (default 1)'),
        min_size: z.number().int().min(1).default(5).describe('smallest community listed (default 5 files)'),
        limit: pageSize(10, 100),
        cursor,
      },
      outputSchema: envelopeOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(log, (args) => {
      const session = ws.session();
      const areas = suggestAreas(session.map, { seed: args.seed, minSize: args.min_size });
      return {
        query: `areas --seed ${args.seed} --min-size ${args.min_size}`,
        ...paginate(areas, args.limit, args.cursor),
        freshness: session.deps.freshness(areas.flatMap((a) => a.files)),
      };
    }),
  );
}
