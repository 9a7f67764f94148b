/**
 * `proofmap serve` as an agent meets it: the SDK's own client over stdio against the real child
 * process, on a scanned copy of the import-forms fixture. The tests run in order and share the
 * server, as a session would: consult, page, edit, see it stale, rescan.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { openIndex } from '../../src/store/index.js';
import { allPages, call, connect, ensureBuilt, scannedRepo } from './fixture.js';

const TOOLS = [
  'map_areas',
  'map_changes',
  'map_checkup',
  'map_claims',
  'map_context',
  'map_cycles',
  'map_impact',
  'map_memory_find',
  'map_memory_get',
  'map_memory_neighbors',
  'map_memory_write',
  'map_path',
  'map_rank',
  'map_refs',
  'map_rescan',
  'map_search',
];

let root: string;
let client: Client;

beforeAll(async () => {
  ensureBuilt();
  root = await scannedRepo();
  client = await connect(root);
}, 180_000);

afterAll(async () => {
  await client?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('proofmap serve over stdio', () => {
  it('lists every tool with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.description, t.name).toBeTruthy();
      expect(t.outputSchema, t.name).toBeDefined();
    }
    const impact = tools.find((t) => t.name === 'map_impact')!;
    expect(Object.keys(impact.inputSchema.properties ?? {}).sort()).toEqual([
      'cursor',
      'depth',
      'limit',
      'target',
      'visit_limit',
    ]);
  });

  it.each([
    ['map_context', { target: 'src/lib/named.ts' }],
    ['map_impact', { target: 'src/lib/named.ts' }],
    ['map_refs', { target: 'named' }],
    ['map_path', { from: 'src/cli.cjs', to: 'src/lib/named.ts' }],
    ['map_search', { text: 'named' }],
    ['map_cycles', {}],
    ['map_rank', { by: 'fan-in' }],
    ['map_changes', {}],
    ['map_checkup', {}],
  ])('%s answers with the envelope', async (name, args) => {
    const { result, env, text } = await call(client, name, args);
    expect(result.isError, text).toBeFalsy();
    expect(env.returned).toBe(env.items.length);
    expect(env.total).toBeGreaterThanOrEqual(env.returned);
    expect(env.freshness).toMatchObject({ fresh: true, stale: [], missing: [] });
    expect(env.freshness.epoch).toBeGreaterThan(0);
    expect(text.startsWith(env.query)).toBe(true);
    expect(JSON.parse(text.slice(text.indexOf('\n') + 1))).toEqual(env);
  });

  it('gives real answers, not just well-formed ones', async () => {
    const impact = await call(client, 'map_impact', { target: 'src/lib/named.ts' });
    expect(impact.env.items.map((i) => i.path)).toEqual(['src/cli.cjs', 'src/index.ts']);
    const path = await call(client, 'map_path', { from: 'src/cli.cjs', to: 'src/lib/named.ts' });
    expect(path.env.items).toMatchObject([
      { from: 'src/cli.cjs', to: 'src/lib/named.ts', relation: 'requires' },
    ]);
    const search = await call(client, 'map_search', { text: 'named', kinds: ['path'] });
    expect(search.env.items.map((i) => i.path)).toContain('src/lib/named.ts');
  });

  it('consulting tools leave a signed marker for the gate', async () => {
    await call(client, 'map_context', { target: 'src/lib/default.ts' });
    const store = openIndex(root, { readonly: true });
    try {
      expect(store.getMarker('src/lib/default.ts')).toMatchObject({
        path: 'src/lib/default.ts',
        query: 'context src/lib/default.ts',
      });
      expect(store.getMarker('src/lib/named.ts')?.query).toMatch(/^(impact|refs|context) /);
    } finally {
      store.close();
    }
  });

  it.each([
    ['map_impact', { target: 'src/lib/named.ts', limit: 1 }],
    ['map_refs', { target: 'src/lib/named.ts', limit: 1 }],
    ['map_search', { text: 'lib', limit: 2 }],
    ['map_rank', { by: 'centrality', limit: 2 }],
    ['map_checkup', { limit: 1 }],
  ])('%s pages add up to total', async (name, args) => {
    const { items, totals, pages } = await allPages(client, name, args);
    expect(totals).toHaveLength(1);
    expect(items).toHaveLength(totals[0]!);
    expect(new Set(items.map((i) => JSON.stringify(i))).size).toBe(items.length);
    expect(pages).toBeGreaterThan(1);
  });

  it('malformed arguments are isError results and the server keeps serving', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['map_impact', {}],
      ['map_impact', { target: 42 }],
      ['map_impact', { target: 'src/index.ts', limit: 0 }],
      ['map_impact', { target: 'src/index.ts', cursor: 'not-a-cursor' }],
      ['map_rank', { by: 'loudness' }],
      ['map_changes', { base: '--output=/tmp/x' }],
      ['map_nonexistent', {}],
    ];
    for (const [name, args] of bad) {
      const { result, text } = await call(client, name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(text.length).toBeGreaterThan(0);
    }
    const next = await call(client, 'map_context', { target: 'src/index.ts' });
    expect(next.result.isError).toBeFalsy();
  });

  it('an unknown path names the nearest ones', async () => {
    const { result, text } = await call(client, 'map_impact', { target: 'src/lib/nmed.ts' });
    expect(result.isError).toBe(true);
    expect(text).toContain('nearest: src/lib/named.ts');
  });

  it('a file edited after the scan is reported stale, and map_rescan makes it fresh', async () => {
    fs.appendFileSync(path.join(root, 'src/lib/named.ts'), '\nexport const later = 1;\n');
    const stale = await call(client, 'map_impact', { target: 'src/lib/named.ts' });
    expect(stale.env.freshness).toMatchObject({ fresh: false, stale: ['src/lib/named.ts'] });
    expect(stale.text.split('\n')[0]).toContain('STALE');
    const changed = await call(client, 'map_changes', {});
    expect(changed.env.items).toMatchObject([{ path: 'src/lib/named.ts', state: 'indexed' }]);

    const rescan = await call(client, 'map_rescan');
    expect(rescan.result.isError, rescan.text).toBeFalsy();
    expect(rescan.env.freshness.epoch).toBeGreaterThan(stale.env.freshness.epoch);
    const fresh = await call(client, 'map_impact', { target: 'src/lib/named.ts' });
    expect(fresh.env.freshness).toMatchObject({ fresh: true, epoch: rescan.env.freshness.epoch });
    expect((await call(client, 'map_refs', { target: 'later' })).result.isError).toBeFalsy();
  });

  it('a rescan by another process is picked up without map_rescan', async () => {
    const before = await call(client, 'map_refs', { target: 'src/lib/default.ts' });
    fs.writeFileSync(
      path.join(root, 'src/extra.ts'),
      "import d from './lib/default.js';\nexport const e = d;\n",
    );
    await scan({ root });
    const after = await call(client, 'map_refs', { target: 'src/lib/default.ts' });
    expect(after.env.freshness.epoch).toBeGreaterThan(before.env.freshness.epoch);
    expect(after.env.total).toBe(before.env.total + 1);
    expect(after.env.items.map((i) => i.path)).toContain('src/extra.ts');
  });
});
