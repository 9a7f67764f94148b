/**
 * Issue 13 §2, §4, §5: one environment per import, as the compiler picks it. Each fixture is one
 * scenario; every row failed before (both `node` and `browser` were on, every ESM specifier was
 * probed for extensions and directory indexes).
 */
import { describe, expect, it } from 'vitest';
import { createResolver } from '../../src/resolve/index.js';
import { fixtureInput } from './fixture.js';
import { expectRows } from './table.js';

describe('exports conditions per environment (exports-browser-before-import)', () => {
  const resolver = createResolver(fixtureInput('exports-browser-before-import'));
  const server = 'packages/server/src/server.ts';

  it('a bundler-resolved server file takes import/require/types, never browser', () =>
    expectRows(
      resolver,
      [
        [server, '@acme/config', 'file:packages/config/src/index.ts via:workspace condition:import'],
        [
          server,
          '@acme/config',
          'file:packages/config/src/index.d.ts via:workspace condition:types',
          { typeOnly: true },
        ],
        [
          server,
          '@acme/config',
          'file:packages/config/src/index.ts via:workspace condition:import',
          { syntax: 'dynamic' },
        ],
        [
          server,
          '@acme/config',
          'file:packages/config/src/index.cjs via:workspace condition:require',
          { syntax: 'require' },
        ],
        [
          server,
          '@acme/config/runtime',
          'file:packages/config/src/runtime.ts via:workspace condition:default',
        ],
      ],
      true,
    ));

  it('browser and other targets only where the tsconfig lists them in customConditions', () =>
    expectRows(
      resolver,
      [
        [
          'packages/web/src/app.ts',
          '@acme/config',
          'file:packages/config/src/browser.ts via:workspace condition:browser',
        ],
        [
          'packages/web/src/app.ts',
          '@acme/config/runtime',
          'file:packages/config/src/runtime-browser.ts via:workspace condition:browser',
        ],
        // customConditions is replaced by an extending config, not merged (tsc's rule).
        [
          'packages/worker/src/job.ts',
          '@acme/config',
          'file:packages/config/src/worker.ts via:workspace condition:worker',
        ],
      ],
      true,
    ));

  it('nodenext adds node, and a CommonJS-format file imports through require', () =>
    expectRows(
      resolver,
      [
        [
          'packages/legacy/src/main.ts',
          '@acme/config',
          'file:packages/config/src/index.cjs via:workspace condition:require',
        ],
        [
          'packages/legacy/src/main.ts',
          '@acme/config/runtime',
          'file:packages/config/src/runtime-node.ts via:workspace condition:node',
        ],
      ],
      true,
    ));

  it('says which environment each file is resolved in', () => {
    const env = (file: string, syntax?: 'require') => resolver.environment(file, syntax ? { syntax } : {});
    expect(env(server).conditions).toEqual(['import', 'default']);
    expect(env(server, 'require').conditions).toEqual(['require', 'default']);
    expect(env('packages/web/src/app.ts').conditions).toEqual(['import', 'browser', 'default']);
    expect(env('packages/legacy/src/main.ts').conditions).toEqual(['node', 'require', 'default']);
    expect(env('package.json').conditions).toEqual(['node', 'import', 'default']);
  });
});

describe('node16/nodenext ESM: no extension or directory-index probing (nodenext-esm-no-probing)', () => {
  const resolver = createResolver(fixtureInput('nodenext-esm-no-probing'));
  const main = 'src/main.ts';
  const refused = (spec: string, probed: string) =>
    `unresolved:${spec} from ${main}: under moduleResolution node16/nodenext an ESM import names the file with its extension and gets no directory index (tsc and Node refuse it); a bundler would take ${probed}`;

  it('follows the compiler for an ESM file, and says what a bundler would take', () =>
    expectRows(resolver, [
      [main, './a.js', 'file:src/a.ts'],
      [main, './a', refused('./a', 'src/a.ts')],
      [main, './dir', refused('./dir', 'src/dir/index.ts')],
      [main, './dir/index.js', 'file:src/dir/index.ts'],
      [main, '@lib/x.js', 'file:src/lib/x.ts'],
      [main, './a', refused('./a', 'src/a.ts'), { syntax: 'dynamic' }],
    ]));

  it('a paths target gets no probing either', () => {
    const r = resolver.resolve(main, '@lib/x');
    expect(r.kind).toBe('unresolved');
  });

  it('a CommonJS-format file (.cts) still probes, as tsc does', () =>
    expectRows(resolver, [
      ['src/legacy.cts', './a', 'file:src/a.ts'],
      ['src/legacy.cts', './dir', 'file:src/dir/index.ts'],
    ]));
});

describe('explicit .ts extensions and declaration targets (explicit-ts-extensions)', () => {
  const resolver = createResolver(fixtureInput('explicit-ts-extensions'));
  const main = 'src/main.ts';

  it('resolves each extension as the compiler does', () =>
    expectRows(resolver, [
      [main, './a.ts', 'file:src/a.ts'],
      [main, './m.mts', 'file:src/m.mts'],
      [main, './c.cts', 'file:src/c.cts'],
      [main, './view.tsx', 'file:src/view.tsx'],
      // x.js beside x.d.ts: a value import means the code, a type-only import its declarations.
      [main, './both.js', 'file:src/both.js'],
      [main, './both.js', 'file:src/both.d.ts', { typeOnly: true }],
      // Only declarations: ./x.js names x.d.ts, ./x.mjs names x.d.mts.
      [main, './decl.js', 'file:src/decl.d.ts'],
      [main, './mdecl.mjs', 'file:src/mdecl.d.mts'],
      // A declaration file never runs: its imports are for types, so they land on declarations.
      ['src/decl.d.ts', './both.js', 'file:src/both.d.ts'],
    ]));
});

describe('#imports conditions (package-exports-imports)', () => {
  const resolver = createResolver(fixtureInput('package-exports-imports'));
  it('records the condition an imports map chose, and a source mapping as via', () =>
    expectRows(
      resolver,
      [
        // No tsconfig: Node runs the file, so `node` is on.
        ['src/consumer.ts', '#config', 'file:src/config.node.ts condition:node'],
        ['src/consumer.ts', '#built', 'file:src/built.ts via:imports-source'],
      ],
      true,
    ));
});
