/**
 * The proofmap MCP server: tool registrations over the query library, nothing else. The server
 * holds one Workspace (session + store) for the repository at `root`; the transport is the
 * caller's choice (stdio in `proofmap serve`, in-memory in tests).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VERSION } from '../map/version.js';
import type { Log } from './result.js';
import { registerAreasTool } from './tools/areas.js';
import { registerChangesTool } from './tools/changes.js';
import { registerCheckupTool } from './tools/checkup.js';
import { registerClaimsTool } from './tools/claims.js';
import { registerConsultTools } from './tools/consult.js';
import { registerGraphTools } from './tools/graph.js';
import { registerMemoryTools } from './tools/memory.js';
import { registerRescanTool } from './tools/rescan.js';
import { registerSearchTool } from './tools/search.js';
import { openWorkspace, type Workspace } from './workspace.js';

export interface ProofmapServer {
  server: McpServer;
  workspace: Workspace;
  close(): Promise<void>;
}

export function createServer(root: string, log: Log = () => {}): ProofmapServer {
  const server = new McpServer(
    { name: 'proofmap', version: VERSION },
    {
      instructions:
        'proofmap answers questions about this repository from its verified map. Before editing a file call map_context or map_impact on it (that is also what the edit gate accepts as consultation); after editing, map_rescan refreshes the map. map_claims checks what the docs claim against the code. Answers are paginated: pass next_cursor for more. freshness.stale lists files edited since the last scan.',
    },
  );
  const workspace = openWorkspace(root);
  registerConsultTools(server, workspace, log);
  registerGraphTools(server, workspace, log);
  registerSearchTool(server, workspace, log);
  registerChangesTool(server, workspace, log);
  registerCheckupTool(server, workspace, log);
  registerRescanTool(server, workspace, log);
  registerClaimsTool(server, workspace, log);
  registerMemoryTools(server, workspace, log);
  registerAreasTool(server, workspace, log);
  return {
    server,
    workspace,
    async close() {
      await server.close();
      workspace.close();
    },
  };
}
