import { describe, it } from 'vitest';
import { createResolver } from '../../src/resolve/index.js';
import { fixtureInput } from './fixture.js';
import { expectRows } from './table.js';

describe('package.json exports and imports maps (package-exports-imports)', () => {
  const resolver = createResolver(fixtureInput('package-exports-imports'));
  const from = 'src/consumer.ts';

  it('resolves self-references through exports', () =>
    expectRows(resolver, [
      [from, 'self-pkg', 'file:src/index.ts'],
      [from, 'self-pkg/feature', 'file:src/feature.ts'],
      // A type-only import takes the `types` condition.
      [from, 'self-pkg/feature', 'file:types/feature.d.ts', { typeOnly: true }],
      [from, 'self-pkg/utils/a', 'file:src/utils/a.ts'],
      [
        from,
        'self-pkg/utils/private/b',
        'unresolved:workspace package self-pkg (the root) has no source file for ./utils/private/b',
      ],
      [from, 'self-pkg/package.json', 'file:package.json'],
    ]));

  it('resolves #imports, including targets in unbuilt output and bare targets', () =>
    expectRows(resolver, [
      [from, '#internal/deep', 'file:src/internal/deep.ts'],
      [from, '#config', 'file:src/config.node.ts'],
      [from, '#built', 'file:src/built.ts'],
      [from, '#polyfill', 'external:some-polyfill'],
      [from, '#types-only', 'file:types/feature.d.ts', { typeOnly: true }],
      [from, '#types-only', 'file:src/feature.ts'],
      [from, '#missing', 'unresolved:#missing is not defined in the imports of package.json'],
    ]));
});
