import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { context } from '../../src/query/context.js';
import { openSession } from '../../src/query/session.js';
import { CORE_REPO, scannedFixture, scannedRepo } from './fixture.js';

describe('context', () => {
  it('hands over zone, owners, documents, checks, neighbours and cycles', async () => {
    const session = openSession(await scannedRepo(CORE_REPO));
    const answer = context(session, 'src/core/a.ts');
    expect(answer.total).toBe(1);
    const c = answer.items[0]!;
    expect(c.zone?.path).toBe('src');
    // The last matching CODEOWNERS rule wins.
    expect(c.owners).toMatchObject({ owners: ['@core-team', '@alice'], file: '.github/CODEOWNERS', line: 3 });
    expect(c.documents.map((d) => d.path).sort()).toEqual(['README.md', 'docs/guide.md']);
    // README links to the guide, so the guide is more canonical and comes first.
    expect(c.documents[0]!.path).toBe('docs/guide.md');
    expect(c.documents[0]!.canonicality).toBeGreaterThan(c.documents[1]!.canonicality);
    expect(c.checks.map((k) => [k.run, k.source])).toEqual([
      ['npm run test:core', 'config'],
      ['npm test', 'package-script'],
      ['npm run lint', 'package-script'],
    ]);
    expect(c.checks[0]!.evidence?.path).toBe('proofmap.config.json');
    expect(c.dependencies.items.map((d) => d.path)).toEqual(['src/core/b.ts']);
    expect(c.dependents.items.map((d) => d.path)).toEqual(['src/app.ts', 'src/core/b.ts']);
    expect(c.cycles).toHaveLength(1);
    expect(c.cycles[0]!.paths.sort()).toEqual(['src/core/a.ts', 'src/core/b.ts']);
    session.close();
  });

  it('falls back to npm test when nothing declares a check, and reads typed-link covers', async () => {
    const session = openSession(await scannedFixture('docs-adr-typed-links'));
    const c = context(session, 'src/store/sqlite.ts').items[0]!;
    expect(c.checks).toEqual([
      {
        run: 'npm test',
        source: 'default',
        why: 'nothing declares a check; npm from no packageManager field and no lockfile, so npm',
      },
    ]);
    expect(c.documents.map((d) => `${d.path} ${d.relation}`)).toContain(
      'docs/adr/0004-typed-links-in-front-matter.md covers',
    );
    expect(c.owners).toBeUndefined();
    session.close();
  });
});

describe('context: related documents and records within N hops', () => {
  it('lists records reached through typed links and links, most canonical first, each with its path', async () => {
    const session = openSession(await scannedFixture('docs-adr-typed-links'));
    const related = context(session, 'src/store/sqlite.ts').items[0]!.related;
    expect(related.hops).toBe(3);
    const byPath = new Map(related.items.map((r) => [r.path, r]));
    // ADR-4 covers the file (one hop); ADR-2 is reached through ADR-3, which supersedes it.
    expect(byPath.get('docs/adr/0004-typed-links-in-front-matter.md')).toMatchObject({
      kind: 'artifact',
      artifact_id: 'ADR-4',
      hops: 1,
      via: [
        {
          from: 'docs/adr/0004-typed-links-in-front-matter.md',
          relation: 'covers',
          to: 'src/store/sqlite.ts',
        },
      ],
    });
    const adr2 = byPath.get('docs/adr/0002-use-postgres-for-storage.md')!;
    expect(adr2.hops).toBe(2);
    expect(adr2.via.map((s) => `${s.from} ${s.relation} ${s.to}`)).toEqual([
      'docs/adr/0003-use-sqlite-for-storage.md mentions src/store/sqlite.ts',
      'docs/adr/0003-use-sqlite-for-storage.md supersedes docs/adr/0002-use-postgres-for-storage.md',
    ]);
    // Every step is a real map edge, and the chain starts at the target.
    for (const r of related.items) {
      expect(r.via).toHaveLength(r.hops);
      for (const step of r.via) expect(session.edge(step.edge)?.relation).toBe(step.relation);
    }
    const ranks = related.items.map((r) => r.canonicality);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    // One hop keeps only the direct neighbours.
    const near = context(session, 'src/store/sqlite.ts', { hops: 1 }).items[0]!.related;
    expect(near.items.every((r) => r.hops === 1)).toBe(true);
    expect(near.items.map((r) => r.path)).not.toContain('docs/adr/0002-use-postgres-for-storage.md');
    session.close();
  });
});

describe('context freshness', () => {
  it('is not fresh when a listed dependency was edited and a listed dependent deleted', async () => {
    const root = await scannedRepo(CORE_REPO);
    let session = openSession(root);
    expect(context(session, 'src/core/a.ts').freshness.fresh).toBe(true);
    session.close();
    writeFileSync(path.join(root, 'src/core/b.ts'), 'export const b = 2;\n');
    rmSync(path.join(root, 'src/app.ts'));
    session = openSession(root);
    const answer = context(session, 'src/core/a.ts');
    const c = answer.items[0]!;
    expect(c.dependencies.items.map((d) => d.path)).toContain('src/core/b.ts');
    expect(c.dependents.items.map((d) => d.path)).toContain('src/app.ts');
    expect(answer.freshness).toMatchObject({
      fresh: false,
      stale: ['src/core/b.ts'],
      missing: ['src/app.ts'],
    });
    session.close();
  });
});

describe('context: checks declared in a decision record', () => {
  it('lists the front-matter checks of a record that covers the file, cited at the covers line', async () => {
    const root = await scannedRepo({
      'package.json': JSON.stringify({ name: 'r' }),
      'src/store/sqlite.ts': 'export const open = 1;\n',
      'src/other.ts': 'export const other = 1;\n',
      'docs/adr/0001-use-sqlite.md':
        '---\nstatus: accepted\ncovers: src/store/*.ts\nchecks:\n  - npm run test:store\n  - npm run bench:store\n---\n# Use SQLite\n',
      'docs/adr/0002-one-check.md':
        '---\ncovers: src/store/sqlite.ts\nchecks: npm run check:one\n---\n# One\n',
    });
    const session = openSession(root);
    const checks = context(session, 'src/store/sqlite.ts').items[0]!.checks;
    expect(checks.map((c) => [c.run, c.source, c.evidence?.path, c.evidence?.line])).toEqual([
      ['npm run test:store', 'front-matter', 'docs/adr/0001-use-sqlite.md', 3],
      ['npm run bench:store', 'front-matter', 'docs/adr/0001-use-sqlite.md', 3],
      ['npm run check:one', 'front-matter', 'docs/adr/0002-one-check.md', 2],
    ]);
    // A file no record covers gets none of them.
    expect(context(session, 'src/other.ts').items[0]!.checks.map((c) => c.source)).not.toContain(
      'front-matter',
    );
    session.close();
  });
});
