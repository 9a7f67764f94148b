// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the snippets are source code holding template literals
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'oxc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { extractModuleInProcess } from '../../src/extract/js-ts.js';
import { isolationNeed } from '../../src/extract/js-ts-depth.js';
import { dynamicImportsFromText } from '../../src/extract/js-ts-dynamic.js';
import { FactSink } from '../../src/extract/js-ts-sink.js';

/** The facts with the AST read for every file that hints at it: the reference. */
function exact(path: string, text: string) {
  process.env.PROOFMAP_EXACT_AST = '1';
  try {
    return extractModuleInProcess(path, text);
  } finally {
    delete process.env.PROOFMAP_EXACT_AST;
  }
}
afterEach(() => {
  delete process.env.PROOFMAP_EXACT_AST;
});

/** Whether the text pass decided the file (true) or left it to the AST (false). */
function decided(path: string, text: string): boolean {
  const { module, errors } = parseSync(path, text);
  expect(errors).toEqual([]);
  return dynamicImportsFromText(text, module.dynamicImports, new FactSink(path, text)) !== undefined;
}

// Each shape: the text pass decides it (true) or must leave it to the AST (false); either way the
// facts equal the AST's.
const shapes: [string, string, boolean][] = [
  ['a bound namespace', "const m = await import('./a.js');\nm.run(); m.stop();\n", true],
  ['no semicolons', "let m = await import('./a')\nexport const x = m.x\n", true],
  ['var, no await, then a comment', "var m = import('./a') // lazy\nm.then(f)\n", true],
  ['declarators in a list', "const a = import('./a'), b = import('./b');\n", false],
  ['a destructured load', "const { a, b: c } = await import('./a');\nc(a);\n", true],
  ['an empty pattern', "const {} = await import('./a');\n", true],
  ['a member of the call', "import('./a').then((m) => m.x);\n", true],
  ['a member across a line and a comment', "await import('./a')\n  /* c */ .then(go);\n", true],
  ['an arrow body', "export const Page = lazy(() => import('./page'));\n", true],
  ['call arguments and elements', "load(import('./a'), import('./b'));\n[import('./c')];\n", true],
  ['a returned load', "export function f() { return import('./a'); }\n", true],
  ['a template without expressions', 'const m = await import(`./a`);\nm.x();\n', true],
  ['a side effect statement', "await import('./polyfill');\n", false],
  ['a parenthesised value', "const m = (await import('./a'));\nm.x();\n", false],
  ['an optional member', "import('./a')?.then(f);\n", false],
  ['an annotated declarator', "const m: Promise<unknown> = import('./a');\n", false],
  ['an as-expression', "const m = import('./a') as Promise<X>;\n", false],
  ['a class field', "class A { m = import('./a'); }\n", false],
  ['an object value', "const o = { a: import('./a') };\n", false],
  ['a default parameter', "function f(m = import('./a')) { return m; }\n", false],
  ['a non-literal argument', 'const m = await import(`./${name}`);\n', false],
  ['an escape in the literal', "const m = import('./a\\u0062');\n", false],
  ['an import type elsewhere', "let t: import('./t').T;\nconst m = await import('./a');\n", false],
  ['import( in a string', "const s = 'import(x)';\nconst m = await import('./a');\n", false],
  ['require in the file', "const r = require('./r');\nconst m = await import('./a');\n", false],
  ['an empty export', "export {};\nconst m = await import('./a');\nm.x();\n", false],
  ['a nested pattern', "const { a: { b } } = await import('./a');\n", false],
  ['a rest element', "const { a, ...rest } = await import('./a');\n", false],
  ['an assignment', "let m;\nm = await import('./a');\nm.x();\n", false],
  ['a template substitution', 'const s = `${import("./a")}`;\n', false],
  ['an else branch in parentheses', "if (a) f();\nelse (import('./a'));\n", false],
  ['an if branch in parentheses', "if (a) (import('./a'));\n", false],
  ['a call on a call', "f()(import('./a'));\n", false],
  ['a binary operand', "const m = import('./a') || other;\n", false],
  [
    'same local in two scopes',
    "async function a() { const m = await import('./a'); m.x(); }\nasync function b() { const m = await import('./b'); m.y(); }\n",
    true,
  ],
  [
    'a shadowing local after',
    "const m = await import('./a');\nfunction f(m) { return m.z; }\nm.q();\n",
    true,
  ],
];

describe('dynamic imports from the text (js-ts-dynamic.ts)', () => {
  it.each(shapes)('%s: same facts as the AST', (_name, text, fast) => {
    expect(decided('src/m.ts', text)).toBe(fast);
    expect(extractModuleInProcess('src/m.ts', text)).toEqual(exact('src/m.ts', text));
  });

  it('records the dynamic import with its position, names and uses', () => {
    const text = "import a from './a';\nconst m = await import('./b');\nm.run();\n";
    const facts = extractModuleInProcess('src/m.ts', text);
    expect(facts.imports.find((i) => i.relation === 'dynamic-imports')).toEqual({
      specifier: './b',
      relation: 'dynamic-imports',
      line: 2,
      column: 25,
      names: ['*'],
      typeOnly: false,
      uses: [{ name: 'run', line: 3 }],
    });
  });

  it('gives the AST facts for every real file with an import( call (installed packages, this repository)', () => {
    const roots = ['node_modules', 'src', 'test/fixtures'];
    let compared = 0;
    let fast = 0;
    const visit = (dir: string) => {
      for (const name of readdirSync(dir).sort()) {
        const abs = join(dir, name);
        const stat = statSync(abs);
        if (stat.isDirectory()) visit(abs);
        else if (/\.(?:[cm]?[jt]s|[jt]sx)$/.test(name) && stat.size < 300_000) {
          const text = readFileSync(abs, 'utf8');
          if (!/\bimport\s*\(/.test(text) || isolationNeed(text)) continue;
          compared++;
          const facts = extractModuleInProcess(abs, text);
          expect(facts, abs).toEqual(exact(abs, text));
          if (parseSync(abs, text).errors.length === 0 && decided(abs, text)) fast++;
        }
      }
    };
    for (const root of roots) visit(root);
    expect(compared).toBeGreaterThan(300);
    // The comparison is only worth something if the text pass decided many of these files.
    expect(fast).toBeGreaterThan(20);
  }, 120_000);
});
