import { cpSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GraphMemory } from '../../src/graph/memory.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { graphMemoryConformance } from './memory-conformance.js';

async function scannedMap() {
  const root = tmpRepo({});
  cpSync(new URL('../fixtures/docs-adr-typed-links', import.meta.url), root, { recursive: true });
  return (await scan({ root })).map;
}

graphMemoryConformance('the library class', async () => {
  const map = await scannedMap();
  return { memory: new GraphMemory(map), map };
});

it('never alters the observed map, and pristine says whether notes exist', async () => {
  const map = await scannedMap();
  const before = JSON.stringify(map);
  const memory = new GraphMemory(map);
  expect(memory.pristine).toBe(true);
  await memory.upsertNode({ ...map.nodes[0]!, label: 'renamed' });
  await memory.deleteEdge(map.edges[0]!.id);
  expect(memory.pristine).toBe(false);
  expect(JSON.stringify(map)).toBe(before);
  await memory.clear();
  expect(memory.pristine).toBe(true);
});
