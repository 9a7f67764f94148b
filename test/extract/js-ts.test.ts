// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the snippets are source code holding template literals
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractModule, extractModules, isCodePath } from '../../src/extract/js-ts.js';
import type { ImportFact, ModuleFacts } from '../../src/model/facts.js';
import type { Coverage, ExportedName, RelationKind } from '../../src/model/types.js';

/** Column convention: the character after the opening quote, so the text there starts with the specifier. */
const imp = (
  relation: RelationKind,
  specifier: string,
  line: number,
  column: number,
  names: string[],
  typeOnly = false,
): ImportFact => ({ specifier, relation, line, column, names, typeOnly });
const ref = (specifier: string, line: number, column: number): ImportFact => ({
  ...imp('references-file', specifier, line, column, []),
  referencePath: true,
});
const exp = (name: string, line: number, typeOnly = false): ExportedName => ({ name, line, typeOnly });
const unknownTarget = (scope: string, what: 'require' | 'dynamic import', detail: string): Coverage => ({
  analyzer: 'js-ts',
  scope,
  status: 'partial',
  reason: `non-literal ${what}: target not statically known`,
  detail,
});
const parseError = (path: string, status: 'partial' | 'failed', message: string, at: string): Coverage => ({
  analyzer: 'js-ts',
  scope: path,
  status,
  reason: `parse error: ${message}`,
  detail: at,
});

interface Row {
  name: string;
  /** Defaults to src/a.ts. */
  path?: string;
  text: string;
  imports?: ImportFact[];
  exports?: ExportedName[];
  coverage?: Coverage[];
}

