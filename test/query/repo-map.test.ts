/**
 * repo map: PageRank over the import graph, personalised on the task's files. Checked on a real
 * scan of a small repository whose shape makes the expected order plain.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { repoMap } from '../../src/query/repo-map.js';
import { openSession, type Session } from '../../src/query/session.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

// core is imported by everyone; two feature islands, each with a file only it uses.
const files = {
  'src/core.ts': 'export const core = 1;\nexport function helper() {}\n',
  'src/a/entry.ts':
    "import { core } from '../core.js';\nimport { aOnly } from './a-only.js';\nexport const a = core + aOnly;\n",
  'src/a/a-only.ts': 'export const aOnly = 1;\n',
  'src/b/entry.ts':
    "import { core } from '../core.js';\nimport { bOnly } from './b-only.js';\nexport const b = core + bOnly;\n",
  'src/b/b-only.ts': 'export const bOnly = 1;\n',
  'src/c.ts': "import { core } from './core.js';\nexport const c = core;\n",
};

let session: Session | undefined;
afterEach(() => session?.close());

async function open(): Promise<Session> {
  const root = tmpRepo(files);
  await scan({ root });
  session = openSession(root);
  return session;
}

describe('repo map', () => {
  it('without focus: the file everyone imports first, with its exports; scores sum to 1', async () => {
    const s = await open();
    const map = repoMap(s, { limit: 100 });
    expect(map.items[0]).toMatchObject({
      path: 'src/core.ts',
      exports: ['core', 'helper'],
      exports_total: 2,
    });
    expect(map.total).toBe(6);
    expect(map.items.reduce((sum, i) => sum + i.score, 0)).toBeCloseTo(1, 4);
    expect(repoMap(s, { limit: 100 })).toEqual(map); // deterministic
  });

  it('personalised on one island: its files outrank the other island', async () => {
    const s = await open();
    const order = repoMap(s, { focus: ['src/a/entry.ts'], limit: 100 }).items.map((i) => i.path);
    expect(order.indexOf('src/a/a-only.ts')).toBeLessThan(order.indexOf('src/b/b-only.ts'));
    expect(order.indexOf('src/a/entry.ts')).toBeLessThan(order.indexOf('src/b/entry.ts'));
    const other = repoMap(s, { focus: ['src/b'], limit: 100 });
    expect(other.focus).toEqual(['src/b/b-only.ts', 'src/b/entry.ts']);
    const ranked = other.items.map((i) => i.path);
    expect(ranked.indexOf('src/b/b-only.ts')).toBeLessThan(ranked.indexOf('src/a/a-only.ts'));
  });
});
