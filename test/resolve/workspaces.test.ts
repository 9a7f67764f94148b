import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createResolver } from '../../src/resolve/index.js';
import { fixtureDir, fixtureInput, inputFor } from './fixture.js';
import { expectRows, type Row, show } from './table.js';

const web = 'apps/web/src/main.ts';
// npm workspaces, nothing installed, nothing built: every package import must land on source.
const npmRows: Row[] = [
  [web, '@acme/ui', 'file:packages/ui/src/index.ts'],
  [web, '@acme/ui', 'file:packages/ui/src/index.ts', { typeOnly: true }],
  [web, '@acme/ui/button', 'file:packages/ui/src/button.tsx'],
  [web, '@acme/ui/styles.css', 'file:packages/ui/src/styles.css'],
  [web, '@acme/ui/card', 'file:packages/ui/src/card.ts'],
  [
    web,
    '@acme/ui/internal/secret',
    'unresolved:workspace package @acme/ui (packages/ui) has no source file for ./internal/secret',
  ],
  [web, '@acme/utils', 'file:packages/utils/src/index.ts'],
  [web, '@acme/utils/format', 'file:packages/utils/src/format.ts'],
  [web, '@acme/config', 'file:packages/config/index.js'],
  // Excluded by the negated glob: not a workspace package, so an npm package.
  [web, '@acme/legacy', 'external:@acme/legacy'],
  [web, 'react', 'external:react'],
  // A package importing itself by name goes through its own exports.
  ['packages/ui/src/card.ts', '@acme/ui/button', 'file:packages/ui/src/button.tsx'],
];

describe('npm workspaces without node_modules (workspaces-no-node-modules)', () => {
  const resolver = createResolver(fixtureInput('workspaces-no-node-modules'));

  it('finds the workspace packages from the globs', () => {
    expect(Object.fromEntries(resolver.workspaces)).toEqual({
      acme: { dir: '', manifest: 'package.json' },
      web: { dir: 'apps/web', manifest: 'apps/web/package.json' },
      '@acme/config': { dir: 'packages/config', manifest: 'packages/config/package.json' },
      '@acme/ui': { dir: 'packages/ui', manifest: 'packages/ui/package.json' },
      '@acme/utils': { dir: 'packages/utils', manifest: 'packages/utils/package.json' },
    });
  });

  it('maps package imports to source files', () => expectRows(resolver, npmRows));
});

describe('resolution does not depend on node_modules or build output', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'proofmap-resolve-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('gives the same answers once installed (symlinked workspaces) and built', () => {
    const root = path.join(tmp, 'repo');
    cpSync(fixtureDir('workspaces-no-node-modules'), root, { recursive: true });
    const bare = inputFor(root);
    const before = npmRows.map(([from, spec, , o]) => show(createResolver(bare).resolve(from, spec, o)));
    // What `npm install && npm run build` leaves behind: links to the packages, a real package, dist/.
    mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
    for (const pkg of ['ui', 'utils', 'config', 'legacy'])
      symlinkSync(path.join(root, 'packages', pkg), path.join(root, 'node_modules/@acme', pkg));
    mkdirSync(path.join(root, 'node_modules/react'));
    writeFileSync(path.join(root, 'node_modules/react/package.json'), '{"name":"react","main":"index.js"}');
    writeFileSync(path.join(root, 'node_modules/react/index.js'), '');
    mkdirSync(path.join(root, 'packages/ui/dist'));
    for (const f of ['index.js', 'index.d.ts', 'button.js', 'card.js'])
      writeFileSync(path.join(root, 'packages/ui/dist', f), '');
    const installed = inputFor(root);
    expect(installed.files).toEqual(bare.files);
    const after = npmRows.map(([from, spec, , o]) => show(createResolver(installed).resolve(from, spec, o)));
    expect(after).toEqual(before);
    // A relative path into node_modules names the package it lands in.
    expect(show(createResolver(installed).resolve(web, '../../../node_modules/react/index.js'))).toBe(
      'external:react',
    );
  });
});

describe('pnpm-workspace.yaml (pnpm-workspace-yaml)', () => {
  const resolver = createResolver(fixtureInput('pnpm-workspace-yaml'));

  it('matches ** globs and negations', () => {
    expect([...resolver.workspaces.keys()].sort()).toEqual(['@p/app', '@p/core', '@p/nested', 'pnpm-root']);
  });

  it('resolves package imports', () =>
    expectRows(resolver, [
      ['packages/app/src/app.ts', '@p/core', 'file:packages/core/src/index.ts'],
      ['packages/app/src/app.ts', '@p/nested', 'file:packages/group/nested/lib/index.js'],
      [
        'packages/app/src/app.ts',
        '@p/core/extra',
        'unresolved:workspace package @p/core (packages/core) has no source file for ./extra',
      ],
      ['packages/app/src/app.ts', 'fixture-pkg', 'external:fixture-pkg'],
    ]));
});

describe('yarn workspaces as { packages } (workspaces-object-form)', () => {
  const resolver = createResolver(fixtureInput('workspaces-object-form'));

  it('reads the packages list and prefers the source field', () => {
    expect([...resolver.workspaces.keys()].sort()).toEqual(['lib-a', 'lib-b']);
    expectRows(resolver, [
      ['libs/b/src/index.ts', 'lib-a', 'file:libs/a/src/main.ts'],
      ['libs/a/src/main.ts', 'lib-b', 'file:libs/b/src/index.ts'],
    ]);
  });
});
