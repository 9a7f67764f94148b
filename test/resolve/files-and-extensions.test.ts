import { describe, it } from 'vitest';
import { createResolver } from '../../src/resolve/index.js';
import { fixtureInput } from './fixture.js';
import { expectRows } from './table.js';

describe('extension mapping, index files and declaration siblings (extension-mapping)', () => {
  // src/generated.ts exists on disk but is not discovered (as if git-ignored).
  const resolver = createResolver(fixtureInput('extension-mapping', (rel) => rel !== 'src/generated.ts'));
  const from = 'src/main.ts';

  it('maps emitted extensions to sources', () =>
    expectRows(resolver, [
      [from, './a.js', 'file:src/a.ts'],
      [from, './a', 'file:src/a.ts'],
      [from, './a.ts', 'file:src/a.ts'],
      [from, './comp.js', 'file:src/comp.tsx'],
      [from, './comp.jsx', 'file:src/comp.tsx'],
      [from, './esm.mjs', 'file:src/esm.mts'],
      [from, './cjs.cjs', 'file:src/cjs.cts'],
      [from, './plain.js', 'file:src/plain.js'],
      [from, './plain', 'file:src/plain.js'],
      [from, './both.js', 'file:src/both.ts'],
      [from, '../lib/shared.js', 'file:lib/shared.ts'],
    ]));

  it('resolves directories to index files and package.json main', () =>
    expectRows(resolver, [
      [from, './dir', 'file:src/dir/index.ts'],
      [from, './dir/index.js', 'file:src/dir/index.ts'],
      [from, './jsdir', 'file:src/jsdir/index.js'],
      [from, './pkgdir', 'file:src/pkgdir/entry.ts'],
      // A file beside a directory of the same name wins, unless the specifier names a directory.
      [from, './types', 'file:src/types.js'],
      [from, './types/', 'file:src/types/index.ts'],
      ['src/types/deep/x.ts', '..', 'file:src/types/index.ts'],
      ['src/types/deep/x.ts', '../', 'file:src/types/index.ts'],
      ['src/types/deep/x.ts', '../../types', 'file:src/types.js'],
      ['src/types/index.ts', '.', 'file:src/types/index.ts'],
    ]));

  it('takes code for value imports and declarations for type-only imports', () =>
    expectRows(resolver, [
      [from, './legacy.js', 'file:src/legacy.js'],
      [from, './legacy.js', 'file:src/legacy.d.ts', { typeOnly: true }],
      [from, './legacy', 'file:src/legacy.js'],
      [from, './legacy', 'file:src/legacy.d.ts', { typeOnly: true }],
      // Only declarations exist: both kinds land on them.
      [from, './decl.js', 'file:src/decl.d.ts'],
      [from, './decl.js', 'file:src/decl.d.ts', { typeOnly: true }],
    ]));

  it('says why a relative specifier is unresolved', () =>
    expectRows(resolver, [
      [from, './nope.js', 'unresolved:no file matches ./nope.js from src/main.ts'],
      ['src/a.ts', './nope.js', 'unresolved:no file matches ./nope.js from src/a.ts'],
      [
        from,
        './generated.js',
        'unresolved:./generated.js resolves to src/generated.ts, which is not a discovered file (excluded or ignored)',
      ],
      // test/fixtures/extension-mapping/src → four levels up is the proofmap repository itself.
      [
        from,
        '../../../../package.json',
        'unresolved:../../../../package.json from src/main.ts resolves outside the repository root',
      ],
      [from, '/abs/x.js', 'unresolved:no file matches /abs/x.js from src/main.ts'],
    ]));
});

describe('assets, builtins, reference paths and non-module specifiers (assets-builtins-unresolved)', () => {
  const resolver = createResolver(fixtureInput('assets-builtins-unresolved'));
  const from = 'src/main.ts';

  it('resolves assets that exist', () =>
    expectRows(resolver, [
      [from, './styles.css', 'file:src/styles.css'],
      [from, './logo.svg', 'file:src/logo.svg'],
      [from, './logo.svg?react', 'file:src/logo.svg'],
      [from, './data.json', 'file:src/data.json'],
      [from, './img.png', 'file:src/img.png'],
      [from, './font.woff2', 'file:src/font.woff2'],
      [from, './styles.module.css', 'unresolved:no file matches ./styles.module.css from src/main.ts'],
    ]));

  it('recognises builtins with and without node:', () =>
    expectRows(resolver, [
      [from, 'fs', 'builtin:fs'],
      [from, 'node:fs', 'builtin:node:fs'],
      [from, 'fs/promises', 'builtin:fs/promises'],
      [from, 'node:test', 'builtin:node:test'],
      [from, 'bun:test', 'builtin:bun:test'],
    ]));

  it('resolves reference paths relative to the file, never as packages', () =>
    expectRows(resolver, [
      [from, '../types/globals.d.ts', 'file:types/globals.d.ts', { referencePath: true }],
      [from, '../types/globals', 'file:types/globals.d.ts', { referencePath: true }],
      [
        from,
        'react',
        'unresolved:no file matches the reference path react from src/main.ts',
        { referencePath: true },
      ],
    ]));

  it('explains specifiers that are neither files nor packages', () =>
    expectRows(resolver, [
      [
        from,
        'https://esm.sh/react',
        'unresolved:https://esm.sh/react names a URL or virtual module, not a file or a package',
      ],
      [
        from,
        'virtual:pwa-register',
        'unresolved:virtual:pwa-register names a URL or virtual module, not a file or a package',
      ],
      [
        from,
        '@/components/x',
        'unresolved:@/components/x is neither an npm package name nor a configured alias',
      ],
      [from, '~/x', 'unresolved:~/x is neither an npm package name nor a configured alias'],
      [from, '#x', 'unresolved:#x from src/main.ts: no enclosing package.json has an imports map'],
      [from, 'lodash/fp', 'external:lodash'],
      [from, '@scope/pkg/deep/path.js', 'external:@scope/pkg'],
    ]));
});
