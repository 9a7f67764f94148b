/**
 * What a resident server keeps between calls (impact walks, context cores, symbol users, the
 * session itself after an unchanged rescan) must never answer for an older snapshot: each test
 * asks once to warm the cache, changes the repository, and checks the next answer is the new one.
 * What depends on more than the snapshot — freshness, CODEOWNERS — must follow the disk at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type ProofmapServer } from '../../src/mcp/server.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { call, type Client as McpClient } from './fixture.js';

let open: ProofmapServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function connectInMemory(root: string): Promise<McpClient> {
  open = createServer(fs.realpathSync(root));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await open.factory().connect(serverSide);
  const client = new Client({ name: 'proofmap-test', version: '0' });
  await client.connect(clientSide);
  return client as unknown as McpClient;
}

// b ← a ← app: b's transitive dependents are a (depth 1) and app (depth 2).
const files = {
  'package.json': '{"name":"m","version":"1.0.0","type":"module","main":"src/app.ts"}',
  'src/app.ts': "import { a } from './a.js';\nexport const app = a;\n",
  'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
  'src/b.ts': 'export const b = 1;\nexport const unused = 2;\n',
};

type Record_ = Record<string, unknown>;
const paths = (items: unknown[]) => items.map((i) => (i as { path: string }).path);

async function impactOf(client: McpClient) {
  const { env, result, text } = await call(client, 'map_impact', { target: 'src/b.ts' });
  expect(result.isError, text).toBeFalsy();
  return env;
}

async function contextOf(client: McpClient, target = 'src/b.ts') {
  const { env, result, text } = await call(client, 'map_context', { target });
  expect(result.isError, text).toBeFalsy();
  return { env, record: env.items[0] as Record_ };
}

const write = (root: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

describe('warm answers after a rescan', () => {
  it('map_impact: a kept walk gives way to the new graph after map_rescan', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    const before = await impactOf(client);
    expect(paths(before.items)).toEqual(['src/a.ts', 'src/app.ts']);
    // The second call is answered from the kept walk: the same answer, byte for byte.
    expect(await impactOf(client)).toEqual(before);
    write(root, 'src/late.ts', "import { app } from './app.js';\nexport const late = app;\n");
    const rescan = await call(client, 'map_rescan');
    expect(rescan.result.isError, rescan.text).toBeFalsy();
    const after = await impactOf(client);
    expect(after.total).toBe(3);
    expect(after.items).toMatchObject([
      { path: 'src/a.ts', depth: 1 },
      { path: 'src/app.ts', depth: 2 },
      { path: 'src/late.ts', depth: 3 },
    ]);
    expect(after.freshness.epoch).toBeGreaterThan(before.freshness.epoch);
  });

  it('map_impact and map_context: a scan by another writer moves the epoch and the answers', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    expect((await impactOf(client)).total).toBe(2);
    const importers = async () =>
      (await call(client, 'map_impact', { target: 'src/b.ts', importers: true })).env;
    expect(paths((await importers()).items)).toEqual(['src/a.ts']);
    const ctx = (await contextOf(client)).record as { dependents: { total: number } };
    expect(ctx.dependents.total).toBe(1);
    write(root, 'src/c.ts', "import { b } from './b.js';\nexport const c = b;\n");
    await scan({ root }); // not through the server: the CLI, another agent's server, a watcher
    expect(paths((await impactOf(client)).items)).toEqual(['src/a.ts', 'src/c.ts', 'src/app.ts']);
    expect(paths((await importers()).items)).toEqual(['src/a.ts', 'src/c.ts']);
    const now = (await contextOf(client)).record as { dependents: { total: number; items: unknown[] } };
    expect(now.dependents.total).toBe(2);
    expect(paths(now.dependents.items)).toEqual(['src/a.ts', 'src/c.ts']);
  });

  it('map_context: export users kept per snapshot are recounted after a rescan', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    const usersOf = async () => {
      const { record } = await contextOf(client);
      const exports = record.exports as { name: string; users: number }[];
      return Object.fromEntries(exports.map((e) => [e.name, e.users]));
    };
    expect(await usersOf()).toEqual({ b: 1, unused: 0 });
    expect(await usersOf()).toEqual({ b: 1, unused: 0 });
    write(root, 'src/d.ts', "import { unused } from './b.js';\nexport const d = unused;\n");
    await call(client, 'map_rescan');
    expect(await usersOf()).toEqual({ b: 1, unused: 1 });
  });

  it('a kept walk still reports the disk as it is now: an edit without a rescan is STALE', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    expect((await impactOf(client)).freshness.fresh).toBe(true);
    write(root, 'src/a.ts', "import { b } from './b.js';\nexport const a = b + 1;\n");
    const { env, text } = await call(client, 'map_impact', { target: 'src/b.ts' });
    expect(env.freshness).toMatchObject({ fresh: false, stale: ['src/a.ts'] });
    expect(env.next).toMatchObject({ tool: 'map_rescan' });
    expect(text).toContain('STALE');
  });

  it('a kept context core still reads CODEOWNERS from disk on every call', async () => {
    const root = tmpRepo({ ...files, CODEOWNERS: 'src/ @first\n' });
    await scan({ root });
    const client = await connectInMemory(root);
    expect((await contextOf(client)).record.owners).toMatchObject({ owners: ['@first'] });
    write(root, 'CODEOWNERS', 'src/ @second\n');
    expect((await contextOf(client)).record.owners).toMatchObject({ owners: ['@second'] });
  });

  it('map_rescan with nothing changed keeps the session; with a change it reads the new map', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    await impactOf(client);
    const session = open!.workspace.session();
    const same = await call(client, 'map_rescan');
    expect(same.env).toMatchObject({ query: 'rescan', files: 4, parsed: 0 });
    expect(same.env.freshness.epoch).toBe(1);
    // Nothing was written: the server answers from the session it had, not a reopened one.
    expect(open!.workspace.session()).toBe(session);
    write(root, 'src/e.ts', "import { b } from './b.js';\nexport const e = b;\n");
    const moved = await call(client, 'map_rescan');
    expect(moved.env).toMatchObject({ files: 5 });
    expect(moved.env.freshness.epoch).toBe(2);
    expect(open!.workspace.session()).not.toBe(session);
    expect((await impactOf(client)).total).toBe(3);
  });
});
