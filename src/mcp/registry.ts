/**
 * The one tool registry both protocol eras are served from. A tool is a spec — name, a
 * description saying when to use it (≤ 1 KB: Claude Code cuts at 2 KB), typed input and output
 * schemas, annotations — and a body over the query layer. `registerTools` adds the shared
 * fields (`max_tokens`), the budget cut, the `next` hint and error results, in name order so
 * that tools/list is the same on every call and every era.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { decodeCursor, encodeCursor, type Freshness } from '../model/envelope.js';
import type { Answer } from './budget.js';
import { GATE_TOOL, registerGateTool } from './gate-tool.js';
import { maxTokens } from './inputs.js';
import { failure, finish, type Log, NOTHING_MORE } from './result.js';
import type { ToolSpec } from './spec.js';
import { areasTool } from './tools/areas.js';
import { checkTool } from './tools/check.js';
import { contextTool } from './tools/context.js';
import { impactTool } from './tools/impact.js';
import { memoryTool } from './tools/memory.js';
import { pathTool } from './tools/path.js';
import { repoTool } from './tools/repo.js';
import { rescanTool } from './tools/rescan.js';
import { searchTool } from './tools/search.js';
import type { Workspace } from './workspace.js';

export { READ_ONLY, type ToolSpec } from './spec.js';

export const TOOLS: readonly ToolSpec[] = (
  [
    areasTool,
    checkTool,
    contextTool,
    impactTool,
    memoryTool,
    pathTool,
    repoTool,
    rescanTool,
    searchTool,
  ] as unknown as ToolSpec[]
)
  .slice()
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/**
 * Every tool, in name order (tools/list lists them as registered). map_gate is the hook's tool:
 * it answers the hook protocol, not the envelope, so it is registered on its own.
 */
export function registerTools(server: McpServer, ws: Workspace, log: Log): void {
  let gated = false;
  for (const tool of TOOLS) {
    if (!gated && tool.name > GATE_TOOL) {
      registerGateTool(server, ws, log);
      gated = true;
    }
    const input = z.object({ ...tool.input, max_tokens: maxTokens });
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: input,
        outputSchema: tool.output as z.ZodObject,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: Record<string, unknown>) => {
        try {
          await ws.ready();
          const answer = await tool.run(ws, args as never);
          const cursor = typeof args.cursor === 'string' ? args.cursor : undefined;
          return finish(answer, {
            tool: tool.name,
            args,
            maxTokens: args.max_tokens as number,
            offset: cursor ? (tool.cursor?.offset(cursor, args as never) ?? decodeCursor(cursor)) : 0,
            cursorAt: (offset) => tool.cursor?.at(offset, args as never) ?? encodeCursor(offset),
            next: (a) => tool.next?.(a, args as never) ?? NOTHING_MORE,
            ...(tool.listed ? { freshness: (a: Answer) => listedFreshness(ws, tool, a) } : {}),
          });
        } catch (error) {
          return failure(error, log);
        }
      },
    );
  }
  if (!gated) registerGateTool(server, ws, log);
}

/** Freshness over what the cut answer lists, saying so (spec.ts, `listed`). */
function listedFreshness(ws: Workspace, tool: ToolSpec, a: Answer): Freshness {
  const { paths, covers } = tool.listed!(a);
  return { ...ws.session().deps.freshness([...new Set(paths)]), covers };
}