const rows: Row[] = [
  // Static imports.
  { name: 'default import', text: "import x from 'a';", imports: [imp('imports', 'a', 1, 16, ['default'])] },
  {
    name: 'named imports with alias',
    text: 'import { a, b as c } from "./b.js";',
    imports: [imp('imports', './b.js', 1, 28, ['a', 'b'])],
  },
  {
    name: 'namespace import',
    text: "import * as ns from 'ns';",
    imports: [imp('imports', 'ns', 1, 22, ['*'])],
  },
  {
    name: 'default and namespace',
    text: "import d, * as ns from 'm';",
    imports: [imp('imports', 'm', 1, 25, ['default', '*'])],
  },
  { name: 'side-effect import', text: "import 'side';", imports: [imp('imports', 'side', 1, 9, [])] },
  {
    name: 'import type',
    text: "import type { X } from 't';",
    imports: [imp('type-imports', 't', 1, 25, ['X'], true)],
  },
  {
    name: 'all inline type specifiers',
    text: "import { type X, type Y } from 'u';",
    imports: [imp('type-imports', 'u', 1, 33, ['X', 'Y'], true)],
  },
  {
    name: 'mixed inline type specifiers',
    text: "import { type X, y } from 'm';",
    imports: [imp('imports', 'm', 1, 28, ['X', 'y'])],
  },
  {
    name: 'import type default',
    text: "import type D from 'd';",
    imports: [imp('type-imports', 'd', 1, 21, ['default'], true)],
  },
  {
    name: 'empty import type list',
    text: "import type {} from 'e';",
    imports: [imp('type-imports', 'e', 1, 22, [], true)],
  },
  {
    name: 'import with attributes',
    text: "import data from './a.json' with { type: 'json' };",
    imports: [imp('imports', './a.json', 1, 19, ['default'])],
  },
  {
    name: 'multi-line import is placed at the specifier',
    text: "import {\n  a,\n  b,\n} from 'multi';",
    imports: [imp('imports', 'multi', 4, 9, ['a', 'b'])],
  },

  // Re-exports.
  {
    name: 'named re-export',
    text: "export { a } from 'x';",
    imports: [imp('re-exports', 'x', 1, 20, ['a'])],
    exports: [exp('a', 1)],
  },
  {
    name: 're-export with aliases and default',
    text: "export { a as b, default as c } from 'x';",
    imports: [imp('re-exports', 'x', 1, 39, ['a', 'default'])],
    exports: [exp('b', 1), exp('c', 1)],
  },
  {
    name: 'star re-export',
    text: "export * from 'x';",
    imports: [imp('re-exports', 'x', 1, 16, ['*'])],
    exports: [exp('*', 1)],
  },
  {
    name: 'namespace re-export',
    text: "export * as ns from 'x';",
    imports: [imp('re-exports', 'x', 1, 22, ['*'])],
    exports: [exp('ns', 1)],
  },
  {
    name: 'type re-export',
    text: "export type { T } from 't';",
    imports: [imp('re-exports', 't', 1, 25, ['T'], true)],
    exports: [exp('T', 1, true)],
  },
  {
    name: 'type star re-export',
    text: "export type * from 't';",
    imports: [imp('re-exports', 't', 1, 21, ['*'], true)],
    exports: [exp('*', 1, true)],
  },
  {
    name: 'mixed type re-export',
    text: "export { type T, v } from 'm';",
    imports: [imp('re-exports', 'm', 1, 28, ['T', 'v'])],
    exports: [exp('T', 1, true), exp('v', 1)],
  },
  {
    name: 'empty re-export still loads the module',
    text: "export {} from 'x';",
    imports: [imp('re-exports', 'x', 1, 17, [])],
  },
  {
    name: 'export of an imported binding is a local export, not a re-export',
    text: "import x from 'a';\nexport { x as y };",
    imports: [imp('imports', 'a', 1, 16, ['default'])],
    exports: [exp('y', 2)],
  },

  // Dynamic imports.
  {
    name: 'dynamic import',
    text: "const m = await import('d');",
    imports: [imp('dynamic-imports', 'd', 1, 25, ['*'])],
  },
  {
    name: 'dynamic import as a statement imports no names',
    text: "import('side');\nawait import('other');",
    imports: [imp('dynamic-imports', 'side', 1, 9, []), imp('dynamic-imports', 'other', 2, 15, [])],
  },
  {
    name: 'template literal without expressions',
    text: 'const m = import(`./t.js`);',
    imports: [imp('dynamic-imports', './t.js', 1, 19, ['*'])],
  },
  {
    name: 'non-literal dynamic imports',
    text: "import(name);\nimport(`./${x}.js`);\nimport('./' + y);",
    coverage: [
      unknownTarget('src/a.ts:1', 'dynamic import', 'name'),
      unknownTarget('src/a.ts:2', 'dynamic import', '`./${x}.js`'),
      unknownTarget('src/a.ts:3', 'dynamic import', "'./' + y"),
    ],
  },
  {
    name: 'non-literal detail is one line of at most 80 characters',
    text: `import(\n  prefix +\n  '${'x'.repeat(100)}'\n);`,
    coverage: [unknownTarget('src/a.ts:2', 'dynamic import', `prefix + '${'x'.repeat(70)}`)],
  },

  // require.
  {
    name: 'require',
    path: 'src/a.js',
    text: "const a = require('a');",
    imports: [imp('requires', 'a', 1, 20, ['*'])],
  },
  {
    name: 'require as a statement imports no names',
    path: 'src/a.js',
    text: "require('./polyfill');",
    imports: [imp('requires', './polyfill', 1, 10, [])],
  },
  {
    name: 'require.resolve',
    path: 'src/a.js',
    text: "const p = require.resolve('c');",
    imports: [imp('requires', 'c', 1, 28, [])],
  },
  {
    name: 'require with a template literal',
    path: 'src/a.js',
    text: 'const t = require(`t`);',
    imports: [imp('requires', 't', 1, 20, ['*'])],
  },
  {
    name: 'non-literal require',
    path: 'src/a.js',
    text: 'const a = require(name);\nrequire.resolve(`${dir}/x`);',
    coverage: [
      unknownTarget('src/a.js:1', 'require', 'name'),
      unknownTarget('src/a.js:2', 'require', '`${dir}/x`'),
    ],
  },
  {
    name: 'calls that are not the global require',
    path: 'src/a.js',
    text: "foo.require('x');\nrequire();\nrequired('y');",
  },
  {
    name: 'require through createRequire still loads a module',
    path: 'src/a.mjs',
    text: "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nrequire('./c.cjs');",
    imports: [imp('imports', 'node:module', 1, 32, ['createRequire']), imp('requires', './c.cjs', 3, 10, [])],
  },
  {
    name: 'CommonJS with a top-level return',
    path: 'src/a.cjs',
    text: "if (done) return;\nmodule.exports = require('./y');",
    imports: [imp('requires', './y', 2, 27, ['*'])],
    exports: [exp('default', 2)],
  },

  // TypeScript import-equals and import types.
  {
    name: 'import equals require',
    text: "import fs = require('fs');",
    imports: [imp('requires', 'fs', 1, 22, ['*'])],
  },
  {
    name: 'import type equals require',
    text: "import type T = require('t');",
    imports: [imp('requires', 't', 1, 26, ['*'], true)],
  },
  {
    name: 'export import equals require',
    text: "export import E = require('e');",
    imports: [imp('requires', 'e', 1, 28, ['*'])],
    exports: [exp('E', 1)],
  },
  { name: 'import equals an entity name is no dependency', text: 'import A = B.C;' },
  {
    name: 'import types',
    text: "type Q = import('./q').A.B;\nlet v: typeof import('v');",
    imports: [imp('type-imports', './q', 1, 18, ['A'], true), imp('type-imports', 'v', 2, 23, ['*'], true)],
  },

  // Triple-slash directives.
  {
    name: 'reference path',
    text: '/// <reference path="./globals.d.ts" />\nexport {};',
    imports: [ref('./globals.d.ts', 1, 22)],
  },
  {
    name: 'reference types',
    text: "/// <reference types='node' />",
    imports: [imp('type-imports', 'node', 1, 23, [], true)],
  },
  {
    name: 'directives after comments and a hashbang count, after code they do not',
    path: 'src/a.js',
    text: '#!/usr/bin/env node\n// header\n/// <reference path="./x.d.ts" />\nrun();\n/// <reference path="./late.d.ts" />',
    imports: [ref('./x.d.ts', 3, 22)],
  },
  {
    name: 'hashbang in a TypeScript file',
    text: '#!/usr/bin/env node\n/// <reference types="node" />',
    imports: [imp('type-imports', 'node', 2, 23, [], true)],
  },
  { name: 'reference lib is no dependency', text: '/// <reference lib="es2020" />' },

  // Exports.
  {
    name: 'declarations',
    text: [
      'export const a = 1, b = 2;',
      'export let c; export var d;',
      'export function e() {}',
      'export async function f() {}',
      'export class G {}',
      'export abstract class H {}',
      'export enum I {}',
      'export const enum J {}',
      'export interface K {}',
      'export type L = 1;',
      'export namespace M {}',
      'export declare function n(): void;',
      'export declare const o: 1;',
      'export declare type P = 1;',
      'export const { q, r: s } = obj;',
    ].join('\n'),
    exports: [
      exp('a', 1),
      exp('b', 1),
      exp('c', 2),
      exp('d', 2),
      exp('e', 3),
      exp('f', 4),
      exp('G', 5),
      exp('H', 6),
      exp('I', 7),
      exp('J', 8),
      exp('K', 9, true),
      exp('L', 10, true),
      exp('M', 11),
      exp('n', 12),
      exp('o', 13),
      exp('P', 14, true),
      exp('q', 15),
      exp('s', 15),
    ],
  },
  { name: 'default function', text: 'export default function () {}', exports: [exp('default', 1)] },
  { name: 'default expression', text: 'export default 42;', exports: [exp('default', 1)] },
  { name: 'default interface', text: 'export default interface I {}', exports: [exp('default', 1, true)] },
  {
    name: 'local export list',
    text: 'const a = 1, b = 2;\nexport {\n  a as default,\n  b as c,\n};',
    exports: [exp('default', 3), exp('c', 4)],
  },
  {
    name: 'overloads and merged declarations appear once',
    text: 'export function f(a: string): void;\nexport function f(a: unknown) {}\nexport type X = 1;\nexport const X = 1;',
    exports: [exp('f', 1), exp('X', 3)],
  },
  { name: 'export equals', text: 'const x = 1;\nexport = x;', exports: [exp('export=', 2)] },
  {
    name: 'CommonJS exports',
    path: 'src/a.js',
    text: [
      "Object.defineProperty(exports, '__esModule', { value: true });",
      'exports.foo = 1;',
      'module.exports.bar = 2;',
      "exports['baz'] = 3;",
      "Object.defineProperty(exports, 'qux', { get: () => 4 });",
      'exports.__esModule = true;',
      'exports.a = exports.b = void 0;',
    ].join('\n'),
    exports: [exp('foo', 2), exp('bar', 3), exp('baz', 4), exp('qux', 5), exp('a', 7), exp('b', 7)],
  },
  {
    name: 'module.exports object literal names its keys',
    path: 'src/a.cjs',
    text: "module.exports = {\n  a,\n  b: 1,\n  'c': 2,\n  ...d,\n  [e]: 3,\n  ['f']: 4,\n  g() {},\n};",
    exports: [exp('default', 1), exp('a', 2), exp('b', 3), exp('c', 4), exp('f', 7), exp('g', 8)],
  },

  // Text that only looks like imports.
  {
    name: 'strings and comments are not imports',
    text: [
      'const s = "import x from \'y\'";',
      "// import z from 'zz'",
      "/* require('c'); export * from 'd' */",
      "const t = `import('e') ${'require(\"f\")'}`;",
      "const u = 'exports.g = 1';",
    ].join('\n'),
  },
  {
    name: 'JSX text is not an import',
    path: 'src/a.jsx',
    text: "const el = <div>import x from 'y'; require('z')</div>;",
  },

  // Parse errors and language choice.
  {
    name: 'parse error keeps what was read before it',
    text: "import a from 'a';\nconst = ;\nimport b from 'b';",
    imports: [imp('imports', 'a', 1, 16, ['default'])],
    coverage: [parseError('src/a.ts', 'partial', 'Unexpected token', '2:7')],
  },
  {
    name: 'more than one parse error',
    text: "import a from 'a';\nfunction (\nimport b from 'b';",
    imports: [imp('imports', 'a', 1, 16, ['default'])],
    coverage: [parseError('src/a.ts', 'partial', 'Expected function name (+1 more)', '2:10')],
  },
  {
    name: 'nothing recovered is a failed parse',
    text: '{{{',
    coverage: [parseError('src/a.ts', 'failed', 'Expected `}` but found `EOF`', '1:4')],
  },
  {
    name: 'JSX in a .js file',
    path: 'src/a.js',
    text: "import React from 'react';\nexport const App = () => <div />;",
    imports: [imp('imports', 'react', 1, 20, ['default'])],
    exports: [exp('App', 2)],
  },
  {
    name: 'top-level return in a .js file',
    path: 'src/a.js',
    text: "if (done) return;\nrequire('./y');",
    imports: [imp('requires', './y', 2, 10, [])],
  },
  {
    name: 'type assertions in .ts, JSX in .tsx',
    path: 'src/a.tsx',
    text: "import { h } from 'h';\nconst id = <T,>(x: T) => x;\nexport const el = <div>{id(1)}</div>;",
    imports: [imp('imports', 'h', 1, 20, ['h'])],
    exports: [exp('el', 3)],
  },
  {
    name: '.cts allows import syntax and export equals',
    path: 'src/a.cts',
    text: "import x = require('x');\nexport = x;",
    imports: [imp('requires', 'x', 1, 21, ['*'])],
    exports: [exp('export=', 2)],
  },
  {
    name: 'declaration file',
    path: 'src/a.d.ts',
    text: "import type { T } from './t.js';\nexport declare function f(): T;\nexport interface I {}",
    imports: [imp('type-imports', './t.js', 1, 25, ['T'], true)],
    exports: [exp('f', 2), exp('I', 3, true)],
  },

  {
    name: "imports inside an ambient module are the file's dependencies, its exports are not",
    path: 'types/shims.d.ts',
    text: [
      "declare module 'untyped' {",
      "  import type { Options } from 'other';",
      "  import fs = require('fs');",
      "  export * from 'more';",
      "  export { type A, b } from 'mixed';",
      '  export function f(o: Options): void;',
      '  export = f;',
      '}',
      "declare module './augmented.js' {",
      '  interface Extra {}',
      '}',
      "declare module '*.css';",
    ].join('\n'),
    imports: [
      imp('type-imports', 'other', 2, 33, ['Options'], true),
      imp('requires', 'fs', 3, 24, ['*']),
      imp('re-exports', 'more', 4, 18, ['*']),
      imp('re-exports', 'mixed', 5, 30, ['A', 'b']),
    ],
  },
  {
    name: 'in a module file, declare module augments the named module: a type-import of no names',
    path: 'src/augment.ts',
    text: [
      "import type { Config } from 'payload';",
      "declare module 'payload' {",
      '  interface Config { extra: true }',
      '}',
      "declare module './local.js' {}",
      "declare module '*.svg';",
      'declare global { interface Window { x: 1 } }',
    ].join('\n'),
    imports: [
      imp('type-imports', 'payload', 1, 30, ['Config'], true),
      imp('type-imports', 'payload', 2, 17, [], true),
      imp('type-imports', './local.js', 5, 17, [], true),
    ],
  },

  // Positions.
  {
    name: 'columns count UTF-16 code units',
    text: "// é 日本\nconst s = '😀'; require('x');",
    imports: [imp('requires', 'x', 2, 26, [])],
  },
  {
    name: 'CRLF line endings',
    text: "import a from 'a';\r\nimport b from 'b';\r\n",
    imports: [imp('imports', 'a', 1, 16, ['default']), imp('imports', 'b', 2, 16, ['default'])],
  },
  {
    name: 'imports sorted by position whatever the pass that found them',
    text: "const a = require('a'); import b from 'b';\n/// <reference path=\"./late.d.ts\" />\nimport('c');",
    imports: [
      imp('requires', 'a', 1, 20, ['*']),
      imp('imports', 'b', 1, 40, ['default']),
      imp('dynamic-imports', 'c', 3, 9, []),
    ],
  },
];

