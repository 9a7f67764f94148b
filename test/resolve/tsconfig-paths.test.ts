import { describe, expect, it } from 'vitest';
import { createResolver } from '../../src/resolve/index.js';
import { fixtureInput } from './fixture.js';
import { expectRows, type Row } from './table.js';

describe('tsconfig paths, extends and references (tsconfig-paths-monorepo)', () => {
  const resolver = createResolver(fixtureInput('tsconfig-paths-monorepo'));
  const app = 'packages/app/src/main.ts';
  const web = 'packages/web/src/page.ts';

  it('applies the nearest config with its extends chain', () => {
    const rows: Row[] = [
      // app/tsconfig.json → tsconfig.paths.json → tsconfig.base.json: paths relative to the base's baseUrl.
      [app, '@lib/util', 'file:packages/lib/src/util.ts'],
      [app, '@lib/util.js', 'file:packages/lib/src/util.ts'],
      [app, '@shared', 'file:packages/lib/src/shared/index.ts'],
      // ${configDir} is the directory of the config that governs the file, not of the base.
      [app, '@here/views/home', 'file:packages/app/src/views/home.ts'],
      [
        app,
        '@lib/missing',
        'unresolved:@lib/missing matches the paths alias @lib/* of packages/app/tsconfig.json, but no file matches',
      ],
      [app, 'react', 'external:react'],
      [app, 'react-dom/client', 'external:react-dom'],
      // web overrides paths: the base's @lib/* no longer applies, so @lib/util is a package name.
      [web, '@web/widgets/nav', 'file:packages/web/src/widgets/nav.ts'],
      [web, '@lib/util', 'external:@lib/util'],
      // Outside the config's include: still the nearest config (lenient, unlike tsc -p).
      ['packages/lib/test/util.check.ts', '@lib/util', 'file:packages/lib/src/util.ts'],
    ];
    expectRows(resolver, rows);
  });

  it('picks the referenced project whose include covers the file (solution-style config)', () => {
    const rows: Row[] = [
      ['apps/site/src/main.ts', '@/lib/x', 'file:apps/site/src/lib/x.ts'],
      ['apps/site/vite.config.ts', '@/plugin', 'file:apps/site/build-tools/plugin.ts'],
      // Same directory as vite.config.ts, but in no project: no alias applies.
      [
        'apps/site/other.ts',
        '@/plugin',
        'unresolved:@/plugin is neither an npm package name nor a configured alias',
      ],
    ];
    expectRows(resolver, rows);
  });

  it('reads jsconfig.json with baseUrl', () => {
    expectRows(resolver, [
      ['tools/index.js', '$lib/helper', 'file:tools/lib/helper.js'],
      ['tools/index.js', 'lib/helper', 'file:tools/lib/helper.js'],
    ]);
  });

  it('reports nothing to coverage when every config loads', () => {
    expect(resolver.coverage()).toEqual([]);
  });
});

describe('configs whose extends is not installed (tsconfig-extends-uninstalled)', () => {
  const resolver = createResolver(fixtureInput('tsconfig-extends-uninstalled'));

  it('still applies their paths, reading extends from workspace packages', () => {
    expectRows(resolver, [
      ['apps/web/src/page.ts', '@/ui/button', 'file:apps/web/src/ui/button.ts'],
      ['apps/web/src/page.ts', './ui/button.js', 'file:apps/web/src/ui/button.ts'],
      ['apps/api/src/server.ts', '#lib/db', 'file:apps/api/lib/db.ts'],
      ['apps/api/src/server.ts', './routes.js', 'file:apps/api/src/routes.ts'],
      [
        'apps/api/src/server.ts',
        '#lib/nope',
        'unresolved:#lib/nope matches the paths alias #lib/* of apps/api/tsconfig.json, but no file matches',
      ],
      ['apps/api/src/server.ts', 'fastify', 'external:fastify'],
    ]);
  });

  it('records each config oxc-resolver refused', () => {
    const scopes = resolver.coverage().map((c) => [c.scope, c.status]);
    expect(scopes).toEqual([
      ['apps/api/tsconfig.json', 'partial'],
      ['apps/web/tsconfig.json', 'partial'],
    ]);
    expect(resolver.coverage()[0]?.reason).toContain('without @tsconfig/node20/tsconfig.json');
  });
});
