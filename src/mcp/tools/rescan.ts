/**
 * map_rescan: runs the scan in-process (incremental: unchanged files reuse cached facts), then
 * drops the session so the next call reads the new snapshot. Rescans are serialised: a second
 * call while one runs waits for it and rescans again, so its answer reflects the tree as it was
 * when it was asked.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Blocker } from '../../map/schema.js';
import type { Envelope } from '../../model/envelope.js';
import { scan } from '../../scan.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

export function registerRescanTool(server: McpServer, ws: Workspace, log: Log): void {
  let running: Promise<unknown> = Promise.resolve();
  server.registerTool(
    'map_rescan',
    {
      title: 'Rescan the repository',
      description:
        'Re-indexes the repository after edits (incremental, usually well under a second for a few changed files) so later answers are fresh. Items are the guardian blockers that keep the map "proposed".',
      inputSchema: {},
      outputSchema: envelopeOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    guarded(log, async (): Promise<Envelope<Blocker>> => {
      const run = running.catch(() => undefined).then(() => scan({ root: ws.root }));
      running = run;
      const started = Date.now();
      const result = await run;
      ws.refresh();
      const epoch = ws.store().epoch();
      const items = result.guard.blockers;
      const answer: Envelope<Blocker> & Record<string, unknown> = {
        query: 'rescan',
        items,
        total: items.length,
        returned: items.length,
        truncated: false,
        freshness: { epoch, stale: [], missing: [], fresh: true },
        ...(result.recovered ? { notes: [result.recovered] } : {}),
        status: result.guard.status,
        files: result.map.nodes.filter(
          (n) => n.path !== undefined && n.kind !== 'package' && n.kind !== 'script',
        ).length,
        parsed: result.parsed,
        reused: result.reused,
        ms: Date.now() - started,
      };
      return answer;
    }),
  );
}
