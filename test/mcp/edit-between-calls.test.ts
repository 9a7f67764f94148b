/**
 * The three answers a resident server keeps the most for (map_areas' freshness, map_check claims
 * and changes) must follow the disk on the very next call: each test asks twice to warm every
 * cache (the second answer from stamps), edits on disk without a rescan, and asks again. Date is
 * moved 10 s ahead so that the files just written are old enough for their stamps to be trusted,
 * as they would be in real use; without that every call would recompute and prove nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer, type ProofmapServer } from '../../src/mcp/server.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { call, type Client as McpClient } from './fixture.js';

let open: ProofmapServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await open?.close();
  open = undefined;
});

// A chain app → a → b → c → d: one area holding every file.
const files = {
  'package.json':
    '{"name":"m","version":"1.0.0","type":"module","main":"src/app.ts","scripts":{"build":"tsc"}}',
  'README.md': 'Run `npm run build`. The entry is `src/app.ts`.\n',
  'src/app.ts': "import { a } from './a.js';\nexport const app = a;\n",
  'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
  'src/b.ts': "import { c } from './c.js';\nexport const b = c;\n",
  'src/c.ts': "import { d } from './d.js';\nexport const c = d;\n",
  'src/d.ts': 'export const d = 1;\n',
};

async function served(): Promise<{ root: string; client: McpClient; git: (...args: string[]) => void }> {
  const root = fs.realpathSync(tmpRepo(files));
  const git = (...args: string[]) =>
    void execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, stdio: 'ignore' },
    );
  fs.writeFileSync(path.join(root, '.gitignore'), '.proofmap/\n');
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
  await scan({ root });
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
  open = createServer(root);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await open.factory().connect(serverSide);
  const client = new Client({ name: 'proofmap-test', version: '0' });
  await client.connect(clientSide);
  return { root, client: client as unknown as McpClient, git };
}

const edit = (root: string, rel: string, text: string) => fs.writeFileSync(path.join(root, rel), text);

describe('an edit between two calls shows in the next answer', () => {
  it('map_areas: the edited file listed in the answer is stale, and next says rescan', async () => {
    const { root, client } = await served();
    const ask = async () => (await call(client, 'map_areas', { min_size: 1 })).env;
    const first = await ask();
    expect((first.items as { files: string[] }[]).flatMap((a) => a.files)).toContain('src/d.ts');
    expect(first.freshness).toMatchObject({ fresh: true, stale: [] });
    expect(first.freshness.covers).toMatch(/files listed in this answer/);
    expect((await ask()).freshness.fresh).toBe(true);
    edit(root, 'src/d.ts', 'export const d = 2;\n');
    const after = await ask();
    expect(after.freshness).toMatchObject({ fresh: false, stale: ['src/d.ts'] });
    expect((after as unknown as { next: { tool: string } }).next.tool).toBe('map_rescan');
  });

  it('map_check claims: a manifest edit reruns the claims and contradicts the README', async () => {
    const { root, client } = await served();
    const ask = async () =>
      (await call(client, 'map_check', { what: 'claims' })).env as unknown as {
        cached: boolean;
        summary: Record<string, number>;
      };
    const first = await ask();
    expect(first.summary.contradicted).toBe(0);
    expect((await ask()).cached).toBe(true);
    edit(root, 'package.json', '{"name":"m","version":"1.0.0","type":"module","main":"src/app.ts"}');
    const after = await ask();
    expect(after.cached).toBe(false);
    expect(after.summary.contradicted).toBeGreaterThan(0);
  });

  it('map_check changes: an edit appears; after git add and a commit it is gone', async () => {
    const { root, client, git } = await served();
    const changed = async () => {
      const { env, result, text } = await call(client, 'map_check', { what: 'changes' });
      expect(result.isError, text).toBeFalsy();
      return env;
    };
    expect((await changed()).total).toBe(0);
    expect((await changed()).total).toBe(0);
    edit(root, 'src/d.ts', 'export const d = 2;\n');
    const edited = await changed();
    expect(edited.items).toMatchObject([{ path: 'src/d.ts', kind: 'indexed' }]);
    expect(edited.freshness.stale).toEqual(['src/d.ts']);
    git('add', 'src/d.ts');
    expect((await changed()).items).toMatchObject([{ path: 'src/d.ts' }]);
    git('commit', '-qm', 'd');
    expect((await changed()).total).toBe(0);
  });
});
