/**
 * map_checkup: the declared structure (proofmap.config.*) against the map of the last scan, the
 * problems paginated in the envelope. Unlike `proofmap check` it does not rescan first (a scan
 * per call is too slow for an agent loop); freshness says when the files behind a problem changed
 * and map_rescan brings the map up to date. Pages are small: a problem's message runs to ~1 KB.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { checkup, type Problem } from '../../checkup/index.js';
import { type Envelope, paginate } from '../../model/envelope.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

export function registerCheckupTool(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    'map_checkup',
    {
      title: 'Check the declared structure',
      description:
        'Checks proofmap.config.* (forbidden and required dependencies, entries, flows, cycles, dead code, orphan documents) against the indexed map. Errors first. Paginated.',
      inputSchema: { limit: pageSize(10, 200), cursor },
      outputSchema: envelopeOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(log, (args) => {
      const session = ws.session();
      const loaded = session.deps.config();
      const result = checkup(session.map, loaded.config, {
        ...(loaded.file ? { configFile: loaded.file } : {}),
        lineOf: loaded.lineOf,
        mode: 'warn',
      });
      const page = paginate(result.problems, args.limit, args.cursor);
      const behind = page.items.flatMap((p) =>
        p.evidence.filter((e) => e.source !== 'config').map((e) => e.path),
      );
      const answer: Envelope<Problem> & Record<string, unknown> = {
        query: 'checkup',
        ...page,
        freshness: session.deps.freshness([...new Set(behind)]),
        notes: ['judged on the map of the last scan: call map_rescan first if files changed since'],
        ok: result.ok,
        errors: result.problems.filter((p) => p.kind === 'error').length,
        ignored: result.ignored,
        entries: result.entries,
      };
      return answer;
    }),
  );
}
