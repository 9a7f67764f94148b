#!/usr/bin/env node
// Per-language throughput on the generated mixed repository (generate-mixed.js): files/s of each
// extractor on its own files (JS/TS through oxc, Python, Go and Rust through web-tree-sitter), the
// tree-sitter languages through the parse pool (worker threads), and a cold scan of the whole
// repository. Runs from dist/: `npm run build` first.
//
//   node bench/languages.js [repo] [--runs N]
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MIXED_REPO, generateMixed } from './generate-mixed.js';
import { walk } from './lib/walk.js';

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
const repo = args[0] && !args[0].startsWith('--') ? resolve(args[0]) : DEFAULT_MIXED_REPO;
if (!existsSync(repo)) generateMixed(repo);

const dist = new URL('../dist/', import.meta.url);
const { extractModules } = await import(new URL('extract/js-ts.js', dist).href);
const { extractPythonFiles } = await import(new URL('extract/python.js', dist).href);
const { extractGoFiles } = await import(new URL('extract/go.js', dist).href);
const { extractRustFiles } = await import(new URL('extract/rust.js', dist).href);
const { parseParallel } = await import(new URL('extract/parse-pool.js', dist).href);
const { scan } = await import(new URL('scan.js', dist).href);

const files = walk(repo, (name) => /\.(?:[cm]?[jt]sx?|py|go|rs)$/.test(name)).map((p) => ({
  path: p,
  text: readFileSync(join(repo, p), 'utf8'),
}));
const languages = [
  ['typescript', (f) => /\.[cm]?[jt]sx?$/.test(f.path), extractModules],
  ['python', (f) => f.path.endsWith('.py'), extractPythonFiles],
  ['go', (f) => f.path.endsWith('.go'), extractGoFiles],
  ['rust', (f) => f.path.endsWith('.rs'), extractRustFiles],
  [
    'python + go + rust, parse pool',
    (f) => /\.(?:py|go|rs)$/.test(f.path),
    async (mine) => {
      const jobs = {
        jsTs: [],
        python: mine.filter((f) => f.path.endsWith('.py')),
        go: mine.filter((f) => f.path.endsWith('.go')),
        rust: mine.filter((f) => f.path.endsWith('.rs')),
      };
      return parseParallel(jobs);
    },
  ],
];
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const [name, test, extract] of languages) {
  const mine = files.filter(test);
  await extract(mine.slice(0, 20)); // warm-up: the grammar loads once, outside the timing
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    await extract(mine);
    times.push(performance.now() - t);
  }
  const ms = median(times);
  const bytes = mine.reduce((n, f) => n + f.text.length, 0);
  rows.push({
    language: name,
    files: mine.length,
    ms: Math.round(ms),
    'files/s': Math.round((mine.length / ms) * 1000),
    'MB/s': +((bytes / 1e6 / ms) * 1000).toFixed(1),
  });
}
rmSync(join(repo, '.proofmap'), { recursive: true, force: true });
const t = performance.now();
const result = await scan({ root: repo, write: false });
const scanMs = performance.now() - t;
rows.push({
  language: 'cold scan (all)',
  files: result.map.nodes.filter((n) => n.kind === 'file').length,
  ms: Math.round(scanMs),
  'files/s': Math.round((files.length / scanMs) * 1000),
  'MB/s': '',
});
console.table(rows);
