import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changes } from '../../src/query/changes.js';
import { cycles } from '../../src/query/cycles.js';
import { shortestPath } from '../../src/query/path.js';
import { rank } from '../../src/query/rank.js';
import { refs } from '../../src/query/refs.js';
import { openSession } from '../../src/query/session.js';
import { CORE_REPO, hubRepo, scannedFixture, scannedRepo } from './fixture.js';

describe('refs', () => {
  it('lists every importer of a file with file:line', async () => {
    const session = openSession(await scannedFixture('import-forms'));
    const answer = refs(session, 'src/lib/named.ts');
    expect(answer.items.map((r) => `${r.path}:${r.line} ${r.relation}`)).toEqual([
      'src/cli.cjs:1 requires',
      'src/index.ts:3 imports',
    ]);
    session.close();
  });

  it('keeps the true count when paginated', async () => {
    const session = openSession(await scannedRepo(hubRepo(12)));
    const first = refs(session, 'hub', { limit: 5 });
    expect([first.total, first.returned, first.truncated]).toEqual([12, 5, true]);
    const second = refs(session, 'hub', { limit: 5, cursor: first.next_cursor! });
    expect(second.items[0]!.path).toBe('src/user05.ts');
    session.close();
  });
});

describe('path', () => {
  it('joins a document to code through the shortest chain, with edge ids and evidence', async () => {
    const session = openSession(await scannedRepo(CORE_REPO));
    const answer = shortestPath(session, 'README.md', 'src/main.ts');
    expect(answer.items.map((h) => `${h.from} ${h.direction} ${h.to}`)).toEqual([
      'README.md forward src/core/a.ts',
      'src/core/a.ts backward src/app.ts',
      'src/app.ts backward src/main.ts',
    ]);
    for (const hop of answer.items) expect(session.edge(hop.edge)?.evidence[0]).toEqual(hop.evidence);
    session.close();
  });
});

describe('cycles and rank', () => {
  it('reports the import cycle once, from its smallest id', async () => {
    const session = openSession(await scannedRepo(CORE_REPO));
    const answer = cycles(session);
    expect(answer.total).toBe(1);
    const [cycle] = answer.items;
    expect(cycle!.nodes[0]).toBe([...cycle!.nodes].sort()[0]);
    expect(cycle!.evidence.map((e) => e.path).sort()).toEqual(['src/core/a.ts', 'src/core/b.ts']);
    session.close();
  });

  it('ranks by centrality, fan-in and canonicality', async () => {
    const session = openSession(await scannedRepo(CORE_REPO));
    expect(rank(session, 'fan-in').items[0]).toMatchObject({ path: 'src/core/a.ts', value: 2 });
    // main→app→a⇄b: app carries main…a and main…b, a carries main…b and app…b: 2/6 each.
    // Normalised over every file of the import view (config files included): (n-1)(n-2).
    const central = rank(session, 'centrality', { limit: 50 });
    const n = session.map.nodes.filter((x) => x.kind === 'file').length;
    const expected = Math.round((2 / ((n - 1) * (n - 2))) * 1e6) / 1e6;
    expect(central.items.slice(0, 2)).toEqual([
      { path: 'src/app.ts', kind: 'file', value: expected },
      { path: 'src/core/a.ts', kind: 'file', value: expected },
    ]);
    expect(central.total).toBe(n);
    expect(rank(session, 'canonicality').items.map((i) => i.path)).toContain('docs/guide.md');
    expect(() => rank(session, 'size')).toThrow(/cannot rank by "size"/);
    session.close();
  });
});

describe('changes', () => {
  it('lists changed and untracked files with dependents, severity and checks', async () => {
    const root = await scannedRepo(CORE_REPO, { git: true });
    writeFileSync(
      path.join(root, 'src/core/b.ts'),
      "import { a } from './a.js';\nexport const b = 2;\nexport const c = () => a;\n",
    );
    writeFileSync(path.join(root, 'src/new.ts'), 'export const n = 1;\n');
    const session = openSession(root);
    const answer = changes(session);
    expect(answer.items.map((f) => [f.path, f.state, f.dependents])).toEqual([
      ['src/core/b.ts', 'indexed', 3],
      ['src/new.ts', 'new', 0],
    ]);
    expect(answer.checks.map((c) => c.run)).toContain('npm run test:core');
    expect(answer.freshness.stale).toEqual(['src/core/b.ts']);
    expect(() => changes(session, { base: 'no-such-rev' })).toThrow(/git diff failed/);
    session.close();
  });
});
