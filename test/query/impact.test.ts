import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/model/errors.js';
import { impact } from '../../src/query/impact.js';
import { openSession } from '../../src/query/session.js';
import { CORE_REPO, hubRepo, scannedFixture, scannedRepo } from './fixture.js';

describe('impact', () => {
  it('walks dependents upstream by depth, with severity and mentions', async () => {
    const session = openSession(await scannedRepo(CORE_REPO));
    const answer = impact(session, 'src/core/b.ts');
    expect(answer.items.map((i) => [i.depth, i.path])).toEqual([
      [1, 'src/core/a.ts'],
      [2, 'src/app.ts'],
      [3, 'src/main.ts'],
    ]);
    expect(answer.total).toBe(3);
    expect(answer.freshness.fresh).toBe(true);
    const a = impact(session, 'src/core/a.ts');
    expect(a.mentions.map((m) => m.path)).toEqual(expect.arrayContaining(['README.md', 'docs/guide.md']));
    expect(a.severity).not.toBe('leaf');
    expect(impact(session, 'src/main.ts').severity).toBe('leaf');
    expect(impact(session, 'src/core/b.ts', { depth: 1 }).items.map((i) => i.path)).toEqual([
      'src/core/a.ts',
    ]);
    session.close();
  });

  it('by symbol: the files exporting it, then importers naming it', async () => {
    const session = openSession(await scannedRepo(CORE_REPO));
    const b = impact(session, 'b');
    expect(b.target).toMatchObject({ kind: 'symbol', symbol: 'b', paths: ['src/core/b.ts'] });
    expect(b.items.map((i) => [i.depth, i.path])).toEqual([
      [1, 'src/core/a.ts'],
      [2, 'src/app.ts'],
      [3, 'src/main.ts'],
    ]);
    // b.ts also exports c, but nobody imports c: a.ts imports only { b }.
    expect(impact(session, 'c').total).toBe(0);
    session.close();
    // A re-exporting file exports the name too, so both are targets.
    const docs = openSession(await scannedFixture('docs-adr-typed-links'));
    expect(impact(docs, 'openStore').target.paths).toEqual(['src/store/index.ts', 'src/store/sqlite.ts']);
    docs.close();
  });

  it('says the answer is a lower bound when a dependent has unresolved or non-literal imports', async () => {
    const session = openSession(await scannedFixture('import-forms'));
    const answer = impact(session, 'src/lib/named.ts');
    expect(answer.items.map((i) => i.path)).toEqual(['src/cli.cjs', 'src/index.ts']);
    expect(answer.notes?.join('\n')).toMatch(/lower bound: .*src\/index\.ts/);
    session.close();
  });

  it('pages add up to the total, and the visit limit is reported', async () => {
    const session = openSession(await scannedRepo(hubRepo(25)));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = impact(session, 'src/hub.ts', { limit: 10, ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(25);
      seen.push(...page.items.map((i) => i.path));
      cursor = page.next_cursor;
      expect(page.truncated).toBe(cursor !== undefined);
    } while (cursor);
    expect(new Set(seen).size).toBe(25);
    const cut = impact(session, 'src/hub.ts', { visitLimit: 7 });
    expect(cut.total).toBe(7);
    expect(cut.notes?.join()).toMatch(/visit limit 7 reached/);
    session.close();
  });

  it('reports a file edited after the scan as stale', async () => {
    const root = await scannedRepo(CORE_REPO);
    writeFileSync(
      path.join(root, 'src/app.ts'),
      "import { a } from './core/a.js';\nexport const app = a; // edited\n",
    );
    const session = openSession(root);
    const answer = impact(session, 'src/core/a.ts');
    expect(answer.freshness.fresh).toBe(false);
    expect(answer.freshness.stale).toEqual(['src/app.ts']);
    session.close();
  });

  it('rejects an unknown target with the nearest matches', async () => {
    const session = openSession(await scannedRepo(CORE_REPO));
    let error: unknown;
    try {
      impact(session, 'src/core/aa.ts');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).hint).toMatch(/nearest: src\/core\/a\.ts/);
    session.close();
  });
});
