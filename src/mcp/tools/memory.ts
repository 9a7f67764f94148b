/**
 * GraphMemory over MCP, for agents that keep working notes on the graph: read the map's nodes and
 * edges (map_memory_get, map_memory_find, map_memory_neighbors) and write notes in a working layer above it
 * (map_memory_write). The observed map is never changed; notes last until map_memory_write `clear` or
 * until the map itself changes (a rescan), since notes about a graph that moved would mislead.
 * Unknown filter keys are errors, as the contract (graph/memory-contract.ts) requires.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { GraphMemory } from '../../graph/memory.js';
import { mapEdgeSchema, mapNodeSchema, type ProofMap } from '../../map/schema.js';
import { InputError } from '../../model/errors.js';
import { failure, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

const id = z.string().min(1).describe('a node or edge id (12 hex digits), as map answers give them');
const filter = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'nodes: kind, zone, path (a prefix when it ends in /), label, properties {field: value}; edges: from, to, label (the relation), namespace, properties',
  );

export function registerMemoryTools(server: McpServer, ws: Workspace, log: Log): void {
  let held: { map: ProofMap; memory: GraphMemory } | undefined;
  const memory = () => {
    const map = ws.session().map;
    if (held?.map !== map) held = { map, memory: new GraphMemory(map) };
    return held.memory;
  };
  const run =
    <A>(body: (args: A) => Promise<unknown>) =>
    async (args: A): Promise<CallToolResult> => {
      try {
        const result = await body(args);
        const structured = { result } as Record<string, unknown>;
        return {
          content: [{ type: 'text', text: JSON.stringify(structured) }],
          structuredContent: structured,
        };
      } catch (error) {
        return failure(error, log);
      }
    };
  const output = { result: z.unknown() };
  const read = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

  server.registerTool(
    'map_memory_get',
    {
      title: 'One node or edge of the graph memory',
      description: 'A node or edge by id, with working notes applied; result is null when it does not exist.',
      inputSchema: z.strictObject({ id, of: z.enum(['node', 'edge']).default('node') }),
      outputSchema: output,
      annotations: read,
    },
    run(async (a) => (a.of === 'edge' ? memory().getEdge(a.id) : memory().getNode(a.id))),
  );

  server.registerTool(
    'map_memory_find',
    {
      title: 'Find nodes or edges in the graph memory',
      description:
        'Nodes or edges matching every filter key, sorted by id. An unknown filter key is an error.',
      inputSchema: z.strictObject({ of: z.enum(['nodes', 'edges']), filter }),
      outputSchema: output,
      annotations: read,
    },
    run(async (a) =>
      a.of === 'edges' ? memory().findEdges(a.filter ?? {}) : memory().findNodes(a.filter ?? {}),
    ),
  );

  server.registerTool(
    'map_memory_neighbors',
    {
      title: 'Neighbours in the graph memory',
      description: 'Nodes within depth hops of a node, nearest first then by id, each with its hop count.',
      // Strict: a misspelt option (`hops` for `depth`) is an error, not silently the default.
      inputSchema: z.strictObject({
        id,
        depth: z.number().int().min(0).max(6).optional(),
        label: z.string().min(1).optional().describe('follow only edges with this relation'),
        direction: z.enum(['out', 'in', 'both']).optional(),
      }),
      outputSchema: output,
      annotations: read,
    },
    run(async ({ id: from, ...opts }) => memory().neighbors(from, definedOnly(opts))),
  );

  server.registerTool(
    'map_memory_write',
    {
      title: 'Write a working note into the graph memory',
      description:
        'upsert_node / upsert_edge (a node or edge in the map format), delete_node / delete_edge (by id), or clear (drop every note). Notes never change map.json.',
      inputSchema: z.strictObject({
        op: z.enum(['upsert_node', 'upsert_edge', 'delete_node', 'delete_edge', 'clear']),
        node: mapNodeSchema.optional(),
        edge: mapEdgeSchema.optional(),
        id: id.optional(),
      }),
      outputSchema: output,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    run(async (a) => {
      const m = memory();
      const need = <T>(value: T | undefined, what: string): T => {
        if (value === undefined) throw new InputError(`memory_write ${a.op} needs ${what}`);
        return value;
      };
      if (a.op === 'upsert_node') return m.upsertNode(need(a.node, 'node')).then(() => null);
      if (a.op === 'upsert_edge') return m.upsertEdge(need(a.edge, 'edge')).then(() => null);
      if (a.op === 'delete_node') return m.deleteNode(need(a.id, 'id'));
      if (a.op === 'delete_edge') return m.deleteEdge(need(a.id, 'id'));
      return m.clear().then(() => null);
    }),
  );
}

function definedOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
