/**
 * The facts the symbol stage lands names with: where each export comes from (origins), the keyword
 * of each local declaration, and what an importing file uses of each import (names, namespace
 * members, first-use lines, whether a namespace escapes).
 */
import { describe, expect, it } from 'vitest';
import { extractModule } from '../../src/extract/js-ts.js';

const rows: {
  name: string;
  text: string;
  path?: string;
  uses?: [string, { name: string; line: number }[] | undefined, boolean?][];
  origins?: { name: string; specifier: string; imported: string; line: number }[];
  declared?: Record<string, string>;
}[] = [
  {
    name: 'named imports: first mention after the import, the import line when never used',
    text: "import { a, b as c, unused } from './x';\n\nconst k = 1;\nc(a);\na();\n",
    uses: [
      [
        './x',
        [
          { name: 'a', line: 4 },
          { name: 'b', line: 4 },
          { name: 'unused', line: 1 },
        ],
      ],
    ],
  },
  {
    name: 'a namespace import reads members',
    text: "import * as ns from './x';\nns.format(1);\nns . parse('2');\nns.format(3);\n",
    uses: [
      [
        './x',
        [
          { name: 'format', line: 2 },
          { name: 'parse', line: 3 },
        ],
      ],
    ],
  },
  {
    name: 'a namespace passed whole escapes',
    text: "import * as ns from './x';\nns.format(1);\nconsole.log(ns);\n",
    uses: [['./x', [{ name: 'format', line: 2 }], true]],
  },
  {
    name: 'a property named like the binding is no mention',
    text: "import { a } from './x';\nobj.a = 1;\nexport const y = a;\n",
    uses: [['./x', [{ name: 'a', line: 3 }]]],
  },
  {
    name: 'destructured require and require().name',
    text: "const { a, b: c } = require('./x');\nconst v = require('./y').value;\nc(a);\n",
    path: 'src/a.js',
    uses: [
      [
        './x',
        [
          { name: 'a', line: 3 },
          { name: 'b', line: 3 },
        ],
      ],
      ['./y', [{ name: 'value', line: 2 }]],
    ],
  },
  {
    name: 'a required namespace reads members; import() with destructuring',
    text: "const lib = require('./x');\nlib.run();\nasync function f() {\n  const { parse } = await import('./y');\n  return parse;\n}\n",
    path: 'src/a.js',
    uses: [
      ['./x', [{ name: 'run', line: 2 }]],
      ['./y', [{ name: 'parse', line: 5 }]],
    ],
  },
  {
    name: 'a require whose value is not bound uses everything (no uses recorded)',
    text: "module.exports = wrap(require('./x'));\n",
    path: 'src/a.js',
    uses: [['./x', undefined]],
  },
  {
    name: 're-export origins: renamed, default, namespace, imported binding, default of a binding',
    text: [
      "export { a as b, default } from './x';",
      "export * as ns from './y';",
      "export * from './z';",
      "import { q } from './q';",
      "import D from './d';",
      'export { q as r };',
      'export default D;',
    ].join('\n'),
    origins: [
      { name: 'b', specifier: './x', imported: 'a', line: 1 },
      { name: 'default', specifier: './x', imported: 'default', line: 1 },
      { name: 'ns', specifier: './y', imported: '*', line: 2 },
      { name: 'r', specifier: './q', imported: 'q', line: 6 },
      { name: 'default', specifier: './d', imported: 'default', line: 7 },
    ],
  },
  {
    name: 'import x = require() re-exported',
    text: "import legacy = require('./legacy');\nexport { legacy };\n",
    origins: [{ name: 'legacy', specifier: './legacy', imported: '*', line: 2 }],
  },
  {
    name: 'declaration keywords',
    text: [
      'export function f() {}',
      'export async function g() {}',
      'export class C {}',
      'export abstract class A {}',
      'export const k = 1;',
      'export type T = 1;',
      'export interface I {}',
      'export enum E { X }',
      'export declare function d(): void;',
      'export default function main() {}',
      'const local = 1;',
      'export { local };',
    ].join('\n'),
    declared: {
      A: 'class',
      C: 'class',
      E: 'enum',
      I: 'interface',
      T: 'type',
      d: 'function',
      default: 'function',
      f: 'function',
      g: 'function',
      k: 'const',
    },
  },
];

describe('symbol facts of the js-ts extractor', () => {
  it.each(rows)('$name', (row) => {
    const facts = extractModule(row.path ?? 'src/a.ts', row.text);
    for (const [specifier, uses, escapes] of row.uses ?? []) {
      const fact = facts.imports.find((f) => f.specifier === specifier);
      expect(fact?.uses, specifier).toEqual(uses);
      expect(fact?.escapes ?? false, specifier).toBe(escapes ?? false);
    }
    if (row.origins) expect(facts.origins).toEqual(row.origins);
    if (row.declared)
      expect(
        Object.fromEntries(facts.exports.filter((e) => e.declaration).map((e) => [e.name, e.declaration])),
      ).toEqual(row.declared);
  });
});
