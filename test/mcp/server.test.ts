/**
 * The server in-process over InMemoryTransport: fast checks of the workspace lifecycle — a
 * repository never scanned, the session reopened on a new epoch, internal errors as results.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type ProofmapServer } from '../../src/mcp/server.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import type { Client as McpClient } from './fixture.js';
import { call } from './fixture.js';

let open: ProofmapServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function connectInMemory(root: string, log: (line: string) => void = () => {}): Promise<McpClient> {
  open = createServer(fs.realpathSync(root), log);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await open.factory().connect(serverSide);
  const client = new Client({ name: 'proofmap-test', version: '0' });
  await client.connect(clientSide);
  return client as unknown as McpClient;
}

const files = {
  'package.json': '{"name":"m","version":"1.0.0","type":"module","main":"src/a.ts"}',
  'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
  'src/b.ts': 'export const b = 1;\n',
};

describe('MCP server in-process', () => {
  it('in a repository never scanned, tools say to call map_rescan, which fixes it', async () => {
    const root = tmpRepo(files);
    const client = await connectInMemory(root);
    const before = await call(client, 'map_impact', { target: 'src/b.ts' });
    expect(before.result.isError).toBe(true);
    expect(before.text).toContain('map_rescan');
    expect(fs.existsSync(path.join(root, '.proofmap'))).toBe(false);
    const rescan = await call(client, 'map_rescan');
    expect(rescan.result.isError, rescan.text).toBeFalsy();
    expect(rescan.env).toMatchObject({ query: 'rescan', status: 'confirmed', freshness: { epoch: 1 } });
    const after = await call(client, 'map_impact', { target: 'src/b.ts' });
    expect(after.env.items).toMatchObject([{ path: 'src/a.ts', depth: 1 }]);
  });

  it('reopens the session when another scan moved the epoch', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    expect((await call(client, 'map_impact', { target: 'src/b.ts', importers: true })).env.total).toBe(1);
    fs.writeFileSync(path.join(root, 'src/c.ts'), "import { b } from './b.js';\nexport const c = b;\n");
    await scan({ root });
    const after = await call(client, 'map_impact', { target: 'src/b.ts', importers: true });
    expect(after.env.total).toBe(2);
    expect(after.env.freshness.epoch).toBe(2);
  });

  it('two rescans at once both run, one after the other', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    fs.writeFileSync(path.join(root, 'src/c.ts'), "import { b } from './b.js';\nexport const c = b;\n");
    const [x, y] = await Promise.all([call(client, 'map_rescan'), call(client, 'map_rescan')]);
    expect([x.result.isError, y.result.isError]).toEqual([undefined, undefined]);
    // The first rescan saw the new file; the second found nothing to change (same epoch).
    expect([x.env.freshness.epoch, y.env.freshness.epoch]).toEqual([2, 2]);
    expect((await call(client, 'map_impact', { target: 'src/b.ts', importers: true })).env.total).toBe(2);
  });

  it('"no dependents" after a complete analysis is proven', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const client = await connectInMemory(root);
    const { env } = await call(client, 'map_impact', { target: 'src/a.ts' });
    expect(env).toMatchObject({ total: 0, absence: { proven: true, gaps: [] } });
    expect(env.next).toMatchObject({ hint: expect.stringMatching(/^nothing more/) });
  });

  it('a folder of 300 files: map_context stays within limit and budget, with exact totals', async () => {
    const many: Record<string, string> = { 'package.json': files['package.json'] };
    for (let i = 0; i < 300; i++)
      many[`pkg/src/m${String(i).padStart(3, '0')}.ts`] =
        `import { b } from '../../src/b.js';\nexport const m${i} = b;\n`;
    many['src/b.ts'] = files['src/b.ts'];
    const root = tmpRepo(many);
    await scan({ root });
    const client = await connectInMemory(root);
    for (const args of [
      { target: 'pkg' },
      { target: 'pkg', limit: 200 },
      { target: 'pkg', max_tokens: 600 },
    ]) {
      const { env, text, result } = await call(client, 'map_context', args);
      expect(result.isError, text).toBeFalsy();
      const budget = (args as { max_tokens?: number }).max_tokens ?? 1500;
      expect(text.length / 4).toBeLessThanOrEqual(budget);
      const record = env.items[0] as {
        target: { paths: string[]; paths_total: number };
        dependencies: { total: number };
      };
      expect(record.target.paths_total).toBe(300);
      expect(record.target.paths.length).toBeLessThanOrEqual((args as { limit?: number }).limit ?? 25);
      expect(record.dependencies.total).toBe(300); // one import edge per file, all counted
    }
  });

  it('an internal error is a one-line result; the stack goes to the log, not to the agent', async () => {
    const root = tmpRepo(files);
    await scan({ root });
    const lines: string[] = [];
    const client = await connectInMemory(root, (l) => lines.push(l));
    // Break the store under the server: the next query fails inside SQLite access.
    open!.workspace.store().close();
    const broken = await call(client, 'map_search', { text: 'b' });
    expect(broken.result.isError).toBe(true);
    expect(broken.text).toMatch(/^internal error: /);
    expect(lines.join('\n')).toContain('internal error');
  });
});
