/**
 * The GraphMemory conformance suite through MCP: an adapter that implements the contract with
 * map_memory_* tool calls, over the in-memory transport (the same server `proofmap serve` runs),
 * and one round trip through the built binary over stdio.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';
import type { GraphMemoryContract } from '../../src/graph/memory-contract.js';
import { readMapFile } from '../../src/map/emit.js';
import { createServer } from '../../src/mcp/server.js';
import { scan } from '../../src/scan.js';
import { graphMemoryConformance } from '../graph/memory-conformance.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { connect, ensureBuilt } from './fixture.js';

async function scannedRoot(): Promise<string> {
  const root = fs.realpathSync(tmpRepo({}));
  fs.cpSync(path.resolve(import.meta.dirname, '../fixtures/docs-adr-typed-links'), root, { recursive: true });
  await scan({ root });
  return root;
}

/** The contract, implemented by calling the MCP tools: what an agent framework would write. */
function overMcp(client: Client): GraphMemoryContract {
  const tool = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const first = r.content[0];
    if (r.isError) throw new Error(first?.type === 'text' ? first.text : 'tool error');
    return (r.structuredContent as { result: unknown }).result as never;
  };
  return {
    getNode: (id) => tool('map_memory_get', { id, of: 'node' }),
    getEdge: (id) => tool('map_memory_get', { id, of: 'edge' }),
    findNodes: (filter = {}) => tool('map_memory_find', { of: 'nodes', filter }),
    findEdges: (filter = {}) => tool('map_memory_find', { of: 'edges', filter }),
    neighbors: (id, opts = {}) => tool('map_memory_neighbors', { id, ...opts }),
    upsertNode: (node) => tool('map_memory_write', { op: 'upsert_node', node }),
    upsertEdge: (edge) => tool('map_memory_write', { op: 'upsert_edge', edge }),
    deleteNode: (id) => tool('map_memory_write', { op: 'delete_node', id }),
    deleteEdge: (id) => tool('map_memory_write', { op: 'delete_edge', id }),
    clear: () => tool('map_memory_write', { op: 'clear' }),
  };
}

graphMemoryConformance('MCP tools (in-memory transport)', async () => {
  const root = await scannedRoot();
  const server = createServer(root);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.server.connect(serverSide);
  const client = new Client({ name: 'proofmap-test', version: '0' });
  await client.connect(clientSide);
  return {
    memory: overMcp(client),
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
    expect(await memory.getNode('000000000000')).toBeNull();
    await expect(memory.findEdges({ lable: 'x' } as never)).rejects.toThrow(/unknown key "lable"/);
  } finally {
    await client.close();
  }
}, 60_000);