/** The text at a fact's (line, column), as long as its specifier: the column convention's promise. */
function textAt(text: string, fact: ImportFact): string {
  const lines = text.split('\n');
  return (lines[fact.line - 1] ?? '').slice(fact.column - 1, fact.column - 1 + fact.specifier.length);
}

describe('extractModule', () => {
  it.each(rows)('$name', (row) => {
    const path = row.path ?? 'src/a.ts';
    const facts = extractModule(path, row.text);
    // The symbol stage's facts (uses, origins, declarations) have their own table (js-ts-symbols).
    expect({
      imports: facts.imports.map(({ uses: _u, escapes: _e, ...fact }) => fact),
      exports: facts.exports.map(({ declaration: _d, ...entry }) => entry),
      coverage: facts.coverage,
    }).toEqual({
      imports: row.imports ?? [],
      exports: row.exports ?? [],
      coverage: row.coverage ?? [],
    });
    for (const fact of facts.imports) expect(textAt(row.text, fact)).toBe(fact.specifier);
  });

  it('gives the same facts on every run', () => {
    const text = rows.map((row) => row.text).join('\n');
    expect(extractModule('src/all.ts', text)).toEqual(extractModule('src/all.ts', text));
  });
});

describe('extractModules', () => {
  it('runs the same table through the parallel path', async () => {
    const files = rows.map((row) => ({ path: row.path ?? 'src/a.ts', text: row.text }));
    const facts = await extractModules(files);
    expect(facts).toEqual(files.map((file) => extractModule(file.path, file.text)));
  });

  it('returns nothing for no files', async () => {
    expect(await extractModules([])).toEqual([]);
  });

  it('matches extractModule on real packages, in input order', async () => {
    const files = realFiles();
    expect(files.length).toBeGreaterThan(300);
    const batch = await extractModules(files);
    const reversed = await extractModules([...files].reverse());
    const one = files.map((file) => extractModule(file.path, file.text));
    expect(batch).toEqual(one);
    expect([...reversed].reverse()).toEqual(one);
    expect(totals(one).imports).toBeGreaterThan(500);
    expect(totals(one).exports).toBeGreaterThan(500);
    // Published packages parse cleanly; a failure here means a language or source-type mistake.
    expect(one.flatMap((facts) => facts.coverage).filter((c) => c.reason.startsWith('parse error'))).toEqual(
      [],
    );
    files.forEach((file, i) => {
      for (const fact of one[i]!.imports) {
        if (!file.text.includes(fact.specifier)) continue; // escaped in the source
        expect(textAt(file.text, fact)).toBe(fact.specifier);
      }
    });
  });
});

