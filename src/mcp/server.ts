/**
 * The proofmap MCP server, built on the v2 SDK (@modelcontextprotocol/server), which serves both
 * protocol eras from one registration: the stateless 2026-07-28 revision (server/discover,
 * `_meta` version, resultType, cache hints) and the 2025 initialize handshake. One Workspace
 * (session + store) per repository is shared by every connection's McpServer instance.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { VERSION } from '../map/version.js';
import { registerTools } from './registry.js';
import type { Log } from './result.js';
import { openSharedWorkspace, type SharedTarget } from './shared-workspace.js';
import { openWorkspace, type Workspace } from './workspace.js';

/**
 * The first ~500 characters decide whether an agent uses the server at all: they say what it is
 * for and the one habit that matters (consult before editing). Under 2 KB in all.
 */
export const INSTRUCTIONS =
  'proofmap answers questions about THIS repository from a verified import/docs map, every edge with file:line evidence. Use it instead of grepping: map_repo at the start of a task, map_context BEFORE editing a file (the edit gate asks for it), map_impact before changing what others import, map_search to find a name, map_check after editing, map_rescan when an answer says STALE. Every answer fits `max_tokens` (default 1500), says its exact totals, and ends with `next`: the call to make next.';

/** tools/list changes only with a new proofmap version: let clients keep it for a while. */
const LIST_TTL_MS = 10 * 60_000;

export function buildServer(workspace: Workspace, log: Log = () => {}): McpServer {
  const server = new McpServer(
    { name: 'proofmap', version: VERSION },
    {
      instructions: INSTRUCTIONS,
      cacheHints: {
        'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
        'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
      },
    },
  );
  registerTools(server, workspace, log);
  return server;
}

export interface ProofmapServer {
  /** A new McpServer over the shared workspace: one per connection (the stdio entry asks once). */
  factory(): McpServer;
  workspace: Workspace;
  close(): Promise<void>;
}

export function createServer(
  root: string,
  log: Log = () => {},
  opts: { shared?: SharedTarget } = {},
): ProofmapServer {
  const workspace = opts.shared ? openSharedWorkspace(root, opts.shared) : openWorkspace(root);
  const made: McpServer[] = [];
  return {
    factory() {
      const server = buildServer(workspace, log);
      made.push(server);
      return server;
    },
    workspace,
    async close() {
      for (const s of made) await s.close();
      await workspace.close();
    },
  };
}
