import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type ParserOptions, parseSync, rawTransferSupported } from 'oxc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { extractModuleInProcess } from '../../src/extract/js-ts.js';
import { isolationNeed } from '../../src/extract/js-ts-depth.js';
import { parseRecord, parseRecordSync } from '../../src/extract/js-ts-lazy.js';

/** Real code nobody here wrote (installed packages), this repository, and the fixtures. */
function realFiles(limit: number): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (out.length >= limit) return;
      const abs = join(dir, name);
      const stat = statSync(abs);
      if (stat.isDirectory()) visit(abs);
      else if (/\.(?:[cm]?[jt]s|[jt]sx)$/.test(name) && stat.size < 300_000) {
        const text = readFileSync(abs, 'utf8');
        if (!isolationNeed(text)) out.push({ path: abs, text });
      }
    }
  };
  for (const root of ['src', 'test/fixtures', 'node_modules']) visit(root);
  return out;
}

const eager = (path: string): ParserOptions =>
  ({
    preserveParens: false,
    experimentalRawTransfer: true,
    lang: /\.d\.[cm]?ts$/.test(path) ? 'dts' : /\.[cm]?tsx?$/.test(path) ? 'tsx' : 'jsx',
    sourceType: 'unambiguous',
  }) as ParserOptions;

/** The JSON transfer's record, as the facts read it (a local export's kind is not copied). */
function reference(path: string, text: string) {
  const { experimentalRawTransfer: _raw, ...json } = eager(path) as ParserOptions & {
    experimentalRawTransfer?: true;
  };
  const { module, comments, errors } = parseSync(path, text, json);
  return {
    module: {
      staticImports: module.staticImports,
      staticExports: module.staticExports.map((s) => ({
        ...s,
        entries: s.entries.map(({ localName: { kind: _kind, ...localName }, ...e }) => ({ ...e, localName })),
      })),
      dynamicImports: module.dynamicImports,
    },
    comments,
    errors: errors.map((e) => ({ ...e, labels: e.labels.map((l) => ({ ...l })) })),
  };
}

afterEach(() => {
  delete process.env.PROOFMAP_LAZY_RECORD;
});

describe.skipIf(!rawTransferSupported())('the lazy module record (js-ts-lazy.ts, Node ≥ 22)', () => {
  const snippets: [string, string][] = [
    [
      'every import form',
      "import d, { a, b as c, type T } from './m';\nimport * as ns from 'ns';\nimport 'side';\nimport type {} from './t';\n",
    ],
    [
      'every export form',
      "export * from './a';\nexport * as n from './b';\nexport { x as default, y } from './c';\nexport default function f() {}\nconst z = 1;\nexport { z };\nexport type { Q } from './q';\n",
    ],
    ['a default expression', 'const foo = 1;\nexport default foo;\n'],
    ['an anonymous default class', 'export default class {}\n'],
    [
      'non-ASCII before every offset',
      "// héllo 😀\nimport ä from 'ü';\n/* ö */ export { ä };\nconst m = import('😀');\n",
    ],
    ['a parse error', "import a from './a';\nlet = = ;\n"],
    [
      'a hashbang and a triple-slash directive',
      '#!/usr/bin/env node\n/// <reference path="./x.d.ts" />\nexport {};\n',
    ],
  ];
  it.each(snippets)('%s: the record the JSON transfer gives', (_name, text) => {
    const { module, comments, errors } = parseRecordSync('src/m.ts', text, eager('src/m.ts'));
    expect({ module, comments, errors }).toEqual(reference('src/m.ts', text));
  });

  it('reads the AST only when asked, and then the eager one', async () => {
    const text = "const m = require('./a');\n";
    const record = await parseRecord('src/m.js', text, eager('src/m.js'));
    expect(record.program).toEqual(parseSync('src/m.js', text, eager('src/m.js')).program);
  });

  it('gives the JSON record and the eager facts for every real file', () => {
    const files = realFiles(5000);
    expect(files.length).toBeGreaterThan(3000);
    let imports = 0;
    for (const { path, text } of files) {
      const { module, comments, errors } = parseRecordSync(path, text, eager(path));
      expect({ module, comments, errors }, path).toEqual(reference(path, text));
      const facts = extractModuleInProcess(path, text);
      process.env.PROOFMAP_LAZY_RECORD = '0';
      expect(facts, path).toEqual(extractModuleInProcess(path, text));
      delete process.env.PROOFMAP_LAZY_RECORD;
      imports += facts.imports.length;
    }
    // Worth something only if the files hold facts.
    expect(imports).toBeGreaterThan(10_000);
  }, 300_000);
});
