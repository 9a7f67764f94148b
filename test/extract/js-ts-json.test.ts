import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ParserOptions, parse, parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { parseJson, parseJsonSync } from '../../src/extract/js-ts-json.js';

/** Real code nobody here wrote: JS/TS files of a few packages in node_modules. */
function realFiles(limit: number): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (files.length >= limit) return;
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) visit(abs);
      else if (/\.(?:[cm]?js|[cm]?ts|tsx)$/.test(name) && statSync(abs).size < 200_000)
        files.push({ path: abs, text: readFileSync(abs, 'utf8') });
    }
  };
  for (const pkg of ['zod', 'yaml', 'graphology-metrics']) visit(path.join('node_modules', pkg));
  return files;
}

/** Literals whose values oxc's JSON cannot carry (restored by jsonParseAst), a comment, an error. */
const EDGES = [
  { path: 'edge.ts', text: '/// <reference types="node" />\nconst big = 12n; const re = /a+b/gu;\n' },
  { path: 'broken.ts', text: 'import { a } from "a";\nexport const = ;\n' },
];

const options = (file: string): ParserOptions => ({
  preserveParens: false,
  lang: /\.tsx$/.test(file) ? 'tsx' : /\.[cm]?ts$/.test(file) ? 'ts' : 'js',
  sourceType: 'unambiguous',
});

const fields = (r: { module: unknown; comments: unknown; errors: unknown; program: unknown }) => ({
  module: r.module,
  comments: r.comments,
  errors: r.errors,
  program: r.program,
});

describe('parseJson (the JSON-path parse held by a class)', () => {
  const files = [...realFiles(150), ...EDGES];

  it('reads the same module record, comments, errors and AST as oxc-parser’s own parseSync', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const { path: file, text } of files) {
      const ours = fields(parseJsonSync(file, text, options(file)));
      expect(ours, file).toEqual(fields(parseSync(file, text, options(file))));
    }
  });

  it('restores BigInt and RegExp literal values, and keeps the errors', () => {
    const edge = parseJsonSync('edge.ts', EDGES[0]!.text, options('edge.ts'));
    const values = JSON.stringify(edge.program, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
    expect(values).toContain('"value":"12n"');
    expect(values).toMatch(/"value":\{\}/); // a RegExp object, which JSON shows as {}
    expect(edge.comments.map((c) => c.value)).toEqual(['/ <reference types="node" />']);
    expect(parseJsonSync('broken.ts', EDGES[1]!.text, options('broken.ts')).errors.length).toBeGreaterThan(0);
  });

  it('gives the same on libuv’s pool (async) as oxc-parser’s parse', async () => {
    for (const { path: file, text } of files.slice(0, 40)) {
      const ours = fields(await parseJson(file, text, options(file)));
      expect(ours, file).toEqual(fields(await parse(file, text, options(file))));
    }
  });
});
