/** map_areas over MCP on a real tree (proofmap's own src/): the same areas as the library, every name unique. */
import fs from 'node:fs';
import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { expect, it } from 'vitest';
import { suggestAreas } from '../../src/graph/areas.js';
import { readMapFile } from '../../src/map/emit.js';
import { createServer } from '../../src/mcp/server.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

it('map_areas lists the suggested areas like proofmap areas, deterministic for a seed', async () => {
  const root = fs.realpathSync(tmpRepo({}));
  fs.cpSync(path.resolve(import.meta.dirname, '../../src'), path.join(root, 'src'), { recursive: true });
  await scan({ root });
  const server = createServer(root);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.factory().connect(serverSide);
  const client = new Client({ name: 'proofmap-test', version: '0' });
  await client.connect(clientSide);
  try {
    const ask = async (max_tokens = 25_000) =>
      (await client.callTool({ name: 'map_areas', arguments: { seed: 2, limit: 100, max_tokens } }))
        .structuredContent as unknown as { items: { name: string; files: string[] }[]; total: number };
    const first = await ask();
    expect(first.total).toBeGreaterThan(1);
    expect(new Set(first.items.map((a) => a.name)).size).toBe(first.items.length);
    // The server keeps the areas between calls: a tight budget's cut must not shorten them.
    const tight = await ask(400);
    expect(tight.items[0]!.files.length).toBeLessThan(first.items[0]!.files.length);
    const again = await ask();
    expect(again.items).toEqual(first.items);
    expect(first.items).toEqual(suggestAreas(readMapFile(root)!, { seed: 2 }));
  } finally {
    await client.close();
    await server.close();
  }
}, 60_000);
