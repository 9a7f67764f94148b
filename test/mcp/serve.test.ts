/**
 * `proofmap serve` as an agent meets it, with a real client of each protocol era over stdio
 * against the real child process: the v2 SDK client pinned to the stateless 2026-07-28 revision
 * (server/discover, version in _meta) and the v1 SDK client (initialize handshake). Every tool
 * is called; every result is validated against the outputSchema the server listed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { openIndex } from '../../src/store/index.js';
import {
  allPages,
  type Client,
  call,
  connect,
  type Era,
  ensureBuilt,
  type ListedTool,
  scannedRepo,
} from './fixture.js';

const TOOLS = [
  'map_areas',
  'map_check',
  'map_context',
  'map_impact',
  'map_memory',
  'map_path',
  'map_repo',
  'map_rescan',
  'map_search',
];

/** Realistic inputs for every tool, each answered from the import-forms fixture. */
const CALLS: [string, Record<string, unknown>][] = [
  ['map_context', { target: 'src/lib/named.ts' }],
  ['map_context', { target: 'src/lib' }],
  ['map_impact', { target: 'src/lib/named.ts' }],
  ['map_impact', { target: 'named', importers: true }],
  ['map_impact', { target: 'src/cli.cjs' }],
  ['map_path', { from: 'src/cli.cjs', to: 'src/lib/named.ts' }],
  ['map_search', { text: 'named' }],
  ['map_repo', {}],
  ['map_areas', {}],
  ['map_memory', { op: 'find_edges', filter: { label: 'imports' } }],
  ['map_repo', { focus: ['src/lib/named.ts'] }],
  ['map_check', {}],
  ['map_check', { what: 'cycles' }],
  ['map_check', { what: 'changes' }],
  ['map_check', { what: 'claims' }],
  ['map_rescan', {}],
];

