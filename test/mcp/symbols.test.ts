/**
 * map_impact and map_context answer at symbol level through a real MCP client over stdio: a
 * `path#export` target gives exactly the files using that export (through barrels), and
 * map_context lists a file's exports with their users and one export's users with import line,
 * first use and chain.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { type Client, call, connect, ensureBuilt } from './fixture.js';

let root: string;
let client: Client;
beforeAll(async () => {
  ensureBuilt();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'proofmap-mcp-symbols-')));
  fs.cpSync(new URL('../fixtures/symbols-reexport-forms', import.meta.url), root, { recursive: true });
  await scan({ root });
  client = await connect(root);
}, 180_000);
afterAll(async () => {
  await client?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const paths = (items: unknown[]) => (items as { path: string }[]).map((i) => i.path).sort();

describe('MCP tools at symbol level', () => {
  it('map_impact of path#export: only the files using that export', async () => {
    const sub = await call(client, 'map_impact', { target: 'src/lib/sub.ts#sub' });
    expect(sub.result.isError).toBeFalsy();
    expect(paths(sub.env.items)).toEqual(['src/app/side.ts']);
    const byDefault = await call(client, 'map_impact', { target: 'src/lib/sub.ts#default' });
    expect(paths(byDefault.env.items)).toEqual(['src/app/main.ts']);
    // The whole file: its users through the barrel, and the barrel listed once.
    const file = await call(client, 'map_impact', { target: 'src/lib/add.ts' });
    expect(paths(file.env.items)).toEqual(['src/app/main.ts', 'src/index.ts']);
  });

  it('map_impact importers of path#export: the import line, first use and chain', async () => {
    const { env } = await call(client, 'map_impact', { target: 'src/lib/sub.ts#default', importers: true });
    expect(env.items).toEqual([
      expect.objectContaining({
        path: 'src/app/main.ts',
        line: 1,
        first_use: 7,
        via: ['src/index.ts:4'],
        symbol: 'src/lib/sub.ts#default',
      }),
    ]);
  });

  it('map_context: exports with their user counts, and path#export with its users', async () => {
    const file = await call(client, 'map_context', { target: 'src/lib/sub.ts', max_tokens: 20000 });
    const record = file.env.items[0] as { exports?: { name: string; users: number }[] };
    // ZERO: add.ts exports one too, so the barrel's two `export *` make it ambiguous (nobody gets it).
    expect(record.exports?.map((e) => [e.name, e.users])).toEqual([
      ['ZERO', 0],
      ['default', 1],
      ['sub', 1],
    ]);
    const one = await call(client, 'map_context', { target: 'src/lib/sub.ts#default', max_tokens: 20000 });
    const symbol = (
      one.env.items[0] as { symbol?: { symbol: string; users: { path: string }[]; users_total: number } }
    ).symbol;
    expect(symbol?.symbol).toBe('src/lib/sub.ts#default');
    expect(symbol?.users_total).toBe(1);
    expect(symbol?.users.map((u) => u.path)).toEqual(['src/app/main.ts']);
  });
});