describe('isCodePath', () => {
  it.each([
    ['a.js', true],
    ['a.jsx', true],
    ['a.mjs', true],
    ['a.cjs', true],
    ['a.ts', true],
    ['a.tsx', true],
    ['a.mts', true],
    ['a.cts', true],
    ['types/a.d.ts', true],
    ['a.d.mts', true],
    ['a.json', false],
    ['a.md', false],
    ['a.js.map', false],
    ['a.vue', false],
    ['ts', false],
    ['a.tsbuildinfo', false],
  ])('%s → %s', (path, expected) => {
    expect(isCodePath(path)).toBe(expected);
  });
});

function totals(all: ModuleFacts[]): { imports: number; exports: number } {
  return {
    imports: all.reduce((n, facts) => n + facts.imports.length, 0),
    exports: all.reduce((n, facts) => n + facts.exports.length, 0),
  };
}

/** Code nobody here wrote: a fixed, sorted selection from installed packages of every module flavour. */
function realFiles(): { path: string; text: string }[] {
  const root = join(import.meta.dirname, '../../node_modules');
  const packages = ['yaml/dist', 'zod/v4/core', 'ajv/dist', '@modelcontextprotocol/sdk/dist', 'micromark'];
  const files: { path: string; text: string }[] = [];
  for (const pkg of packages) {
    const dir = join(root, pkg);
    const paths = (readdirSync(dir, { recursive: true }) as string[])
      .map((rel) => rel.replace(/\\/g, '/'))
      .filter((rel) => isCodePath(rel) && statSync(join(dir, rel)).size < 100_000)
      .sort()
      .slice(0, 120);
    for (const rel of paths)
      files.push({ path: `${pkg}/${rel}`, text: readFileSync(join(dir, rel), 'utf8') });
  }
  return files;
}
