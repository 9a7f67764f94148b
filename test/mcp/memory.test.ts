/**
 * The GraphMemory conformance suite through MCP: an adapter that implements the contract with
 * map_memory_* tool calls, over the in-memory transport (the same server `proofmap serve` runs),
 * and one round trip through the built binary over stdio.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { expect, it } from 'vitest';
import type { GraphMemoryContract } from '../../src/graph/memory-contract.js';
import { readMapFile } from '../../src/map/emit.js';
import { createServer } from '../../src/mcp/server.js';
import { scan } from '../../src/scan.js';
import { graphMemoryConformance } from '../graph/memory-conformance.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { call, connect, ensureBuilt, type Client as McpClient } from './fixture.js';

async function scannedRoot(): Promise<string> {
  const root = fs.realpathSync(tmpRepo({}));
  fs.cpSync(path.resolve(import.meta.dirname, '../fixtures/docs-adr-typed-links'), root, { recursive: true });
  await scan({ root });
  return root;
}

/** The contract, implemented by calling map_memory: what an agent framework would write. */
function overMcp(client: McpClient): GraphMemoryContract {
  // A large budget: the suite compares whole answers, and the budget's cut is tested elsewhere.
  const tool = async (args: Record<string, unknown>) => {
    const { result, env, text } = await call(client, 'map_memory', { ...args, max_tokens: 25_000 });
    if (result.isError) throw new Error(text);
    if (env.truncated) throw new Error(`map_memory ${String(args.op)}: answer cut by the budget`);
    return env.items as unknown[];
  };
  const one = async (args: Record<string, unknown>) => ((await tool(args))[0] ?? null) as never;
  const done = async (args: Record<string, unknown>) => {
    await tool(args);
  };
  return {
    getNode: (id) => one({ op: 'get_node', id }),
    getEdge: (id) => one({ op: 'get_edge', id }),
    findNodes: async (filter = {}) => (await tool({ op: 'find_nodes', filter })) as never,
    findEdges: async (filter = {}) => (await tool({ op: 'find_edges', filter })) as never,
    neighbors: async (id, options = {}) => (await tool({ op: 'neighbors', id, options })) as never,
    upsertNode: (node) => done({ op: 'upsert_node', node }),
    upsertEdge: (edge) => done({ op: 'upsert_edge', edge }),
    deleteNode: (id) => one({ op: 'delete_node', id }),
    deleteEdge: (id) => one({ op: 'delete_edge', id }),
    clear: () => done({ op: 'clear' }),
  };
}

graphMemoryConformance('MCP tools (in-memory transport)', async () => {
  const root = await scannedRoot();
  const server = createServer(root);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.factory().connect(serverSide);
  const client = new Client({ name: 'proofmap-test', version: '0' });
  await client.connect(clientSide);
  return {
    memory: overMcp(client as unknown as McpClient),
    map: readMapFile(root)!,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
});

it('serves the graph memory over stdio from the built binary', async () => {
  ensureBuilt();
  const root = await scannedRoot();
  const client = await connect(root);
  try {
    const memory = overMcp(client);
    const map = readMapFile(root)!;
    const supersedes = map.edges.filter((e) => e.relation === 'supersedes');
    expect(supersedes.length).toBeGreaterThan(0);
    expect(await memory.findEdges({ label: 'supersedes' })).toEqual(supersedes);
    expect(await memory.neighbors(supersedes[0]!.to, { label: 'supersedes' })).toHaveLength(1);
    expect(await memory.getNode('000000000000')).toBeNull();
    await expect(memory.findEdges({ lable: 'x' } as never)).rejects.toThrow(/unknown key "lable"/);
  } finally {
    await client.close();
  }
}, 60_000);