describe.each<Era>(['modern', 'legacy'])('proofmap serve over stdio, %s client', (era) => {
  let root: string;
  let client: Client;
  let tools: ListedTool[];
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  beforeAll(async () => {
    ensureBuilt();
    root = await scannedRepo();
    client = await connect(root, [], era);
    tools = (await client.listTools()).tools;
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('lists the few tools in name order, the same on every call, each self-describing', async () => {
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    expect((await client.listTools()).tools).toEqual(tools);
    for (const t of tools) {
      expect(Buffer.byteLength(t.description ?? ''), t.name).toBeLessThanOrEqual(1024);
      expect(t.description, t.name).toMatch(/^Call /);
      expect(t.annotations, t.name).toMatchObject({ openWorldHint: false });
      expect(typeof t.annotations?.readOnlyHint, t.name).toBe('boolean');
      expect(t.inputSchema.properties, t.name).toHaveProperty('max_tokens');
      // Typed items: the item schema names its fields, not `{}`.
      const items = (
        t.outputSchema!.properties as Record<string, { items?: { properties?: object; anyOf?: object[] } }>
      ).items?.items;
      expect(items?.properties ?? items?.anyOf, t.name).toBeDefined();
    }
  });

  it.each(CALLS)(
    '%s %j: valid against its outputSchema, within budget, with a next hint',
    async (name, args) => {
      const { result, env, text } = await call(client, name, args);
      expect(result.isError, text).toBeFalsy();
      const schema = tools.find((t) => t.name === name)!.outputSchema!;
      const validate = ajv.compile(schema);
      expect(validate(env), JSON.stringify(validate.errors)).toBe(true);
      expect(env.returned).toBe(env.items.length);
      expect(env.total).toBeGreaterThanOrEqual(env.returned);
      const budget = env.budget as { max_tokens: number; tokens: number };
      expect(budget.max_tokens).toBe(1500);
      expect(budget.tokens).toBe(Math.ceil(text.length / 4));
      expect(budget.tokens).toBeLessThanOrEqual(1500);
      expect((env.next as { hint: string }).hint.length).toBeGreaterThan(0);
      expect(text.startsWith(env.query)).toBe(true);
      expect(JSON.parse(text.slice(text.indexOf('\n') + 1))).toEqual(env);
    },
  );

  it('gives real answers, not just well-formed ones', async () => {
    const impact = await call(client, 'map_impact', { target: 'src/lib/named.ts' });
    expect(impact.env.items.map((i) => i.path)).toEqual(['src/cli.cjs', 'src/index.ts']);
    expect(impact.env.next).toMatchObject({ tool: 'map_context', arguments: { target: 'src/cli.cjs' } });
    const path = await call(client, 'map_path', { from: 'src/cli.cjs', to: 'src/lib/named.ts' });
    expect(path.env.items).toMatchObject([
      { from: 'src/cli.cjs', to: 'src/lib/named.ts', relation: 'requires' },
    ]);
    const search = await call(client, 'map_search', { text: 'named', kinds: ['path'] });
    expect(search.env.items.map((i) => i.path)).toContain('src/lib/named.ts');
    const repo = await call(client, 'map_repo', { focus: ['src/cli.cjs'] });
    expect(repo.env.items[0]).toMatchObject({ path: 'src/cli.cjs', focus: true });
  });

  it('"no dependents" with unresolved imports in the repository is "none found", gaps listed', async () => {
    const { env } = await call(client, 'map_impact', { target: 'src/cli.cjs' });
    expect(env.total).toBe(0);
    const absence = env.absence as { proven: boolean; gaps: string[] };
    expect(absence.proven).toBe(false);
    expect(absence.gaps.join(' ')).toMatch(/unresolved/);
  });

  it('a small max_tokens cuts the page, keeps the exact total, and the cursor continues', async () => {
    const full = await allPages(client, 'map_repo', { limit: 500 });
    const first = await call(client, 'map_repo', { limit: 500, max_tokens: 500 });
    expect(first.env.truncated).toBe(true);
    expect(first.env.total).toBe(full.items.length);
    expect((first.env.budget as { tokens: number }).tokens).toBeLessThanOrEqual(500);
    expect(first.env.next).toMatchObject({ tool: 'map_repo', arguments: { cursor: first.env.next_cursor } });
    const cut = await allPages(client, 'map_repo', { limit: 500, max_tokens: 500 });
    expect(cut.pages).toBeGreaterThan(1);
    expect(cut.items).toEqual(full.items);
  });

  it.each([
    ['map_impact', { target: 'src/lib/named.ts', limit: 1 }],
    ['map_impact', { target: 'src/lib/named.ts', importers: true, limit: 1 }],
    ['map_search', { text: 'lib', limit: 2 }],
    ['map_repo', { limit: 2 }],
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
      ['map_impact', { target: 'src/index.ts', max_tokens: 10 }],
      ['map_check', { what: 'loudness' }],
      ['map_check', { what: 'changes', base: '--output=/tmp/x' }],
      ['map_impact', { target: 'src/lib/nmed.ts' }],
    ];
    for (const [name, args] of bad) {
      const { result, text } = await call(client, name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(text.length).toBeGreaterThan(0);
    }
    expect((await call(client, 'map_impact', { target: 'src/lib/nmed.ts' })).text).toContain(
      'nearest: src/lib/named.ts',
    );
    // An unknown tool: a tool error in one era, a protocol error in the other; never a dead server.
    await client.callTool({ name: 'map_nonexistent', arguments: {} }).catch(() => undefined);
    expect((await call(client, 'map_context', { target: 'src/index.ts' })).result.isError).toBeFalsy();
  });
});

describe('a session over the modern era: consult, edit, stale, rescan', () => {
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

  it('consulting tools leave a signed marker for the gate', async () => {
    await call(client, 'map_context', { target: 'src/lib/default.ts' });
    await call(client, 'map_impact', { target: 'src/lib/named.ts' });
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

  it('a file edited after the scan is reported stale with a rescan hint, and map_rescan makes it fresh', async () => {
    fs.appendFileSync(path.join(root, 'src/lib/named.ts'), '\nexport const later = 1;\n');
    const stale = await call(client, 'map_impact', { target: 'src/lib/named.ts' });
    expect(stale.env.freshness).toMatchObject({ fresh: false, stale: ['src/lib/named.ts'] });
    expect(stale.text.split('\n')[0]).toContain('STALE');
    expect(stale.env.next).toMatchObject({ tool: 'map_rescan' });
    const changed = await call(client, 'map_check', { what: 'changes' });
    expect(changed.env.items).toMatchObject([{ path: 'src/lib/named.ts', state: 'indexed' }]);

    const rescan = await call(client, 'map_rescan');
    expect(rescan.result.isError, rescan.text).toBeFalsy();
    expect(rescan.env.freshness.epoch).toBeGreaterThan(stale.env.freshness.epoch);
    const fresh = await call(client, 'map_impact', { target: 'src/lib/named.ts' });
    expect(fresh.env.freshness).toMatchObject({ fresh: true, epoch: rescan.env.freshness.epoch });
    expect(
      (await call(client, 'map_impact', { target: 'later', importers: true })).result.isError,
    ).toBeFalsy();
  });

  it('a rescan by another process is picked up without map_rescan', async () => {
    const before = await call(client, 'map_impact', { target: 'src/lib/default.ts', importers: true });
    fs.writeFileSync(
      path.join(root, 'src/extra.ts'),
      "import d from './lib/default.js';\nexport const e = d;\n",
    );
    await scan({ root });
    const after = await call(client, 'map_impact', { target: 'src/lib/default.ts', importers: true });
    expect(after.env.freshness.epoch).toBeGreaterThan(before.env.freshness.epoch);
    expect(after.env.total).toBe(before.env.total + 1);
    expect(after.env.items.map((i) => i.path)).toContain('src/extra.ts');
  });
});
