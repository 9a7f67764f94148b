/**
 * map_memory: GraphMemory (graph/memory-contract.ts) over MCP, for agents that keep working notes
 * on the graph. One tool, one `op`: reads (get_node, get_edge, find_nodes, find_edges, neighbors)
 * answer with the map's nodes and edges plus the notes; writes (upsert_node, upsert_edge,
 * delete_node, delete_edge, clear) land in a layer above the map and never change map.json.
 * Notes last until `clear` or until the map itself changes (a rescan): notes about a graph that
 * moved would mislead. `filter` and `options` go to the contract as given, so an unknown key is
 * an error there rather than a default here.
 */
import { z } from 'zod';
import { GraphMemory } from '../../graph/memory.js';
import { mapEdgeSchema, mapNodeSchema, type ProofMap } from '../../map/schema.js';
import { InputError } from '../../model/errors.js';
import type { Answer } from '../budget.js';
import { envelopeOf } from '../schemas.js';
import type { ToolSpec } from '../spec.js';
import type { Workspace } from '../workspace.js';

const OPS = [
  'get_node',
  'get_edge',
  'find_nodes',
  'find_edges',
  'neighbors',
  'upsert_node',
  'upsert_edge',
  'delete_node',
  'delete_edge',
  'clear',
] as const;

const input = {
  op: z.enum(OPS),
  id: z.string().min(1).max(64).optional().describe('node or edge id (get_*, delete_*, neighbors)'),
  filter: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'find_nodes: kind, zone, path (a prefix when it ends in /), label, properties {field: value}; find_edges: from, to, label (the relation), namespace, properties',
    ),
  options: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('neighbors: depth (default 1), label (a relation), direction (out, in, both)'),
  node: mapNodeSchema.optional(),
  edge: mapEdgeSchema.optional(),
};

const held = new WeakMap<Workspace, { map: ProofMap; memory: GraphMemory }>();

function memoryOf(ws: Workspace): GraphMemory {
  const map = ws.session().map;
  let entry = held.get(ws);
  if (entry?.map !== map) {
    entry = { map, memory: new GraphMemory(map) };
    held.set(ws, entry);
  }
  return entry.memory;
}

export const memoryTool: ToolSpec<typeof input> = {
  name: 'map_memory',
  title: 'Graph memory: read the graph, keep notes on it',
  description:
    'Call to read nodes and edges by id or filter, walk neighbours, or keep working notes (upsert/delete/clear) in a layer above the verified map. A missing node or edge gives no item; an unknown filter key is an error.',
  input,
  // A node, an edge, a neighbour ({ node, depth }) or a write's outcome (true, or whether it existed).
  output: envelopeOf(
    z.union([
      mapNodeSchema,
      mapEdgeSchema,
      z.looseObject({ node: mapNodeSchema, depth: z.number().int() }),
      z.boolean(),
    ]),
  ),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(ws, args) {
    const m = memoryOf(ws);
    const need = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new InputError(`map_memory ${args.op} needs ${what}`);
      return value;
    };
    const result = await (async (): Promise<unknown> => {
      switch (args.op) {
        case 'get_node':
          return m.getNode(need(args.id, 'id'));
        case 'get_edge':
          return m.getEdge(need(args.id, 'id'));
        case 'find_nodes':
          return m.findNodes((args.filter ?? {}) as never);
        case 'find_edges':
          return m.findEdges((args.filter ?? {}) as never);
        case 'neighbors':
          return m.neighbors(need(args.id, 'id'), (args.options ?? {}) as never);
        case 'upsert_node':
          return m.upsertNode(need(args.node, 'node')).then(() => true);
        case 'upsert_edge':
          return m.upsertEdge(need(args.edge, 'edge')).then(() => true);
        case 'delete_node':
          return m.deleteNode(need(args.id, 'id'));
        case 'delete_edge':
          return m.deleteEdge(need(args.id, 'id'));
        default:
          return m.clear().then(() => true);
      }
    })();
    const items = Array.isArray(result) ? result : result === null ? [] : [result];
    return {
      query: `memory ${args.op}${args.id ? ` ${args.id}` : ''}`,
      items,
      total: items.length,
      returned: items.length,
      truncated: false,
      freshness: ws.session().deps.freshness([]),
    } as unknown as Answer;
  },
};
