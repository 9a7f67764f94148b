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
